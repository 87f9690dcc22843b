import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  paths,
  personalResourceOf,
  queryKeys,
  type Asset,
  type AssetList,
  type AssetListItem,
  type ConfigWeb,
  type ContentUrl,
} from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { useCatalogueViewer, type CatalogueViewer } from './catalogue-viewer';
import { api, type QueryValue } from './client';
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
      const { asset } = entry as AssetListItem;
      return asset ? [asset] : [];
    }
    return 'type' in entry ? [entry as Asset] : [];
  });
  return { items, totalCount: items.length };
}

/**
 * The items of a component's `contentUrl` (a carousel, a mosaic): the URL the structure gives,
 * plus `onlyPublished=true` and `allowedCountry` (spec part 2 §7), read by {@link contentList}
 * whatever its shape. The token: the user's for the user's own lists (favourites, continue
 * watching); for the catalogue's lanes, a restricted profile's, whose lanes leave out the titles
 * above its level (ADR 0012), and none otherwise (public, cached answers).
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
 * `['content', url, country, scope, pageSize]` (the contract's queryKeys.content) — for a
 * visitor's lanes (scope null) the key the server's index.html prefetch uses
 * (a server-rendered page embeds them: docs/adr/0030); `scope` is the restricted profile whose lanes
 * these are (CatalogueViewer). The signed-in user's own lists start with the resource their writes
 * invalidate and sign-out removes (`['favourites']`, `['continueWatching']`) and carry the user's
 * token instead: a lane of the favourites follows an add or a remove at once, as My content does.
 */
export const contentQueryKey = queryKeys.content;

/**
 * The query of a component's items for this reader: the user's own lists need the user's
 * session (`userToken`), the catalogue's lanes only a restricted profile's (`viewer`).
 */
export function contentQueryOptions(
  config: ConfigWeb,
  contentUrl: Pick<ContentUrl, 'type' | 'url'> | undefined,
  reader: { country: string; userToken: string | null; viewer: CatalogueViewer },
  { enabled = true, pageSize }: { enabled?: boolean; pageSize?: number } = {},
) {
  const url = contentUrl?.url;
  const { token, scope } =
    personalResourceOf(contentUrl) === undefined
      ? reader.viewer
      : { token: reader.userToken, scope: reader.userToken };
  return queryOptions({
    queryKey: contentQueryKey(contentUrl, reader.country, scope, pageSize),
    queryFn:
      url && enabled
        ? ({ signal }) =>
            getContentUrl(config, url, {
              country: reader.country,
              token,
              signal,
              ...(pageSize ? { pageSize } : {}),
            })
        : skipToken,
    staleTime: 60_000,
  });
}

/** A component's items; `enabled: false` keeps a lane far below the fold from fetching. */
export function useContent(
  contentUrl: Pick<ContentUrl, 'type' | 'url'> | undefined,
  options: { enabled?: boolean; pageSize?: number } = {},
) {
  const { config, location } = useStartup();
  const userToken = useUserToken();
  const viewer = useCatalogueViewer();
  return useQuery(
    contentQueryOptions(config, contentUrl, { country: location.country, userToken, viewer }, options),
  );
}

/** Assets by id, in the order asked (the hero's items): `content/asset?assetIds=…&fieldSet=ALL`. */
export async function getAssetsByIds(
  config: ConfigWeb,
  assetIds: readonly string[],
  { country, signal }: { country: string; signal?: AbortSignal },
): Promise<Asset[]> {
  const list = await api.get<AssetList>(paths.assets(config), {
    baseUrl: config.exposureBaseUrl,
    query: {
      assetIds: [...assetIds],
      fieldSet: 'ALL',
      onlyPublished: true,
      allowedCountry: country,
      pageSize: assetIds.length,
    },
    signal,
  });
  const byId = new Map<string, Asset>(list.items.map((a) => [a.assetId, a]));
  return assetIds.map((id) => byId.get(id)).filter((a): a is Asset => a !== undefined);
}

export const assetsByIdsQueryOptions = (config: ConfigWeb, assetIds: readonly string[], country: string) =>
  queryOptions({
    queryKey: queryKeys.assetsByIds(assetIds, country),
    queryFn:
      assetIds.length > 0 ? ({ signal }) => getAssetsByIds(config, assetIds, { country, signal }) : skipToken,
    staleTime: 60_000,
  });

export function useAssetsByIds(assetIds: readonly string[]) {
  const { config, location } = useStartup();
  return useQuery(assetsByIdsQueryOptions(config, assetIds, location.country));
}
