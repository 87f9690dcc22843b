import type { Insertable, Selectable } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { HouseholdsTable, ProfilesTable, SessionsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The accounts' SQL: households, profiles, sessions and each profile's personal rows. Every
 * query that reads personal data names the household or the profile it belongs to; the service
 * passes only the ones of the caller's session. Works the same on SQLite and PostgreSQL. The
 * personal rows' SQL is in personal-repository.ts, re-exported here.
 */

export type HouseholdRow = Selectable<HouseholdsTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type SessionRow = Selectable<SessionsTable>;
export * from './personal-repository.js';

/** The personal tables, children first (the order rows are deleted in). */
export const PERSONAL_TABLES = [
  'play_history',
  'favorites',
  'followed_tags',
  'preferences',
  'sessions',
  'profiles',
  'households',
] as const;

// Households ----------------------------------------------------------------------------------

export function findHouseholdByIdentityUser(
  db: Executor,
  identityUserId: string,
): Promise<HouseholdRow | undefined> {
  return db
    .selectFrom('households')
    .selectAll()
    .where('identity_user_id', '=', identityUserId)
    .executeTakeFirst();
}

/** The household of a pay-TV distributor's subscriber (issue 19), if it signed in before. */
export function findHouseholdByTvProvider(
  db: Executor,
  providerId: string,
  subscriberId: string,
): Promise<HouseholdRow | undefined> {
  return db
    .selectFrom('households')
    .selectAll()
    .where('tv_provider', '=', providerId)
    .where('tv_provider_subscriber', '=', subscriberId)
    .executeTakeFirst();
}

export function findHouseholdById(db: Executor, id: string): Promise<HouseholdRow | undefined> {
  return db.selectFrom('households').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Households whose email is this one, ignoring case (the administrator command looks them up so). */
export function findHouseholdsByEmail(db: Executor, email: string): Promise<HouseholdRow[]> {
  return db
    .selectFrom('households')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** Inserts a household unless one exists for this identity user (concurrent first logins). */
export async function insertHouseholdIfAbsent(db: Executor, row: Insertable<HouseholdsTable>): Promise<void> {
  await db
    .insertInto('households')
    .values(row)
    .onConflict((oc) => oc.column('identity_user_id').doNothing())
    .execute();
}

export async function updateHouseholdEmail(db: Executor, id: string, email: string): Promise<void> {
  await db.updateTable('households').set({ email }).where('id', '=', id).execute();
}

export async function updateHouseholdStatus(db: Executor, id: string, status: string): Promise<void> {
  await db.updateTable('households').set({ status }).where('id', '=', id).execute();
}

/** Deletes a household and every personal row of it (call inside a transaction). */
export async function deleteHouseholdRows(db: Executor, householdId: string): Promise<void> {
  const profileIds = db.selectFrom('profiles').select('id').where('household_id', '=', householdId);
  await db.deleteFrom('play_history').where('profile_id', 'in', profileIds).execute();
  await db.deleteFrom('favorites').where('profile_id', 'in', profileIds).execute();
  await db.deleteFrom('followed_tags').where('profile_id', 'in', profileIds).execute();
  await db.deleteFrom('preferences').where('profile_id', 'in', profileIds).execute();
  await db.deleteFrom('sessions').where('household_id', '=', householdId).execute();
  await db.deleteFrom('profiles').where('household_id', '=', householdId).execute();
  await db.deleteFrom('households').where('id', '=', householdId).execute();
}

// Profiles ------------------------------------------------------------------------------------

export function listProfiles(db: Executor, householdId: string): Promise<ProfileRow[]> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('household_id', '=', householdId)
    .orderBy('owner', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A profile of this household, or undefined (another household's id is as unknown as a wrong one). */
export function findProfile(
  db: Executor,
  householdId: string,
  profileId: string,
): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', '=', profileId)
    .executeTakeFirst();
}

export function findOwnerProfile(db: Executor, householdId: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('owner', '=', 1)
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function countProfiles(db: Executor, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('household_id', '=', householdId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProfile(db: Executor, row: ProfileRow): Promise<void> {
  await db.insertInto('profiles').values(row).execute();
}

export async function updateProfile(
  db: Executor,
  householdId: string,
  profileId: string,
  changes: Partial<Omit<ProfileRow, 'id' | 'household_id' | 'owner' | 'created_at'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('profiles')
    .set(changes)
    .where('household_id', '=', householdId)
    .where('id', '=', profileId)
    .execute();
}

/** Deletes a profile and its personal rows (call inside a transaction). */
export async function deleteProfileRows(db: Executor, householdId: string, profileId: string): Promise<void> {
  await db.deleteFrom('play_history').where('profile_id', '=', profileId).execute();
  await db.deleteFrom('favorites').where('profile_id', '=', profileId).execute();
  await db.deleteFrom('followed_tags').where('profile_id', '=', profileId).execute();
  await db.deleteFrom('preferences').where('profile_id', '=', profileId).execute();
  await db
    .deleteFrom('sessions')
    .where('profile_id', '=', profileId)
    .where('household_id', '=', householdId)
    .execute();
  await db
    .deleteFrom('profiles')
    .where('id', '=', profileId)
    .where('household_id', '=', householdId)
    .execute();
}

// Sessions ------------------------------------------------------------------------------------

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSession(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function revokeSession(db: Executor, tokenHash: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeHouseholdSessions(db: Executor, householdId: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('household_id', '=', householdId)
    .where('revoked_at', 'is', null)
    .execute();
}

// The demo subscriber's subscription -----------------------------------------------------------

/** Whether the household subscribes to this product (whatever its dates). */
export async function hasSubscription(
  db: Executor,
  householdId: string,
  productId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('household_subscriptions')
    .select('id')
    .where('household_id', '=', householdId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id prefix of the subscriptions a distributor's authorization gives (grantProviderSubscriptions). */
const PROVIDER_SUBSCRIPTION_PREFIX = 'tvp_';

/**
 * The subscriptions a pay-TV distributor's authorization gives its subscriber's household (the
 * network's US service: TV_PROVIDER_PRODUCTS), from `start` until `end`; one row per product, whose
 * end each provider login moves (its id is derived, so a second login updates instead of adding).
 */
export async function grantProviderSubscriptions(
  db: Executor,
  householdId: string,
  productIds: readonly string[],
  start: string,
  end: string,
): Promise<void> {
  for (const productId of productIds) {
    await db
      .insertInto('household_subscriptions')
      .values({
        id: `${PROVIDER_SUBSCRIPTION_PREFIX}${createHash('sha256').update(`${householdId}\u0000${productId}`).digest('hex').slice(0, 40)}`,
        household_id: householdId,
        product_id: productId,
        start_date: start,
        end_date: end,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ end_date: end }))
      .execute();
  }
}

/** Moves the end of the household's distributor-given subscriptions to `end` when it is later. */
export async function extendProviderSubscriptions(
  db: Executor,
  householdId: string,
  end: string,
): Promise<void> {
  await db
    .updateTable('household_subscriptions')
    .set({ end_date: end })
    .where('household_id', '=', householdId)
    .where('id', 'like', `${PROVIDER_SUBSCRIPTION_PREFIX}%`)
    .where('end_date', '<', end)
    .execute();
}

/** An open-ended subscription of the household to a product, from `start` (ISO-8601). */
export async function insertOpenSubscription(
  db: Executor,
  householdId: string,
  productId: string,
  start: string,
): Promise<void> {
  await db
    .insertInto('household_subscriptions')
    .values({
      id: `sub_${randomBytes(12).toString('hex')}`,
      household_id: householdId,
      product_id: productId,
      start_date: start,
      end_date: null,
    })
    .execute();
}
