import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.js';

/**
 * All SQL of the crash reports: the per-day, per-fingerprint rows (counted, never rewritten) and
 * the rate limit's per-client minute counters. Epoch-millisecond columns are bigint (text on
 * PostgreSQL): read back as numbers; sums too (PostgreSQL's sum of integers is a bigint).
 */

export interface NewCrash {
  day: string;
  fingerprint: string;
  atMs: number;
  kind: string;
  message: string;
  stack: string | null;
  route: string;
  release: string;
  userAgent: string | null;
}

/** Stores a report: a new row for the day and fingerprint, or one more on its count (the first report's text stays). */
export async function countCrash(db: Executor, crash: NewCrash): Promise<void> {
  await db
    .insertInto('crash_reports')
    .values({
      day: crash.day,
      fingerprint: crash.fingerprint,
      count: 1,
      first_seen_ms: crash.atMs,
      last_seen_ms: crash.atMs,
      kind: crash.kind,
      message: crash.message,
      stack: crash.stack,
      route: crash.route,
      release: crash.release,
      user_agent: crash.userAgent,
    })
    .onConflict((oc) =>
      oc.columns(['day', 'fingerprint']).doUpdateSet({
        count: sql<number>`crash_reports.count + 1`,
        last_seen_ms: sql<number>`case when excluded.last_seen_ms > crash_reports.last_seen_ms
          then excluded.last_seen_ms else crash_reports.last_seen_ms end`,
      }),
    )
    .execute();
}

/** Reports per day over [from, to] (days with none left out). */
export async function crashesPerDay(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string; crashes: number }[]> {
  const rows = await db
    .selectFrom('crash_reports')
    .select(['day', (eb) => eb.fn.sum<number | string>('count').as('crashes')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, crashes: Number(row.crashes) }));
}

export interface CrashGroup {
  fingerprint: string;
  count: number;
  firstSeenMs: number;
  lastSeenMs: number;
}

/** The fingerprints of [from, to], most reported first (then by fingerprint), at most `limit`. */
export async function topFingerprints(
  db: Executor,
  from: string,
  to: string,
  limit: number,
): Promise<CrashGroup[]> {
  const rows = await db
    .selectFrom('crash_reports')
    .select((eb) => [
      'fingerprint',
      eb.fn.sum<number | string>('count').as('total'),
      eb.fn.min<number | string>('first_seen_ms').as('first_seen'),
      eb.fn.max<number | string>('last_seen_ms').as('last_seen'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('fingerprint')
    .orderBy('total', 'desc')
    .orderBy('fingerprint')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    count: Number(row.total),
    firstSeenMs: Number(row.first_seen),
    lastSeenMs: Number(row.last_seen),
  }));
}

export interface CrashText {
  fingerprint: string;
  day: string;
  message: string;
  route: string;
  release: string;
}

/** What the rows of these fingerprints in [from, to] said, oldest day first. */
export async function crashTexts(
  db: Executor,
  fingerprints: readonly string[],
  from: string,
  to: string,
): Promise<CrashText[]> {
  if (fingerprints.length === 0) return [];
  return db
    .selectFrom('crash_reports')
    .select(['fingerprint', 'day', 'message', 'route', 'release'])
    .where('fingerprint', 'in', fingerprints)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Forgets the days before `day`. */
export async function deleteCrashesBefore(db: Executor, day: string): Promise<void> {
  await db.deleteFrom('crash_reports').where('day', '<', day).execute();
}

/** One more report of `client` in the minute starting at `windowMs`; answers the minute's count. */
export async function countClientReport(db: Executor, client: string, windowMs: number): Promise<number> {
  const row = await db
    .insertInto('crash_rate')
    .values({ client, window_ms: windowMs, count: 1 })
    .onConflict((oc) =>
      oc.columns(['client', 'window_ms']).doUpdateSet({ count: sql<number>`crash_rate.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets the rate limit's minutes before `windowMs`. */
export async function deleteRateWindowsBefore(db: Executor, windowMs: number): Promise<void> {
  await db.deleteFrom('crash_rate').where('window_ms', '<', windowMs).execute();
}
