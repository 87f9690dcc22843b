import { randomBytes } from 'node:crypto';
import {
  consentStringAccepts,
  DASHBOARD_MAX_DAYS,
  type AnalyticsEventBatch,
  type AudienceEvent,
  type AudienceReport,
} from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { DAY_MS, utcDay } from '../../lib/utc-days.js';
import type { CatalogueSnapshot } from '../catalogue/index.js';
import { BatchRateLimiter } from './limiter.js';
import * as repo from './repository.js';

export interface AnalyticsServiceOptions {
  db: Executor;
  /** Titles of the report's assets (the catalogue module). */
  catalogue: { snapshot(): Promise<CatalogueSnapshot> };
  /** Days kept, today included (ANALYTICS_RETENTION_DAYS). */
  retentionDays: number;
  /** Batches per client address and minute (ANALYTICS_RATE_LIMIT). */
  rateLimit: number;
  /** ms since the epoch; the day of a row and the retention follow it. */
  clock?: () => number;
}

export interface DayRange {
  /** YYYY-MM-DD, UTC, inclusive. */
  from: string;
  to: string;
}

const RATE_WINDOW_MS = 60 * 1000;
const TOP_TITLES = 10;
const TOP_SEARCHES = 20;
const EXPORT_PAGE = 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = utcDay;

/** Whether our consent string gives audience-measurement consent. */
export function grantsAnalytics(consent: string): boolean {
  return consentStringAccepts(consent, 'analytics');
}

/**
 * Audience analytics (README.md, ADR 0034): takes the web app's event batches (rate-limited per
 * client address, only with analytics consent), stores them append-only by UTC day, drops the days
 * past the retention, answers the staff dashboard's audience report and exports the events as
 * JSON lines. No HTTP here.
 */
export class AnalyticsService {
  private readonly db: Executor;
  private readonly clock: () => number;
  private readonly limiter: BatchRateLimiter;
  /** The day the retention last ran on (it runs again on the first batch of another day). */
  private purgedOn: string | undefined;

  constructor(private readonly options: AnalyticsServiceOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.limiter = new BatchRateLimiter(options.rateLimit, RATE_WINDOW_MS, this.clock);
  }

  /**
   * Counts a request from `client` (its address as the app resolves it), before its body is read:
   * 429 TOO_MANY_REQUESTS past the rate limit, refused or malformed batches included.
   */
  admit(client: string): void {
    if (!this.limiter.take(client))
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        'too many analytics batches from this address; retry later',
      );
  }

  /** Stores an admitted batch: 403 FORBIDDEN without analytics consent in its consent string. */
  async ingest(batch: AnalyticsEventBatch): Promise<void> {
    if (!grantsAnalytics(batch.consent))
      throw new ApiError(403, 'FORBIDDEN', 'the consent string does not give audience-measurement consent');
    const now = this.clock();
    const day = dayOf(now);
    await this.purgeIfNewDay();
    const rows = batch.events.map((event, index) =>
      rowOf(event, { day, now, index, visitorId: batch.visitorId }),
    );
    await repo.insertEvents(this.db, rows);
  }

  /** The retention, once per UTC day of the clock (the app's timer and every batch ask); answers how many events went. */
  async purgeIfNewDay(): Promise<number> {
    return this.purgedOn === dayOf(this.clock()) ? 0 : this.purgeExpired();
  }

  /**
   * Deletes the days older than the retention (whole days); answers how many events went. The day
   * counts as done once the delete went through: a failed one (the database away) is tried again
   * by the next check or batch.
   */
  async purgeExpired(): Promise<number> {
    const now = this.clock();
    const deleted = await repo.deleteDaysBefore(
      this.db,
      dayOf(now - (this.options.retentionDays - 1) * DAY_MS),
    );
    this.purgedOn = dayOf(now);
    return deleted;
  }

  /** What the audience did from `from` to `to` (UTC days, inclusive; at most DASHBOARD_MAX_DAYS). */
  async report(range: DayRange): Promise<AudienceReport> {
    const days = daysOf(range);
    const [daily, titles, channels, completion, searches] = await Promise.all([
      repo.dailyCounts(this.db, range),
      repo.topStarts(this.db, range, false, TOP_TITLES),
      repo.topStarts(this.db, range, true, TOP_TITLES),
      repo.completionFunnel(this.db, range),
      repo.emptySearches(this.db, range, TOP_SEARCHES),
    ]);
    const byDay = new Map(daily.map((row) => [row.day, row]));
    const titleOf = await this.titles();
    return {
      daily: days.map((day) => {
        const row = byDay.get(day);
        return { day, visitors: row?.visitors ?? 0, pageViews: row?.pageViews ?? 0, plays: row?.plays ?? 0 };
      }),
      topTitles: titles.map(({ assetId, plays }) => ({ assetId, title: titleOf(assetId), plays })),
      topChannels: channels.map(({ assetId, plays }) => ({
        channelId: assetId,
        title: titleOf(assetId),
        plays,
      })),
      completion,
      emptySearches: searches,
      // Crash reports are the crash module's: the dashboard puts its counts in.
      errors: days.map((day) => ({ day, playbackErrors: byDay.get(day)?.errors ?? 0, crashes: 0 })),
      crashes: [],
    };
  }

  /**
   * Writes every event of the span, day by day in the order received, as one JSON line each
   * (docs/analytics.md); answers how many lines were written.
   */
  async exportLines(range: DayRange, write: (line: string) => void | Promise<void>): Promise<number> {
    let written = 0;
    for (const day of daysOf(range, Number.MAX_SAFE_INTEGER)) {
      let after: { receivedAt: number; id: string } | undefined;
      for (;;) {
        const rows = await repo.eventsOfDay(this.db, day, after, EXPORT_PAGE);
        for (const row of rows) {
          await write(JSON.stringify(exportedLine(row)) + '\n');
          written += 1;
        }
        const last = rows.at(-1);
        if (rows.length < EXPORT_PAGE || last === undefined) break;
        after = { receivedAt: last.received_at, id: last.id };
      }
    }
    return written;
  }

  /** Asset id → its French title, else its first, else the id. */
  private async titles(): Promise<(assetId: string) => string> {
    const snapshot = await this.options.catalogue.snapshot();
    return (assetId) => {
      const localized = snapshot.byId.get(assetId)?.asset.localized ?? [];
      const title =
        localized.find((one) => one.locale === 'fr' && one.title)?.title ??
        localized.find((one) => one.title)?.title;
      return title ?? assetId;
    };
  }
}

