import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.
//
// Playback: what a household is entitled to (subscriptions to a product, video tickets for one
// asset), the play sessions the entitlement/play call opens, the player's eventsink events and the
// ad tracking beacons. Everything hangs off a household (and a profile) and goes with it (on delete
// cascade), so deleting a household or a profile deletes its plays and their analytics too; an
// anonymous trailer play has neither. Ids are text ('ps_…' play sessions, random), timestamps
// ISO-8601 text, offsets and epoch times bigint milliseconds, JSON documents text — as in
// 003-accounts.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('household_subscriptions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('start_date', 'varchar(40)', (col) => col.notNull())
    // Null: open-ended (until cancelled).
    .addColumn('end_date', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('household_subscriptions_household_idx')
    .on('household_subscriptions')
    .columns(['household_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('video_tickets')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('product_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    // Null: never expires (a purchase); otherwise the ticket counts only until then (a rental).
    .addColumn('end_date', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('video_tickets_household_asset_idx')
    .on('video_tickets')
    .columns(['household_id', 'asset_id'])
    .execute();

  await db.schema
    .createTable('play_sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    // Both null for an anonymous trailer play.
    .addColumn('household_id', 'varchar(64)', (col) => col.references('households.id').onDelete('cascade'))
    .addColumn('profile_id', 'varchar(64)', (col) => col.references('profiles.id').onDelete('cascade'))
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    // ISO 3166-1 alpha-2, or null when the visitor's country is unknown.
    .addColumn('country', 'varchar(2)')
    .execute();
  await db.schema
    .createIndex('play_sessions_household_idx')
    .on('play_sessions')
    .column('household_id')
    .execute();
  await db.schema.createIndex('play_sessions_profile_idx').on('play_sessions').column('profile_id').execute();

  await db.schema
    .createTable('playback_events')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('play_session_id', 'varchar(64)', (col) =>
      col.notNull().references('play_sessions.id').onDelete('cascade'),
    )
    .addColumn('household_id', 'varchar(64)')
    .addColumn('profile_id', 'varchar(64)')
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('event_type', 'varchar(64)', (col) => col.notNull())
    .addColumn('offset_ms', 'bigint')
    .addColumn('sequence', 'bigint')
    // The player's Timestamp (epoch ms).
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    // The whole event as sent (JSON), for analytics.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('received_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('playback_events_session_idx')
    .on('playback_events')
    .columns(['play_session_id', 'event_time'])
    .execute();

  await db.schema
    .createTable('ad_beacons')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    // Null when the beacon names no live play session (ad servers record such pixels too).
    .addColumn('play_session_id', 'varchar(64)', (col) =>
      col.references('play_sessions.id').onDelete('cascade'),
    )
    .addColumn('ad_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('event', 'varchar(32)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ad_beacons_session_idx').on('ad_beacons').column('play_session_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'ad_beacons',
    'playback_events',
    'play_sessions',
    'video_tickets',
    'household_subscriptions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
