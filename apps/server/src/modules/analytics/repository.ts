import { sql, type Insertable, type Selectable } from 'kysely';
import type { AnalyticsEventsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * All SQL of the audience analytics (ADR 0034). Rows are only ever inserted and deleted by whole
 * days; every read names a span of days [from, to] (YYYY-MM-DD, inclusive), which the
 * (day, …) indexes serve. Counts come back as numbers or numeric strings (PostgreSQL's bigint).
 */

export type NewAnalyticsRow = Insertable<AnalyticsEventsTable>;
export type AnalyticsRow = Omit<Selectable<AnalyticsEventsTable>, 'received_at'> & { received_at: number };

export interface DaySpan {
  from: string;
  to: string;
}

const num = (value: unknown): number => Number(value ?? 0);

export async function insertEvents(db: Executor, rows: NewAnalyticsRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('analytics_events').values(rows).execute();
}

/** Deletes every day before `day` (YYYY-MM-DD); answers how many rows went. */
export async function deleteDaysBefore(db: Executor, day: string): Promise<number> {
  const result = await db.deleteFrom('analytics_events').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Distinct visitors, page views and media starts per day (days without events are absent). */
export async function dailyCounts(
  db: Executor,
  { from, to }: DaySpan,
): Promise<{ day: string; visitors: number; pageViews: number; plays: number; errors: number }[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select([
      'day',
      sql<string | number>`count(distinct visitor_id)`.as('visitors'),
      sql<string | number>`sum(case when kind = 'page' then 1 else 0 end)`.as('page_views'),
      sql<string | number>`sum(case when kind = 'media' and media_event = 'start' then 1 else 0 end)`.as(
        'plays',
      ),
      sql<string | number>`sum(case when kind = 'media' and media_event = 'error' then 1 else 0 end)`.as(
        'errors',
      ),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    visitors: num(row.visitors),
    pageViews: num(row.page_views),
    plays: num(row.plays),
    errors: num(row.errors),
  }));
}

/** The most started assets, titles (channel 0) or live channels (channel 1), most first. */
export async function topStarts(
  db: Executor,
  span: DaySpan,
  channel: boolean,
  limit: number,
): Promise<{ assetId: string; plays: number }[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['asset_id', sql<string | number>`count(*)`.as('plays')])
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .where('kind', '=', 'media')
    .where('media_event', '=', 'start')
    .where('channel', '=', channel ? 1 : 0)
    .where('asset_id', 'is not', null)
    .groupBy('asset_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('asset_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ assetId: row.asset_id ?? '', plays: num(row.plays) }));
}

/**
 * The completion funnel: distinct (visitor, asset) media sessions that started, and of those the
 * ones that reached each quartile.
 */
export async function completionFunnel(
  db: Executor,
  span: DaySpan,
): Promise<{ started: number; p25: number; p50: number; p75: number; p100: number }> {
  const reached = (event: string) =>
    sql<number>`max(case when media_event = ${event} then 1 else 0 end)`.as(`r${event}`);
  const sessions = db
    .selectFrom('analytics_events')
    .select([
      'visitor_id',
      'asset_id',
      reached('start'),
      reached('25'),
      reached('50'),
      reached('75'),
      reached('100'),
    ])
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .where('kind', '=', 'media')
    .groupBy(['visitor_id', 'asset_id'])
    .as('sessions');
  const row = await db
    .selectFrom(sessions)
    .select([
      sql<string | number>`coalesce(sum(rstart), 0)`.as('started'),
      sql<string | number>`coalesce(sum(rstart * r25), 0)`.as('p25'),
      sql<string | number>`coalesce(sum(rstart * r50), 0)`.as('p50'),
      sql<string | number>`coalesce(sum(rstart * r75), 0)`.as('p75'),
      sql<string | number>`coalesce(sum(rstart * r100), 0)`.as('p100'),
    ])
    .executeTakeFirst();
  return {
    started: num(row?.started),
    p25: num(row?.p25),
    p50: num(row?.p50),
    p75: num(row?.p75),
    p100: num(row?.p100),
  };
}

/** Searches that answered nothing, by normalised query, most asked first. */
export async function emptySearches(
  db: Executor,
  span: DaySpan,
  limit: number,
): Promise<{ query: string; count: number }[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['query', sql<string | number>`count(*)`.as('count')])
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .where('kind', '=', 'searchResults')
    .where('result_count', '=', 0)
    .where('query', 'is not', null)
    .groupBy('query')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ query: row.query ?? '', count: num(row.count) }));
}

/** One page of a day's events in the order they were received (the exporter reads a day page by page). */
export async function eventsOfDay(
  db: Executor,
  day: string,
  after: { receivedAt: number; id: string } | undefined,
  limit: number,
): Promise<AnalyticsRow[]> {
  let query = db.selectFrom('analytics_events').selectAll().where('day', '=', day);
  if (after !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb('received_at', '>', after.receivedAt),
        eb.and([eb('received_at', '=', after.receivedAt), eb('id', '>', after.id)]),
      ]),
    );
  const rows = await query.orderBy('received_at').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, received_at: Number(row.received_at) }));
}
