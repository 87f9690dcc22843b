import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * A pay-TV distributor's media token is used once (issue 30 item 7, ADR 0041): the `jti` of each
 * one spent by adobePrimetimeLogin or a play, per distributor, kept until the token expires
 * (`expires_at`, epoch milliseconds: bigint, text on PostgreSQL) so that every process of a
 * cluster refuses a second use. Rows past their expiry are purged as tokens are spent.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tv_provider_spent_tokens')
    .addColumn('provider_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('jti', 'varchar(255)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('tv_provider_spent_tokens_pk', ['provider_id', 'jti'])
    .execute();
  await db.schema
    .createIndex('tv_provider_spent_tokens_expiry_idx')
    .on('tv_provider_spent_tokens')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tv_provider_spent_tokens').ifExists().execute();
}
