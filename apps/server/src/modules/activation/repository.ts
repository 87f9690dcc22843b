import type { Executor } from '../../db/transaction.js';

/**
 * The SQL of device activation (service.ts): codes and the throttle's attempts. The same on SQLite
 * and PostgreSQL (epoch milliseconds in bigint columns, read back as numbers or strings).
 */

export interface ActivationCodeRow {
  code: string;
  expiresAt: number;
  deviceId: string | null;
  householdId: string | null;
  profileId: string | null;
  confirmedAt: number | null;
  consumedAt: number | null;
}

const ms = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value));

/** Adds a code unless it exists: true when this one was added. */
export async function insertCodeIfAbsent(
  db: Executor,
  row: { code: string; createdAt: number; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('activation_codes')
    .values({ code: row.code, created_at: row.createdAt, expires_at: row.expiresAt })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findCode(db: Executor, code: string): Promise<ActivationCodeRow | undefined> {
  const row = await db.selectFrom('activation_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    code: row.code,
    expiresAt: Number(row.expires_at),
    deviceId: row.device_id,
    householdId: row.household_id,
    profileId: row.profile_id,
    confirmedAt: ms(row.confirmed_at),
    consumedAt: ms(row.consumed_at),
  };
}

/** Deletes the codes expired at or before `until`: their values may be issued again. */
export async function deleteCodesExpiredBy(db: Executor, until: number): Promise<void> {
  await db.deleteFrom('activation_codes').where('expires_at', '<=', until).execute();
}

/** Binds the code to the first device that polls it: true when it is now (or already was) that device's. */
export async function bindDevice(db: Executor, code: string, deviceId: string): Promise<boolean> {
  await db
    .updateTable('activation_codes')
    .set({ device_id: deviceId })
    .where('code', '=', code)
    .where('device_id', 'is', null)
    .execute();
  const row = await findCode(db, code);
  return row?.deviceId === deviceId;
}

/** Confirms an unconfirmed, unconsumed code for a household's profile: true when this call did. */
export async function confirmCode(
  db: Executor,
  code: string,
  by: { householdId: string; profileId: string; at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('activation_codes')
    .set({ household_id: by.householdId, profile_id: by.profileId, confirmed_at: by.at })
    .where('code', '=', code)
    .where('confirmed_at', 'is', null)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a confirmed code used: true when this call did (a code logs in one device, once). */
export async function consumeCode(db: Executor, code: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('activation_codes')
    .set({ consumed_at: at })
    .where('code', '=', code)
    .where('confirmed_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttempt(
  db: Executor,
  row: { id: string; scope: string; at: number },
): Promise<void> {
  await db
    .insertInto('activation_attempts')
    .values({ id: row.id, scope: row.scope, attempted_at: row.at })
    .execute();
}

/** The scope's attempts made after `since` (epoch ms, exclusive). */
export async function countAttemptsSince(db: Executor, scope: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('activation_attempts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('scope', '=', scope)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Purges every scope's attempts made at or before `until`: out of every window. */
export async function deleteAttemptsUntil(db: Executor, until: number): Promise<void> {
  await db.deleteFrom('activation_attempts').where('attempted_at', '<=', until).execute();
}
