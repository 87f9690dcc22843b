import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  accountPaths,
  queryKeys,
  type ConfigWeb,
  type ContinueWatching,
  type ContinueWatchingItem,
  type LastViewedOffsetResponse,
} from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api } from './client';
import { playbackWritesSettled } from './playback-writes';
import { useStartup } from './use-startup';

/** A continue-watching item: an asset plus where the user stopped (Exposure notes §6.4). */
export type ContinueWatchingAsset = ContinueWatchingItem;

/** `GET …/recommend/continue` with the user's token: `{ items }`, after the player's last posts. */
export async function getContinueWatching(
  config: ConfigWeb,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ContinueWatching> {
  await playbackWritesSettled();
  return api.get<ContinueWatching>(accountPaths.continueWatching(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    signal,
  });
}

/**
 * `GET …/userplayhistory/lastviewedoffset?assetIds=…`: the offsets (ms) of these assets, read
 * once the player's posts in flight have landed (playback-writes.ts).
 */
export async function getLastViewedOffsets(
  config: ConfigWeb,
  token: string,
  assetIds: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<LastViewedOffsetResponse> {
  await playbackWritesSettled();
  return api.get<LastViewedOffsetResponse>(accountPaths.lastViewedOffset(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    query: { assetIds: assetIds.join(',') },
    signal,
  });
}

export const continueWatchingQueryOptions = (config: ConfigWeb, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.continueWatching(token),
    queryFn: token ? ({ signal }) => getContinueWatching(config, token, { signal }) : skipToken,
  });

export const lastViewedOffsetsQueryOptions = (
  config: ConfigWeb,
  token: string | null,
  assetIds: readonly string[],
) =>
  queryOptions({
    queryKey: queryKeys.lastViewedOffset(token, assetIds),
    queryFn:
      token && assetIds.length > 0
        ? ({ signal }) => getLastViewedOffsets(config, token, assetIds, { signal })
        : skipToken,
  });

/**
 * Continue watching with each card's progress: the list, then the offsets of its titles
 * (`lastViewedOffset`, the item's own play history when the offsets call has no entry or fails).
 */
export function useContinueWatching({ enabled = true }: { enabled?: boolean } = {}) {
  const { config } = useStartup();
  const token = useUserToken();
  const list = useQuery({ ...continueWatchingQueryOptions(config, token), enabled });
  const ids = (list.data?.items ?? []).map((item) => item.assetId);
  const offsets = useQuery({ ...lastViewedOffsetsQueryOptions(config, token, ids), enabled });
  const byId = new Map((offsets.data?.items ?? []).map((entry) => [entry.assetId, entry]));
  const items: ContinueWatchingAsset[] = (list.data?.items ?? []).map((item) => {
    const entry = byId.get(item.assetId);
    if (!entry) return item;
    return {
      ...item,
      userData: {
        ...item.userData,
        playHistory: {
          ...item.userData?.playHistory,
          lastViewedOffset: entry.lastViewedOffset,
          lastViewedTime: entry.lastViewedTime,
        },
      },
    };
  });
  return {
    items,
    isPending: list.isPending || (ids.length > 0 && offsets.isPending && !offsets.isError),
    isError: list.isError,
  };
}
