import type { LastViewedOffsetResponse } from '@antenne/contract';
import { AccountsPart, publishedAssetsById, type ContinueWatchingItem, type SessionContext } from './core.js';
import * as repo from './repository.js';

/** A started asset is "finished" past this share of its duration. */
const FINISHED_SHARE = 0.95;
const LAST_VIEWED_DEFAULT_PAGE_SIZE = 200;

/** A profile's play history: the last viewed offsets, and continue watching. */
export class PlayHistoryService extends AccountsPart {
  async lastViewedOffsets(
    ctx: SessionContext,
    query: { assetIds?: string[]; pageSize?: number; pageNumber?: number },
  ): Promise<LastViewedOffsetResponse> {
    const ids = query.assetIds
      ?.flatMap((v) => v.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const entries = await repo.listPlayHistory(
      this.db,
      ctx.profile.id,
      ids !== undefined && ids.length > 0 ? ids : undefined,
    );
    const pageSize = query.pageSize ?? LAST_VIEWED_DEFAULT_PAGE_SIZE;
    const pageNumber = query.pageNumber ?? 1;
    const start = (pageNumber - 1) * pageSize;
    return { count: entries.length, pageNumber, pageSize, items: entries.slice(start, start + pageSize) };
  }

  /**
   * Started and not finished (0 < offset < 95 % of the duration), published assets, most recent
   * first. A TV channel is never one: its bookmark is a wall-clock time (liveTime), not progress.
   */
  async continueWatching(ctx: SessionContext): Promise<{ items: ContinueWatchingItem[] }> {
    const entries = (await repo.listPlayHistory(this.db, ctx.profile.id)).filter(
      (e) => e.lastViewedOffset > 0,
    );
    const assets = await publishedAssetsById(
      this.catalogue,
      entries.map((e) => e.assetId),
    );
    const items = entries.flatMap((entry): ContinueWatchingItem[] => {
      const asset = assets.get(entry.assetId);
      if (asset === undefined || asset.type === 'TV_CHANNEL') return [];
      if (
        asset.duration !== undefined &&
        asset.duration > 0 &&
        entry.lastViewedOffset >= asset.duration * FINISHED_SHARE
      )
        return [];
      return [
        {
          ...asset,
          userData: {
            playHistory: { lastViewedOffset: entry.lastViewedOffset, lastViewedTime: entry.lastViewedTime },
          },
        },
      ];
    });
    return { items };
  }
}
