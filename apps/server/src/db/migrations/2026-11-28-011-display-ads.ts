import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * Display ads (issue 17, modules/ads): one row per tracking event of a display creative — served
 * into a slot, viewable impression, click — by UTC day, slot, size class, page, ad and event; and
 * the per-client-address counters that rate-limit the tracking (`client_key` a hash of the
 * address, never the address itself; a row per one-minute window, purged as windows pass), in the
 * database so every node of a cluster counts the same requests.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ad_display_events')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('slot', 'varchar(16)', (col) => col.notNull())
    .addColumn('size', 'varchar(16)', (col) => col.notNull())
    .addColumn('page', 'varchar(16)', (col) => col.notNull())
    .addColumn('ad_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('event', 'varchar(16)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ad_display_events_day_idx')
    .on('ad_display_events')
    .columns(['day', 'event'])
    .execute();
  await db.schema
    .createTable('ad_display_rate')
    .addColumn('client_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('ad_display_rate_pk', ['client_key', 'window_start'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ad_display_rate').ifExists().execute();
  await db.schema.dropTable('ad_display_events').ifExists().execute();
}
