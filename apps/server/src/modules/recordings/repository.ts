import { sql, type Insertable, type Selectable } from 'kysely';
import type { RecordingFailureReason } from '@antenne/contract';
import type { RecordingSeriesTable, RecordingsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * All SQL of the recordings (ADR 0026): each query names the profile (or the household, for the
 * quota) it belongs to. Epoch-millisecond columns are bigint (text on PostgreSQL): read back as numbers.
 */

export type RecordingRow = Omit<Selectable<RecordingsTable>, 'start_ms' | 'end_ms'> & {
  start_ms: number;
  end_ms: number;
};
export type SeriesRow = Selectable<RecordingSeriesTable>;

const toRow = (row: Selectable<RecordingsTable>): RecordingRow => ({
  ...row,
  start_ms: Number(row.start_ms),
  end_ms: Number(row.end_ms),
});

/** The profile's recordings, by start. */
export async function listRecordings(db: Executor, profileId: string): Promise<RecordingRow[]> {
  const rows = await db
    .selectFrom('recordings')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function findRecording(db: Executor, id: string): Promise<RecordingRow | undefined> {
  const row = await db.selectFrom('recordings').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export async function findRecordingOfProgramme(
  db: Executor,
  profileId: string,
  programmeId: string,
): Promise<RecordingRow | undefined> {
  const row = await db
    .selectFrom('recordings')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('programme_id', '=', programmeId)
    .executeTakeFirst();
  return row && toRow(row);
}

/** The ms the household's recordings not in error add up to (every profile's). */
export async function usedQuotaMs(db: Executor, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('recordings')
    .select(sql<string | number | null>`sum(end_ms - start_ms)`.as('used'))
    .where('household_id', '=', householdId)
    .where('failure_reason', 'is', null)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * Inserts a recording unless the profile already records that programme (true when inserted), in
 * error (`QUOTA_EXCEEDED`) when it would take the household's recordings not in error past
 * `quotaMs`. The sum and the insert are one statement: on SQLite, whose single writer runs it
 * whole, that is the atomic check; PostgreSQL needs `lockHouseholdQuota` first in the same
 * transaction (two statements' snapshots would each miss the other's row).
 */
export async function insertRecordingWithinQuota(
  db: Executor,
  row: Omit<Insertable<RecordingsTable>, 'failure_reason'> & { start_ms: number; end_ms: number },
  quotaMs: number,
): Promise<boolean> {
  const used = db
    .selectFrom('recordings')
    .select(sql<number>`coalesce(sum(end_ms - start_ms), 0)`.as('used'))
    .where('household_id', '=', row.household_id)
    .where('failure_reason', 'is', null);
  const failure: RecordingFailureReason = 'QUOTA_EXCEEDED';
  const result = await db
    .insertInto('recordings')
    .values({
      ...row,
      failure_reason: sql<
        string | null
      >`case when (${used}) + ${row.end_ms - row.start_ms} > ${quotaMs} then ${failure} end`,
    })
    .onConflict((oc) => oc.columns(['profile_id', 'programme_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * PostgreSQL: holds the household's recording quota until the transaction ends (a transaction-level
 * advisory lock on this module's key and the household), so that every process's check and insert
 * for that household run one after the other. SQLite needs none (insertRecordingWithinQuota).
 */
export async function lockHouseholdQuota(trx: Executor, householdId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${QUOTA_LOCK_KEY}, hashtext(${householdId}))`.execute(trx);
}

/** The advisory lock space of the recordings quota (pg_advisory_xact_lock's first key). */
const QUOTA_LOCK_KEY = 0x5245_4351; // "RECQ"

export async function deleteRecording(db: Executor, profileId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recordings')
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Series ---------------------------------------------------------------------------------------

export function listSeries(db: Executor, profileId: string): Promise<SeriesRow[]> {
  return db
    .selectFrom('recording_series')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findSeries(
  db: Executor,
  profileId: string,
  channelId: string,
  seriesKey: string,
): Promise<SeriesRow | undefined> {
  return db
    .selectFrom('recording_series')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('channel_id', '=', channelId)
    .where('series_key', '=', seriesKey)
    .executeTakeFirst();
}

/** Inserts unless the profile already records that series on that channel. */
export async function insertSeries(db: Executor, row: Insertable<RecordingSeriesTable>): Promise<void> {
  await db
    .insertInto('recording_series')
    .values(row)
    .onConflict((oc) => oc.columns(['profile_id', 'channel_id', 'series_key']).doNothing())
    .execute();
}

/** Stops a series: its recordings not started by `now` go with it, the others stay (without series). */
export async function deleteSeries(
  db: Executor,
  profileId: string,
  id: string,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('recordings')
    .where('profile_id', '=', profileId)
    .where('series_id', '=', id)
    .where('start_ms', '>', now)
    .execute();
  await db
    .updateTable('recordings')
    .set({ series_id: null })
    .where('profile_id', '=', profileId)
    .where('series_id', '=', id)
    .execute();
  const result = await db
    .deleteFrom('recording_series')
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
