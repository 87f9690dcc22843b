import { consentStringAccepts, type AudienceReport, type CrashReport } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import { DAY_MS, utcDay, utcDaysFrom } from '../../lib/utc-days.js';
import * as repo from './repository.js';

/** How many fingerprints a report lists (the contract's AudienceReport.crashes: at most 50). */
export const CRASH_REPORT_TOP = 50;
const MINUTE_MS = 60_000;
/** How often the retention purge runs, at most (it runs on the next report after that). */
const PURGE_EVERY_MS = 3_600_000;

export interface CrashesServiceOptions {
  db: Kysely<Database>;
  /** Reports a client (its address) may send per minute; past them 429 TOO_MANY_REQUESTS. */
  rateLimitPerMinute: number;
  /** Days a day's crash rows are kept (CRASH_RETENTION_DAYS). */
  retentionDays: number;
  /** The app's clock (ms since the epoch): days, windows and the purge follow it. */
  clock?: () => number;
}

export interface CrashesReport {
  /** One row per day of the span, oldest first, zeros included. */
  daily: { day: string; crashes: number }[];
  crashes: AudienceReport['crashes'];
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * The crash reports: ingestion (consent, rate limit per client, one row per UTC day and
 * fingerprint with a count) and the report the dashboard composes. No HTTP here.
 */
export class CrashesService {
  private readonly clock: () => number;
  private nextPurgeAt = 0;

  constructor(private readonly options: CrashesServiceOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Stores one report from `client` (its address as Fastify reads it, TRUST_PROXY applied):
   * 403 FORBIDDEN without audience-measurement consent in its consent string, 429
   * TOO_MANY_REQUESTS past the per-minute limit; else counted on its day's row.
   */
  async ingest(client: string, report: CrashReport): Promise<void> {
    if (!consentStringAccepts(report.consent, 'analytics'))
      throw new ApiError(
        403,
        'FORBIDDEN',
        'crash reports need the audience-measurement consent (analytics=1)',
      );
    const now = this.clock();
    await this.purgeIfDue(now);
    const windowMs = now - (now % MINUTE_MS);
    const sent = await repo.countClientReport(this.options.db, client.slice(0, 64), windowMs);
    if (sent > this.options.rateLimitPerMinute)
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        `at most ${this.options.rateLimitPerMinute} crash reports a minute`,
      );
    await repo.countCrash(this.options.db, {
      day: utcDay(now),
      fingerprint: report.fingerprint,
      atMs: now,
      kind: report.kind,
      message: report.message,
      stack: report.stack ?? null,
      route: report.route,
      release: report.release,
      userAgent: report.userAgent ?? null,
    });
  }

  /** Crashes per day over [from, to] (UTC days, inclusive) and the fingerprints most reported, ≤ 50. */
  async report({ from, to }: { from: string; to: string }): Promise<CrashesReport> {
    const { db } = this.options;
    const perDay = new Map((await repo.crashesPerDay(db, from, to)).map((row) => [row.day, row.crashes]));
    const daily: CrashesReport['daily'] = [];
    for (const day of utcDaysFrom(from, to)) {
      daily.push({ day, crashes: perDay.get(day) ?? 0 });
    }
    const groups = await repo.topFingerprints(db, from, to, CRASH_REPORT_TOP);
    const texts = new Map<string, repo.CrashText>();
    for (const text of await repo.crashTexts(
      db,
      groups.map((group) => group.fingerprint),
      from,
      to,
    ))
      if (!texts.has(text.fingerprint)) texts.set(text.fingerprint, text);
    const crashes = groups.map((group) => {
      const text = texts.get(group.fingerprint);
      return {
        fingerprint: group.fingerprint,
        message: text?.message ?? '',
        route: text?.route ?? '',
        release: text?.release ?? '',
        count: group.count,
        firstSeen: isoOf(group.firstSeenMs),
        lastSeen: isoOf(group.lastSeenMs),
      };
    });
    return { daily, crashes };
  }

  /**
   * Forgets the days older than the retention — CRASH_RETENTION_DAYS days are kept, today
   * included, as the analytics and the ads count them — and the rate limit's past minutes.
   */
  async purge(now = this.clock()): Promise<void> {
    const { db, retentionDays } = this.options;
    await repo.deleteCrashesBefore(db, utcDay(now - (retentionDays - 1) * DAY_MS));
    await repo.deleteRateWindowsBefore(db, now - (now % MINUTE_MS));
    this.nextPurgeAt = now + PURGE_EVERY_MS;
  }

  private async purgeIfDue(now: number): Promise<void> {
    if (now >= this.nextPurgeAt) await this.purge(now);
  }
}
