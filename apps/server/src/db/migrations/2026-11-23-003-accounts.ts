import { sql, type Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.
//
// Accounts: households (one per identity-service user), their profiles, Exposure sessions and each
// profile's personal data (preferences, favourites, play history). Everything personal hangs off a
// household or a profile and goes with it (on delete cascade). Ids are text ('acc_…', 'usr_…'),
// booleans are integers 0/1 (the same on both engines), timestamps ISO-8601 text, offsets and
// epoch times bigint milliseconds, JSON documents text. Session tokens are never stored: only
// their SHA-256 (token_hash); PINs only as scrypt hashes.

const STATUSES = sql`status in ('ACTIVE', 'SUSPENDED_HOUSEHOLD', 'INACTIVE_HOUSEHOLD')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('households')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('identity_user_id', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('status', 'varchar(32)', (col) => col.notNull().defaultTo('ACTIVE').check(STATUSES))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('households_email_idx').on('households').column('email').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('display_name', 'varchar(256)', (col) => col.notNull())
    .addColumn('owner', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`owner in (0, 1)`),
    )
    .addColumn('child', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`child in (0, 1)`),
    )
    .addColumn('profile_type', 'varchar(64)')
    .addColumn('language', 'varchar(8)')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('pin_hash', 'text')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('profiles_household_idx')
    .on('profiles')
    .columns(['household_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.notNull().references('households.id').onDelete('cascade'),
    )
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'varchar(128)', (col) => col.notNull())
    .addColumn('device_name', 'varchar(128)', (col) => col.notNull())
    .addColumn('device_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('sessions_household_idx').on('sessions').column('household_id').execute();
  await db.schema.createIndex('sessions_profile_idx').on('sessions').column('profile_id').execute();

  await db.schema
    .createTable('preferences')
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.primaryKey().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('map', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('last_updated', 'varchar(40)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['profile_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('favorites_profile_created_idx')
    .on('favorites')
    .columns(['profile_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('play_history')
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('last_viewed_offset', 'bigint', (col) => col.notNull())
    .addColumn('last_viewed_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('play_history_pk', ['profile_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('play_history_profile_time_idx')
    .on('play_history')
    .columns(['profile_id', 'last_viewed_time'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['play_history', 'favorites', 'preferences', 'sessions', 'profiles', 'households']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
