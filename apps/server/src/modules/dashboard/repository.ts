import type { Executor } from '../../db/transaction.js';

/** The staff role's rows (staff_members): every SQL of the dashboard module. */

export async function isStaffMember(db: Executor, householdId: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_members')
    .select('household_id')
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Grants the role; true when the household did not hold it yet. */
export async function insertStaffMember(
  db: Executor,
  householdId: string,
  grantedAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('staff_members')
    .values({ household_id: householdId, granted_at: grantedAt })
    .onConflict((oc) => oc.column('household_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Revokes the role; true when the household held it. */
export async function deleteStaffMember(db: Executor, householdId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_members')
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