/** The days of a range, oldest first; 400 when it is not one or spans more than `maxDays`. */
export function daysOf({ from, to }: DayRange, maxDays = DASHBOARD_MAX_DAYS): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!DAY.test(from) || !DAY.test(to) || !Number.isFinite(start) || !Number.isFinite(end))
    throw new ApiError(400, 'BAD_REQUEST', 'from and to are days, YYYY-MM-DD');
  if (end < start) throw new ApiError(400, 'BAD_REQUEST', 'to is before from');
  const count = (end - start) / DAY_MS + 1;
  if (count > maxDays) throw new ApiError(400, 'BAD_REQUEST', `a report spans at most ${maxDays} days`);
  return Array.from({ length: count }, (_, i) => dayOf(start + i * DAY_MS));
}

function rowOf(
  event: AudienceEvent,
  { day, now, index, visitorId }: { day: string; now: number; index: number; visitorId: string },
): repo.NewAnalyticsRow {
  const row: repo.NewAnalyticsRow = {
    // Sorts as received: the instant, then the place in the batch (ids are the export's order).
    id: `${now.toString(36)}-${String(index).padStart(2, '0')}-${randomBytes(10).toString('hex')}`,
    day,
    received_at: now,
    visitor_id: visitorId,
    kind: event.kind,
    path: null,
    asset_id: null,
    channel: 0,
    media_event: null,
    query: null,
    result_count: null,
    event: JSON.stringify(event),
  };
  switch (event.kind) {
    case 'page':
    case 'notFound':
      return { ...row, path: event.path };
    case 'searchResults':
      return { ...row, query: event.query.trim().toLowerCase().slice(0, 200), result_count: event.count };
    case 'media':
      return { ...row, asset_id: event.assetId, channel: event.channel ? 1 : 0, media_event: event.event };
    default:
      return row;
  }
}

/** One line of the export (docs/analytics.md): stable names, the event as the browser sent it. */
function exportedLine(row: repo.AnalyticsRow) {
  return {
    id: row.id,
    day: row.day,
    receivedAt: new Date(row.received_at).toISOString(),
    visitorId: row.visitor_id,
    kind: row.kind,
    event: JSON.parse(row.event) as unknown,
  };
}
