import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, type Asset, type AssetList, type ConfigWeb, type ContentUrl } from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api, type QueryValue } from './client';
import type { FavoriteItem } from './favorites';
import { useStartup } from './use-startup';

/** What a lane or a mosaic shows of a component's content: its titles, and how many there are. */
export interface ContentList {
  items: Asset[];
  totalCount: number;
}

/**
 * A `contentUrl` answer as the titles it holds, by its shape (Exposure notes §9.7): an asset list
 * `{ items, totalCount? }` (AssetQuery, ContinueWatching, Recommended…), or a bare array — the
 * Favourites list's entries `{ assetId, asset }` (their assets), or Tvod's assets.
 */
export function contentList(answer: AssetList | readonly unknown[]): ContentList {
  if (!Array.isArray(answer)) {
    const list = answer as AssetList;
    const items = list.items ?? [];
    return { items, totalCount: list.totalCount ?? items.length };
  }
  const items = answer.flatMap((entry): Asset[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    if ('asset' in entry) {
      const { asset } = entry as FavoriteItem;
      return asset ? [asset] : [];
    }
    return 'type' in entry ? [entry as Asset] : [];
  });
  return { items, totalCount: items.length };
}

/**
 * The items of a component's `contentUrl` (a carousel, a mosaic): the URL the structure gives,
 * plus `onlyPublished=true` and `allowedCountry`, with the user's token when signed in
 * (spec part 2 §7), read by {@link contentList} whatever its shape.
 */
export async function getContentUrl(
  config: ConfigWeb,
  url: string,
  options: { country: string; token?: string | null; pageSize?: number; signal?: AbortSignal },
): Promise<ContentList> {
  const parsed = new URL(url, 'http://x');
  const query: Record<string, QueryValue> = Object.fromEntries(parsed.searchParams);
  query.onlyPublished = true;
  query.allowedCountry = options.country;
  if (options.pageSize !== undefined) query.pageSize = options.pageSize;
  const answer = await api.get<AssetList | unknown[]>(parsed.pathname, {
    baseUrl: config.exposureBaseUrl,
    query,
    token: options.token ?? null,
    ...(options.token ? { noCache: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return contentList(answer);
}

/**
 * `['content', url, country, token, pageSize]` — the key the server's index.html prefetch uses for a
 * visitor's lanes (apps/server/src/modules/web-app/bootstrap.ts). The signed-in user's own lists
 * start with the resource their writes invalidate and sign-out removes (`['favourites']`,
 * `['continueWatching']`) instead: a lane of the favourites follows an add or a remove at once, as
 * My content does.
 */
const PERSONAL_RESOURCES: Record<string, string> = { Favourites: 'favourites', ContinueWatching: 'continueWatching' };

export const contentQueryKey = (
  contentUrl: Pick<ContentUrl, 'type' | 'url'> | undefined,
  country: string,
  token: string | null,
  pageSize?: number,
) => [PERSONAL_RESOURCES[contentUrl?.type ?? ''] ?? 'content', contentUrl?.url, country, token, pageSize] as const;

/** A component's items; `enabled: false` keeps a lane far below the fold from fetching. */
export function useContent(
  contentUrl: Pick<ContentUrl, 'type' | 'url'> | undefined,
  { enabled = true, pageSize }: { enabled?: boolean; pageSize?: number } = {},
) {
  const { config, location } = useStartup();
  const token = useUserToken();
  const url = contentUrl?.url;
  return useQuery(
    queryOptions({
      queryKey: contentQueryKey(contentUrl, location.country, token, pageSize),
      queryFn:
        url && enabled
          ? ({ signal }) => getContentUrl(config, url, { country: location.country, token, signal, ...(pageSize ? { pageSize } : {}) })
          : skipToken,
      staleTime: 60_000,
    }),
  );
}

/** Assets by id, in the order asked (the hero's items): `content/asset?assetIds=…&fieldSet=ALL`. */
export function useAssetsByIds(assetIds: readonly string[]) {
  const { config, location } = useStartup();
  return useQuery(
    queryOptions({
      queryKey: ['assets', [...assetIds].sort().join(','), location.country] as const,
      queryFn:
        assetIds.length > 0
          ? async ({ signal }) => {
              const list = await api.get<AssetList>(paths.assets(config), {
                baseUrl: config.exposureBaseUrl,
                query: { assetIds: [...assetIds], fieldSet: 'ALL', onlyPublished: true, allowedCountry: location.country, pageSize: assetIds.length },
                signal,
              });
              const byId = new Map<string, Asset>(list.items.map((a) => [a.assetId, a]));
              return assetIds.map((id) => byId.get(id)).filter((a): a is Asset => a !== undefined);
            }
          : skipToken,
      staleTime: 60_000,
    }),
  );
}
