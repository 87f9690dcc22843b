import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The wrong parental PINs (and account passwords standing for one) a household sent, one row an
 * attempt, so that every node of a cluster counts the same guesses (issue 14, ADR 0018). The key
 * is the household's id, or `identity:<user id>` for an identity user without a household yet: no
 * foreign key. `attempted_at` is epoch milliseconds (bigint: text on PostgreSQL); rows older than
 * the window are purged by the next attempt.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_attempts')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('household_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('pin_attempts_household_idx')
    .on('pin_attempts')
    .columns(['household_key', 'attempted_at'])
    .execute();
  await db.schema.createIndex('pin_attempts_time_idx').on('pin_attempts').column('attempted_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_attempts').ifExists().execute();
}
