import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * When a session's person last proved who they are (issue 30 item 7, ADR 0012): `signed_in_at`
 * (ISO-8601 text) is the sign-in that made it — firebaseLogin's identity sign-in (the ID token's
 * auth_time), a password login, adobePrimetimeLogin — and is carried over by a profile switch;
 * NULL for a session no sign-in made (a big screen activated by a code) and for the sessions
 * that existed before this column. Deleting the account needs it recent.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('signed_in_at', 'varchar(40)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('signed_in_at').execute();
}
