import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The registration details kept with the identity user from sign-up until the first sign-in gives
 * them to the household's main profile (issue 13): better-auth `additionalFields`
 * (modules/identity/registration.ts), nullable text on both engines.
 */
const COLUMNS = ['firstName', 'lastName', 'birthday', 'gender', 'country'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS)
    await db.schema.alterTable('identity_user').addColumn(column, 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse())
    await db.schema.alterTable('identity_user').dropColumn(column).execute();
}
