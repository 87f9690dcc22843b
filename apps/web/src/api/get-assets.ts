import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, type Asset, type AssetList, type ConfigWeb } from '@antenne/contract';
import { useCatalogueViewer } from './catalogue-viewer';
import { api, type QueryValue } from './client';
import { useStartup } from './use-startup';

/**
 * The items of a component's `contentUrl` (a carousel, a mosaic): the URL the structure gives,
 * plus `onlyPublished=true` and `allowedCountry` (spec part 2 §7), with the session token of a
 * restricted profile, whose lanes leave out the titles above its level (ADR 0012). The answer is
 * an asset list `{ items, totalCount }`.
 */
export function getContentUrl(
  config: ConfigWeb,
  url: string,
  options: { country: string; token?: string | null; pageSize?: number; signal?: AbortSignal },
): Promise<AssetList> {
  const parsed = new URL(url, 'http://x');
  const query: Record<string, QueryValue> = Object.fromEntries(parsed.searchParams);
  query.onlyPublished = true;
  query.allowedCountry = options.country;
  if (options.pageSize !== undefined) query.pageSize = options.pageSize;
  return api.get<AssetList>(parsed.pathname, {
    baseUrl: config.exposureBaseUrl,
    query,
    token: options.token ?? null,
    ...(options.token ? { noCache: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** `scope`: the restricted profile whose lanes these are (CatalogueViewer), null for the public ones. */
export const contentQueryKey = (url: string | undefined, country: string, scope: string | null, pageSize?: number) =>
  ['content', url, country, scope, pageSize] as const;

/** A component's items; `enabled: false` keeps a lane far below the fold from fetching. */
export function useContent(url: string | undefined, { enabled = true, pageSize }: { enabled?: boolean; pageSize?: number } = {}) {
  const { config, location } = useStartup();
  const { token, scope } = useCatalogueViewer();
  return useQuery(
    queryOptions({
      queryKey: contentQueryKey(url, location.country, scope, pageSize),
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
