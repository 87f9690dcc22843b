import {
  EMAIL_PATTERN,
  HOUSEHOLD_STATUSES,
  IDENTITY_FRESH_SESSION_SECONDS,
  type HouseholdStatus,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { AccountsPart, type SessionContext } from './core.js';
import * as repo from './repository.js';
import type { HouseholdRow } from './repository.js';

/** The household as a whole: its deletion, its email (the identity service's), its status. */
export class HouseholdService extends AccountsPart {
  /**
   * Deletes the household and every personal row of it, in one transaction — only on a session
   * whose sign-in (an identity sign-in, a password login, adobePrimetimeLogin; a profile switch
   * keeps its session's) is younger than IDENTITY_FRESH_SESSION_SECONDS: else 400
   * SESSION_EXPIRED (the spec's "recent login", the web's ERROR.DELETE_ACCOUNT), nothing deleted.
   */
  async deleteHousehold(ctx: SessionContext): Promise<void> {
    const signedIn = ctx.session.signed_in_at === null ? Number.NaN : Date.parse(ctx.session.signed_in_at);
    if (!(this.clock() - signedIn < IDENTITY_FRESH_SESSION_SECONDS * 1000))
      throw new ApiError(
        400,
        'SESSION_EXPIRED',
        `deleting the account needs a sign-in of the last ${IDENTITY_FRESH_SESSION_SECONDS / 60} minutes: sign in again`,
      );
    await inTransaction(this.db, (trx) => repo.deleteHouseholdRows(trx, ctx.household.id));
  }

  /**
   * The household's email follows the identity service's verified one only: the address must be
   * the one verified for this household's identity user (case ignored), else 403 UNVERIFIED_EMAIL
   * — an unconfirmed change, or another customer's address.
   */
  async changeEmail(ctx: SessionContext, newEmailAddress: string): Promise<void> {
    const email = newEmailAddress.trim();
    if (!EMAIL_PATTERN.test(email))
      throw new ApiError(400, 'BAD_REQUEST', 'newEmailAddress: not a valid email address');
    const identity = await this.identityUsers(ctx.household.identity_user_id);
    if (
      identity === undefined ||
      !identity.emailVerified ||
      identity.email.toLowerCase() !== email.toLowerCase()
    ) {
      throw new ApiError(
        403,
        'UNVERIFIED_EMAIL',
        'newEmailAddress: not the address verified for this account; change it at the identity service (/identity/change-email) and follow the link of its mail first',
      );
    }
    await repo.updateHouseholdEmail(this.db, ctx.household.id, identity.email);
  }
}

// Administration ------------------------------------------------------------------------------

/** A refusal of the household-status command (unknown status or email): its message is for the operator. */
export class HouseholdStatusError extends Error {
  override readonly name = 'HouseholdStatusError';
}

export function isHouseholdStatus(value: string): value is HouseholdStatus {
  return (HOUSEHOLD_STATUSES as readonly string[]).includes(value);
}

/**
 * Sets the status of the household of this email (case ignored): SUSPENDED_HOUSEHOLD and
 * INACTIVE_HOUSEHOLD refuse sign-in and every personal call (403 with that code); ACTIVE restores.
 */
export async function setHouseholdStatus(
  db: Kysely<Database>,
  email: string,
  status: string,
): Promise<{ householdId: string; previous: string; status: HouseholdStatus }> {
  if (!isHouseholdStatus(status)) {
    throw new HouseholdStatusError(
      `unknown status "${status}": expected one of ${HOUSEHOLD_STATUSES.join(', ')}`,
    );
  }
  const households = await repo.findHouseholdsByEmail(db, email.trim());
  if (households.length === 0) throw new HouseholdStatusError(`no household with the email ${email}`);
  if (households.length > 1) {
    throw new HouseholdStatusError(
      `${households.length} households have the email ${email}: ${households.map((h) => h.id).join(', ')}`,
    );
  }
  const household = households[0] as HouseholdRow;
  await repo.updateHouseholdStatus(db, household.id, status);
  return { householdId: household.id, previous: household.status, status };
}

/**
 * The identity's new address was verified (identity module's afterEmailVerification): the
 * household's email follows it. Returns whether there was a household.
 */
export async function followIdentityEmail(
  db: Kysely<Database>,
  identityUserId: string,
  email: string,
): Promise<boolean> {
  const household = await repo.findHouseholdByIdentityUser(db, identityUserId);
  if (household === undefined) return false;
  if (household.email !== email) await repo.updateHouseholdEmail(db, household.id, email);
  return true;
}

/**
 * The identity behind a household was deleted (identity module's afterDelete): the household and
 * every personal row go with it, so a later sign-up with the same address starts afresh.
 * Returns whether there was a household.
 */
export async function deleteHouseholdOfIdentityUser(
  db: Kysely<Database>,
  identityUserId: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const household = await repo.findHouseholdByIdentityUser(trx, identityUserId);
    if (!household) return false;
    await repo.deleteHouseholdRows(trx, household.id);
    return true;
  });
}
