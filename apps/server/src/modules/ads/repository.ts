import { sql, type Insertable } from 'kysely';
import type { AdDisplayEventsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/** The display ads' SQL: their tracking events (`ad_display_events`) and the tracking rate counters (`ad_display_rate`). */

export async function insertDisplayEvent(db: Executor, row: Insertable<AdDisplayEventsTable>): Promise<void> {
  await db.insertInto('ad_display_events').values(row).execute();
}

/** Forgets the tracking events of the UTC days before `day` (YYYY-MM-DD). */
export async function deleteDisplayEventsBefore(db: Executor, day: string): Promise<void> {
  await db.deleteFrom('ad_display_events').where('day', '<', day).execute();
}

export interface DailyEventCount {
  day: string;
  event: string;
  count: number;
}

/** Events per UTC day and kind over [from, to] (days inclusive). */
export async function countDisplayEventsByDay(
  db: Executor,
  from: string,
  to: string,
): Promise<DailyEventCount[]> {
  const rows = await db
    .selectFrom('ad_display_events')
    .select(['day', 'event', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'event'])
    .execute();
  return rows.map((row) => ({ day: row.day, event: row.event, count: Number(row.count) }));
}

/**
 * Counts one request of `clientKey` in the window starting at `windowStart` and answers the
 * window's count after it; the windows before are purged. One statement per step, safe on both
 * engines when requests race (the upsert adds up).
 */
export async function countClientRequest(
  db: Executor,
  clientKey: string,
  windowStart: number,
): Promise<number> {
  await db.deleteFrom('ad_display_rate').where('window_start', '<', windowStart).execute();
  const row = await db
    .insertInto('ad_display_rate')
    .values({ client_key: clientKey, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['client_key', 'window_start'])
        .doUpdateSet({ count: sql<number>`ad_display_rate.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
