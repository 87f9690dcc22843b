import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * Network recordings (issue 15, ADR 0026). `recordings`: one row a programme a profile records,
 * with the programme's channel, title and span copied (the schedule may be re-imported; what was
 * recorded stays what it was), `failure_reason` when it failed (QUOTA_EXCEEDED), `series_id` when
 * a series recording made it. Times are epoch milliseconds (bigint: text on PostgreSQL). The status
 * is not stored: it follows the clock. `recording_series`: the series a profile records on a
 * channel (`series_key`: the show's id, or the title's own). Both go with their profile.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recording_series')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('series_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('recording_series_profile_uq', ['profile_id', 'channel_id', 'series_key'])
    .execute();
  await db.schema
    .createTable('recordings')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('programme_id', 'varchar(160)', (col) => col.notNull())
    .addColumn('channel_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('start_ms', 'bigint', (col) => col.notNull())
    .addColumn('end_ms', 'bigint', (col) => col.notNull())
    .addColumn('failure_reason', 'varchar(32)')
    .addColumn('series_id', 'varchar(64)', (col) =>
      col.references('recording_series.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('recordings_profile_programme_uq', ['profile_id', 'programme_id'])
    .execute();
  await db.schema
    .createIndex('recordings_household_idx')
    .on('recordings')
    .columns(['household_id', 'failure_reason'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recordings').ifExists().execute();
  await db.schema.dropTable('recording_series').ifExists().execute();
}
