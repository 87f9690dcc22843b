import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The audience events the web app posts with analytics consent (issue 17, ADR 0034): append-only,
 * one row an event. `day` (YYYY-MM-DD, UTC, from the server's clock) groups the rows as
 * partitions would: every read names a span of days and the retention deletes whole days. The
 * columns the report reads are their own (a media start, its asset, a search's normalised query
 * and count); `event` is the event as sent (bounded JSON text) for the exporter. `received_at` is
 * epoch milliseconds (bigint: text on PostgreSQL); `channel` is 0 or 1.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('visitor_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('path', 'varchar(1024)')
    .addColumn('asset_id', 'varchar(200)')
    .addColumn('channel', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('media_event', 'varchar(8)')
    .addColumn('query', 'varchar(200)')
    .addColumn('result_count', 'integer')
    .addColumn('event', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_day_idx')
    .on('analytics_events')
    .columns(['day', 'kind'])
    .execute();
  await db.schema
    .createIndex('analytics_events_media_idx')
    .on('analytics_events')
    .columns(['day', 'media_event', 'asset_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').ifExists().execute();
}
