import { sql, type Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The schedule (EPG, issue 15, ADR 0022): one row a programme of a channel, both catalogue
 * assets (the channel, the title aired; the row goes with either). Times are epoch milliseconds
 * (bigint: text on PostgreSQL), the start inclusive and the end exclusive; `flags` the programme
 * flags bitmask (2 pvr, 4 catch-up, 8 start-over); `source` says whether the demo generator
 * wrote it (`demo`) or an import (`import`). One programme per channel and start: the demo's
 * top-up inserts with "on conflict do nothing", so two processes writing one day agree.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('programmes')
    .addColumn('id', 'varchar(160)', (col) => col.primaryKey())
    .addColumn('channel_id', 'varchar(100)', (col) =>
      col.notNull().references('asset.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('start_ms', 'bigint', (col) => col.notNull())
    .addColumn('end_ms', 'bigint', (col) => col.notNull())
    .addColumn('flags', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('source', 'varchar(16)', (col) => col.notNull().check(sql`source in ('demo', 'import')`))
    .addColumn('created', 'varchar(40)', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('programmes_channel_start_uq', ['channel_id', 'start_ms'])
    .execute();
  // Reads by channel and time use the unique constraint's index (channel_id, start_ms); these
  // serve "by end" (the programme on air) and "the next airing of a title".
  await db.schema
    .createIndex('programmes_channel_end_idx')
    .on('programmes')
    .columns(['channel_id', 'end_ms'])
    .execute();
  await db.schema
    .createIndex('programmes_asset_idx')
    .on('programmes')
    .columns(['asset_id', 'start_ms'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('programmes').ifExists().execute();
}
