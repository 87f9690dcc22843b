import type { Insertable, Selectable } from 'kysely';
import type { ProgrammesTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { ScheduledProgramme } from './schedule-reader.js';

/**
 * All SQL of the schedule (EPG): the `programmes` table, the same on SQLite and PostgreSQL
 * (epoch milliseconds in bigint columns, read back as numbers here).
 */

export type ProgrammeRow = Selectable<ProgrammesTable>;
export type NewProgrammeRow = Insertable<ProgrammesTable>;

/** A stored programme: the reader's fields plus its bookkeeping. */
export interface StoredProgramme extends ScheduledProgramme {
  source: 'demo' | 'import';
  created: string;
  changed: string;
}

export function programmeOf(row: ProgrammeRow): StoredProgramme {
  return {
    programId: row.id,
    channelId: row.channel_id,
    assetId: row.asset_id,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    flags: Number(row.flags),
    source: row.source,
    created: row.created,
    changed: row.changed,
  };
}

/** Rows per multi-row statement: 9 columns, well under both engines' parameter limits. */
const ROWS_PER_STATEMENT = 100;

/**
 * Inserts programmes, leaving alone any whose id or (channel, start) is already stored: the
 * demo top-up run by two processes at once writes each row once.
 */
export async function insertProgrammesIfAbsent(db: Executor, rows: NewProgrammeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('programmes')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Programmes of the channels overlapping [fromMs, toMs), by channel then start. */
export async function listProgrammesBetween(
  db: Executor,
  channelIds: string[],
  fromMs: number,
  toMs: number,
): Promise<StoredProgramme[]> {
  if (channelIds.length === 0) return [];
  const rows = await db
    .selectFrom('programmes')
    .selectAll()
    .where('channel_id', 'in', channelIds)
    .where('start_ms', '<', toMs)
    .where('end_ms', '>', fromMs)
    .orderBy('channel_id')
    .orderBy('start_ms')
    .execute();
  return rows.map(programmeOf);
}

export async function findProgramme(db: Executor, programId: string): Promise<StoredProgramme | undefined> {
  const row = await db.selectFrom('programmes').selectAll().where('id', '=', programId).executeTakeFirst();
  return row === undefined ? undefined : programmeOf(row);
}

/** The programme of the channel starting first at or after `fromMs`. */
export async function findFirstStartingFrom(
  db: Executor,
  channelId: string,
  fromMs: number,
): Promise<StoredProgramme | undefined> {
  const row = await db
    .selectFrom('programmes')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('start_ms', '>=', fromMs)
    .orderBy('start_ms')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : programmeOf(row);
}

/** The next airing of a title (on any channel) starting at or after `fromMs`. */
export async function findNextAiring(
  db: Executor,
  assetId: string,
  fromMs: number,
): Promise<StoredProgramme | undefined> {
  const row = await db
    .selectFrom('programmes')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('start_ms', '>=', fromMs)
    .orderBy('start_ms')
    .orderBy('channel_id')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : programmeOf(row);
}

/** Of the given day starts, those at which the channel has a programme starting (generated days). */
export async function listStartsAmong(db: Executor, channelId: string, starts: number[]): Promise<number[]> {
  if (starts.length === 0) return [];
  const rows = await db
    .selectFrom('programmes')
    .select('start_ms')
    .where('channel_id', '=', channelId)
    .where('start_ms', 'in', starts)
    .execute();
  return rows.map((r) => Number(r.start_ms));
}

/** The channels among `channelIds` that have imported programmes (no longer generated). */
export async function listImportedChannels(db: Executor, channelIds: string[]): Promise<string[]> {
  if (channelIds.length === 0) return [];
  const rows = await db
    .selectFrom('programmes')
    .select('channel_id')
    .distinct()
    .where('channel_id', 'in', channelIds)
    .where('source', '=', 'import')
    .execute();
  return rows.map((r) => r.channel_id);
}

/**
 * Replaces the channel's programmes overlapping [fromMs, toMs), every generated one (an imported
 * channel is no longer generated) and any holding one of `ids` with `rows` (an import).
 */
export async function replaceChannelProgrammes(
  db: Executor,
  channelId: string,
  fromMs: number,
  toMs: number,
  rows: NewProgrammeRow[],
  ids: string[],
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('programmes')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  await db
    .deleteFrom('programmes')
    .where('channel_id', '=', channelId)
    .where((eb) =>
      eb.or([eb('source', '=', 'demo'), eb.and([eb('start_ms', '<', toMs), eb('end_ms', '>', fromMs)])]),
    )
    .execute();
  await insertProgrammesIfAbsent(db, rows);
}
