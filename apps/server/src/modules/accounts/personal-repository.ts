import type { Selectable } from 'kysely';
import type { FavoritesTable, FollowedTagsTable, PlayHistoryTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The accounts' SQL for each profile's personal rows: preferences, favourites and play history
 * (re-exported by repository.ts). Every query names the profile it belongs to.
 */

export type FavoriteRow = Selectable<FavoritesTable>;
export type FollowedTagRow = Selectable<FollowedTagsTable>;
export type PlayHistoryRow = Selectable<PlayHistoryTable>;

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

// Followed tags (the tagfeed list) ------------------------------------------------------------

/** In the order given, then oldest first. */
export function listFollowedTags(db: Executor, profileId: string): Promise<FollowedTagRow[]> {
  return db
    .selectFrom('followed_tags')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('tag_id')
    .execute();
}

export async function countFollowedTags(db: Executor, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('followed_tags')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Follows a tag; following it again updates its order and metadata. */
export async function upsertFollowedTag(db: Executor, row: FollowedTagRow): Promise<void> {
  await db
    .insertInto('followed_tags')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['profile_id', 'tag_id']).doUpdateSet({ position: row.position, metadata: row.metadata }),
    )
    .execute();
}

export async function deleteFollowedTag(db: Executor, profileId: string, tagId: string): Promise<void> {
  await db
    .deleteFrom('followed_tags')
    .where('profile_id', '=', profileId)
    .where('tag_id', '=', tagId)
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
