import type { Asset, PreferencesResponse, TagListResponse } from '@antenne/contract';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import {
  AccountsPart,
  parseJson,
  publishedAssetsById,
  type FavoriteItem,
  type SessionContext,
} from './core.js';
import * as repo from './repository.js';

/** A profile's preferences (one map of text) and favourites (published assets only). */
export class PersonalService extends AccountsPart {
  async getPreferences(ctx: SessionContext): Promise<PreferencesResponse> {
    const row = await repo.findPreferences(this.db, ctx.profile.id);
    return row === undefined
      ? { lastUpdated: ctx.profile.created_at, preferences: {} }
      : { lastUpdated: row.last_updated, preferences: parseJson<Record<string, string>>(row.map, {}) };
  }

  /** Replaces the whole map; values are kept as text (`true` → 'true'). */
  async setPreferences(ctx: SessionContext, preferences: Record<string, unknown>): Promise<void> {
    const entries = Object.entries(preferences);
    if (entries.length > this.limits.maxPreferences) {
      throw new ApiError(403, 'TOO_MANY_PREFERENCES', `at most ${this.limits.maxPreferences} preferences`);
    }
    const map: Record<string, string> = {};
    for (const [key, value] of entries) {
      const text = typeof value === 'string' ? value : String(value);
      if (text.length > this.limits.maxPreferenceLength) {
        throw new ApiError(
          403,
          'TOO_LONG_PREFERENCES',
          `${key}: at most ${this.limits.maxPreferenceLength} characters`,
        );
      }
      map[key] = text;
    }
    await repo.savePreferences(this.db, ctx.profile.id, JSON.stringify(map), this.nowIso());
  }

  // Favourites --------------------------------------------------------------------------------

  /** The profile's favourites, newest first; assets no longer published are left out. */
  async listFavorites(ctx: SessionContext, limit?: number): Promise<FavoriteItem[]> {
    const rows = await repo.listFavorites(this.db, ctx.profile.id);
    const assets = await publishedAssetsById(
      this.catalogue,
      rows.map((r) => r.asset_id),
    );
    const items = rows.flatMap((row) => {
      const asset = assets.get(row.asset_id);
      return asset === undefined ? [] : [favoriteItem(row, asset)];
    });
    return limit === undefined ? items : items.slice(0, limit);
  }

  /** One favourite; 404 NOT_FOUND when it is not in the list (or no longer published). */
  async getFavorite(ctx: SessionContext, assetId: string): Promise<FavoriteItem> {
    const row = await repo.findFavorite(this.db, ctx.profile.id, assetId);
    const asset =
      row === undefined
        ? undefined
        : (await publishedAssetsById(this.catalogue, [row.asset_id])).get(row.asset_id);
    if (row === undefined || asset === undefined)
      throw new ApiError(404, 'NOT_FOUND', `${assetId} is not in the list`);
    return favoriteItem(row, asset);
  }

  /** Adds a published asset (unknown → 404 UNKNOWN_ASSET); adding twice changes nothing; past the limit → 409 LIMIT_REACHED. */
  async addFavorite(
    ctx: SessionContext,
    assetId: string,
    input: { order?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    const snapshot = await this.catalogue.snapshot();
    const asset = this.catalogue.getAsset(snapshot, assetId, {});
    const id = asset.assetId;
    await inTransaction(this.db, async (trx) => {
      if ((await repo.findFavorite(trx, ctx.profile.id, id)) !== undefined) return;
      if ((await repo.countFavorites(trx, ctx.profile.id)) >= this.limits.maxFavorites) {
        throw new ApiError(409, 'LIMIT_REACHED', `at most ${this.limits.maxFavorites} favourites`);
      }
      await repo.insertFavorite(trx, {
        profile_id: ctx.profile.id,
        asset_id: id,
        position: input.order ?? 0,
        metadata: JSON.stringify(input.metadata ?? {}),
        created_at: this.nowIso(),
      });
    });
  }

  async removeFavorite(ctx: SessionContext, assetId: string): Promise<void> {
    await repo.deleteFavorite(this.db, ctx.profile.id, assetId);
  }

  // Followed tags (the tagfeed list) -----------------------------------------------------------

  /** The profile's followed tags, and the asset query that lists their titles (`tags.tagId:…`). */
  async listFollowedTags(ctx: SessionContext): Promise<TagListResponse> {
    const rows = await repo.listFollowedTags(this.db, ctx.profile.id);
    return {
      query: rows.map((r) => `tags.tagId:"${r.tag_id.replace(/["\\]/g, '\\$&')}"`).join(' OR '),
      items: rows.map((r) => ({
        id: r.tag_id,
        order: Number(r.position),
        lastUpdated: new Date(r.created_at).toISOString(),
        metadata: parseJson<Record<string, unknown>>(r.metadata, {}),
      })),
    };
  }

  /** Follows a tag of the catalogue (unknown → 404 UNKNOWN_TAG); past the favourites' limit → 409 LIMIT_REACHED. */
  async followTag(
    ctx: SessionContext,
    tagId: string,
    input: { order?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    const snapshot = await this.catalogue.snapshot();
    if (!snapshot.tags.has(tagId)) throw new ApiError(404, 'UNKNOWN_TAG', `unknown tag ${tagId}`);
    await inTransaction(this.db, async (trx) => {
      const count = await repo.countFollowedTags(trx, ctx.profile.id);
      const followed = (await repo.listFollowedTags(trx, ctx.profile.id)).some((r) => r.tag_id === tagId);
      if (!followed && count >= this.limits.maxFavorites) {
        throw new ApiError(409, 'LIMIT_REACHED', `at most ${this.limits.maxFavorites} followed tags`);
      }
      await repo.upsertFollowedTag(trx, {
        profile_id: ctx.profile.id,
        tag_id: tagId,
        position: input.order ?? 0,
        metadata: JSON.stringify(input.metadata ?? {}),
        created_at: this.nowIso(),
      });
    });
  }

  async unfollowTag(ctx: SessionContext, tagId: string): Promise<void> {
    await repo.deleteFollowedTag(this.db, ctx.profile.id, tagId);
  }
}

function favoriteItem(row: repo.FavoriteRow, asset: Asset): FavoriteItem {
  return {
    assetId: row.asset_id,
    asset,
    lastUpdated: row.created_at,
    order: Number(row.position),
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  };
}
