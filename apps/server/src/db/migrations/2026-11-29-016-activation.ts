import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * Device activation (issue 18, Exposure notes §10, modules/activation): the codes a big screen
 * shows, and the wrong or refused guesses that throttle whoever tries codes. Times are epoch
 * milliseconds (bigint: text on PostgreSQL). A code row is kept after use (`consumed_at`) until
 * it expires, so that it cannot be issued or consumed twice; expired rows are purged when codes
 * are issued.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activation_codes')
    .addColumn('code', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    // The device that polls for it (bound at its first consume; another device's poll is refused).
    .addColumn('device_id', 'varchar(128)')
    .addColumn('household_id', 'varchar(64)', (col) => col.references('households.id').onDelete('cascade'))
    .addColumn('profile_id', 'varchar(64)')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('activation_codes_expiry_idx')
    .on('activation_codes')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('activation_attempts')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    // `addr:<client address>`, `space` (every client's guesses), `issue:<client address>`.
    .addColumn('scope', 'varchar(200)', (col) => col.notNull())
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('activation_attempts_scope_idx')
    .on('activation_attempts')
    .columns(['scope', 'attempted_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activation_attempts').ifExists().execute();
  await db.schema.dropTable('activation_codes').ifExists().execute();
}
