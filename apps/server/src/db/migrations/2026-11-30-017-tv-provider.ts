import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The US pay-TV provider sign-in (issue 19, modules/tv-provider, ADR 0041):
 * - a household may be bound to a distributor's subscriber (`tv_provider`, `tv_provider_subscriber`:
 *   unique together; NULL for the identity service's households), and a session made by
 *   adobePrimetimeLogin is provider-bound (`sessions.tv_provider`), which US plays require;
 * - the test distributor that Antenne serves itself: its signing key (one row per key, so every
 *   process of a cluster signs with the same one), its subscribers (scrypt password hashes), and
 *   its sign-in attempts per client address (the rate limit). Times are ISO-8601 text, attempts
 *   epoch milliseconds (bigint: text on PostgreSQL).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('households').addColumn('tv_provider', 'varchar(64)').execute();
  await db.schema.alterTable('households').addColumn('tv_provider_subscriber', 'varchar(255)').execute();
  await db.schema
    .createIndex('households_tv_provider_idx')
    .on('households')
    .columns(['tv_provider', 'tv_provider_subscriber'])
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('tv_provider', 'varchar(64)').execute();

  await db.schema
    .createTable('tv_provider_keys')
    .addColumn('provider_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('kid', 'varchar(64)', (col) => col.notNull())
    // The private key as a JWK (JSON text); the public half is derived from it.
    .addColumn('private_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('tv_provider_subscribers')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('username', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    // 1: the subscriber's package includes the network's US service; 0: it does not.
    .addColumn('includes_network', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('tv_provider_attempts')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tv_provider_attempts_idx')
    .on('tv_provider_attempts')
    .columns(['address', 'attempted_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tv_provider_attempts').ifExists().execute();
  await db.schema.dropTable('tv_provider_subscribers').ifExists().execute();
  await db.schema.dropTable('tv_provider_keys').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('tv_provider').execute();
  await db.schema.dropIndex('households_tv_provider_idx').ifExists().execute();
  await db.schema.alterTable('households').dropColumn('tv_provider_subscriber').execute();
  await db.schema.alterTable('households').dropColumn('tv_provider').execute();
}
