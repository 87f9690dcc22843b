import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The staff role (issue 17): the accounts (households) that may open the staff dashboard, one row
 * each, granted and revoked by `npm run staff:grant -- <email> [--revoke]`. A table of its own
 * rather than a column on households: the accounts' rows stay as the accounts module writes them,
 * and the role goes with its household (on delete cascade). `granted_at` ISO-8601 text.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_members')
    .addColumn('household_id', 'varchar(64)', (col) =>
      col.primaryKey().references('households.id').onDelete('cascade'),
    )
    .addColumn('granted_at', 'varchar(40)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_members').ifExists().execute();
}
