import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { accountPaths, queryKeys, type Asset, type AssetListItem, type ConfigWeb } from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api } from './client';
import { useStartup } from './use-startup';

/** One entry of the favourites list (Exposure `ApiAssetListItemResponse`, the contract's AssetListItem). */
export type FavoriteItem = AssetListItem;

/** `GET …/preferences/list/favorites/asset` with the user's token: a bare array. */
export function getFavorites(
  config: ConfigWeb,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FavoriteItem[]> {
  return api.get<FavoriteItem[]>(accountPaths.listAssets(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    signal,
  });
}

export function addFavorite(config: ConfigWeb, token: string, assetId: string): Promise<unknown> {
  return api.post(
    accountPaths.listAsset(config, assetId),
    { order: 0 },
    { baseUrl: config.exposureBaseUrl, token },
  );
}

export function removeFavorite(config: ConfigWeb, token: string, assetId: string): Promise<unknown> {
  return api.delete(accountPaths.listAsset(config, assetId), { baseUrl: config.exposureBaseUrl, token });
}

/** Keyed by the token: another user (or none) is another list, fetched anew (spec part 1 §4). */
export const favoritesQueryKey = queryKeys.favourites;

export const favoritesQueryOptions = (config: ConfigWeb, token: string | null) =>
  queryOptions({
    queryKey: favoritesQueryKey(token),
    queryFn: token ? ({ signal }) => getFavorites(config, token, { signal }) : skipToken,
  });

/** The signed-in user's favourites (nothing is asked for a visitor). */
export function useFavorites() {
  const { config } = useStartup();
  const token = useUserToken();
  return useQuery(favoritesQueryOptions(config, token));
}

/** The ids of the favourites, for on/off states. */
export function useFavoriteIds(): ReadonlySet<string> {
  const favorites = useFavorites();
  const items = favorites.data;
  return new Set((items ?? []).map((item) => item.assetId));
}

/**
 * What a favourite button stands for (spec part 2 §4): a series is favourited by its show id
 * (the episode's tvShowId, or the series' own id on the series); `episodeId` is the episode the
 * user is on, removed too when the show is un-favourited and the episode is in the list.
 */
export interface FavoriteTarget {
  favoriteId: string;
  episodeId?: string;
}

export function favoriteTargetOf(
  asset: Pick<Asset, 'assetId' | 'type' | 'tvShowId'>,
  currentEpisodeId?: string,
): FavoriteTarget {
  if (asset.type === 'TV_SHOW')
    return { favoriteId: asset.assetId, ...(currentEpisodeId ? { episodeId: currentEpisodeId } : {}) };
  if (asset.tvShowId) return { favoriteId: asset.tvShowId, episodeId: asset.assetId };
  return { favoriteId: asset.assetId };
}

/** On when the show (or the title) is in the list, or the current episode itself is. */
export function isFavoriteIn(ids: ReadonlySet<string>, target: FavoriteTarget): boolean {
  return ids.has(target.favoriteId) || (target.episodeId !== undefined && ids.has(target.episodeId));
}

/**
 * Adds or removes a favourite, then reloads the list (spec part 1 §4: after every add or remove).
 * `add: false` removes the show id and the current episode id when each is in the list.
 */
export function useToggleFavorite() {
  const { config } = useStartup();
  const token = useUserToken();
  const queryClient = useQueryClient();
  // A plain pending flag rather than useMutation: the cards on the home page carry this hook,
  // and TanStack's mutation machinery would weigh on the first screen's JavaScript budget.
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (
      { target, add }: { target: FavoriteTarget; add: boolean },
      { onError }: { onError?: (error: unknown) => void } = {},
    ) => {
      const run = async () => {
        if (!token) throw new Error('Favourites need a signed-in user');
        if (add) {
          await addFavorite(config, token, target.favoriteId);
          return;
        }
        const ids = new Set(
          (queryClient.getQueryData(favoritesQueryOptions(config, token).queryKey) ?? []).map(
            (item) => item.assetId,
          ),
        );
        const listed = [target.favoriteId, target.episodeId].filter(
          (id): id is string => id !== undefined && ids.has(id),
        );
        for (const id of listed.length > 0 ? [...new Set(listed)] : [target.favoriteId])
          await removeFavorite(config, token, id);
      };
      setPending(true);
      void run()
        .catch((error: unknown) => onError?.(error))
        .finally(() => {
          setPending(false);
          void queryClient.invalidateQueries({ queryKey: ['favourites'] });
        });
    },
    [config, token, queryClient],
  );
  return { isPending, mutate };
}
