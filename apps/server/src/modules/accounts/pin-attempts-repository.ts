import type { Executor } from '../../db/transaction.js';

/**
 * The SQL of the wrong-PIN count (pin-attempts.ts): one row an attempt, keyed by household.
 * Works the same on SQLite and PostgreSQL (epoch milliseconds in a bigint column).
 */

export async function insertPinAttempt(
  db: Executor,
  row: { id: string; householdKey: string; at: number },
): Promise<void> {
  await db
    .insertInto('pin_attempts')
    .values({ id: row.id, household_key: row.householdKey, attempted_at: row.at })
    .execute();
}

/** The household's attempts made after `since` (epoch ms, exclusive). */
export async function countPinAttemptsSince(
  db: Executor,
  householdKey: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('pin_attempts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('household_key', '=', householdKey)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deletePinAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('pin_attempts').where('id', '=', id).execute();
}

/** Clears the household's count (a right PIN). */
export async function deletePinAttemptsOf(db: Executor, householdKey: string): Promise<void> {
  await db.deleteFrom('pin_attempts').where('household_key', '=', householdKey).execute();
}

/** Purges every household's attempts made at or before `until` (epoch ms): out of every window. */
export async function deletePinAttemptsUntil(db: Executor, until: number): Promise<void> {
  await db.deleteFrom('pin_attempts').where('attempted_at', '<=', until).execute();
}
