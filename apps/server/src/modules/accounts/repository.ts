import type { Selectable } from 'kysely';
import type {
  FavoritesTable,
  HouseholdsTable,
  PlayHistoryTable,
  ProfilesTable,
  SessionsTable,
} from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The accounts' SQL: households, profiles, sessions and each profile's personal rows. Every
 * query that reads personal data names the household or the profile it belongs to; the service
 * passes only the ones of the caller's session. Works the same on SQLite and PostgreSQL.
 */

export type HouseholdRow = Selectable<HouseholdsTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type PlayHistoryRow = Selectable<PlayHistoryTable>;

/** The personal tables, children first (the order rows are deleted in). */
export const PERSONAL_TABLES = [
  'play_history',
  'favorites',
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
export async function insertHouseholdIfAbsent(db: Executor, row: HouseholdRow): Promise<void> {
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

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
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

// Preferences ---------------------------------------------------------------------------------

export function findPreferences(
  db: Executor,
  profileId: string,
): Promise<{ map: string; last_updated: string } | undefined> {
  return db
    .selectFrom('preferences')
    .select(['map', 'last_updated'])
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function savePreferences(
  db: Executor,
  profileId: string,
  map: string,
  lastUpdated: string,
): Promise<void> {
  await db
    .insertInto('preferences')
    .values({ profile_id: profileId, map, last_updated: lastUpdated })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ map, last_updated: lastUpdated }))
    .execute();
}

// Favourites ----------------------------------------------------------------------------------

/** Newest first. */
export function listFavorites(db: Executor, profileId: string): Promise<FavoriteRow[]> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('created_at', 'desc')
    .orderBy('asset_id')
    .execute();
}

export function findFavorite(
  db: Executor,
  profileId: string,
  assetId: string,
): Promise<FavoriteRow | undefined> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('asset_id', '=', assetId)
    .executeTakeFirst();
}

export async function countFavorites(db: Executor, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds a favourite; an existing one is kept as it is (adding twice changes nothing). */
export async function insertFavorite(db: Executor, row: FavoriteRow): Promise<void> {
  await db
    .insertInto('favorites')
    .values(row)
    .onConflict((oc) => oc.columns(['profile_id', 'asset_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Executor, profileId: string, assetId: string): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('profile_id', '=', profileId)
    .where('asset_id', '=', assetId)
    .execute();
}

// Play history --------------------------------------------------------------------------------

/**
 * Records where a profile stopped in an asset (offset in ms into it, at `viewedAt` epoch ms):
 * one row per profile and asset, the latest wins. For the player (nothing else writes it yet).
 */
export async function recordProgress(
  db: Executor,
  progress: { profileId: string; assetId: string; offsetMs: number; viewedAt: number },
): Promise<void> {
  const offset = Math.max(0, Math.round(progress.offsetMs));
  const time = Math.round(progress.viewedAt);
  await db
    .insertInto('play_history')
    .values({
      profile_id: progress.profileId,
      asset_id: progress.assetId,
      last_viewed_offset: offset,
      last_viewed_time: time,
    })
    .onConflict((oc) =>
      oc
        .columns(['profile_id', 'asset_id'])
        .doUpdateSet({ last_viewed_offset: offset, last_viewed_time: time }),
    )
    .execute();
}

export interface PlayHistoryEntry {
  assetId: string;
  lastViewedOffset: number;
  lastViewedTime: number;
}

/** A profile's play history, most recent first; only these assets when `assetIds` is given. */
export async function listPlayHistory(
  db: Executor,
  profileId: string,
  assetIds?: string[],
): Promise<PlayHistoryEntry[]> {
  let query = db.selectFrom('play_history').selectAll().where('profile_id', '=', profileId);
  if (assetIds !== undefined) {
    if (assetIds.length === 0) return [];
    query = query.where('asset_id', 'in', assetIds);
  }
  const rows = await query.orderBy('last_viewed_time', 'desc').orderBy('asset_id').execute();
  return rows.map((r) => ({
    assetId: r.asset_id,
    lastViewedOffset: Number(r.last_viewed_offset),
    lastViewedTime: Number(r.last_viewed_time),
  }));
}
