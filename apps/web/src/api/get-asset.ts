import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import {
  paths,
  queryKeys,
  type Asset,
  type AssetList,
  type ConfigWeb,
  type TagType,
} from '@antenne/contract';
import { useCatalogueViewer, viewerRequest, type CatalogueViewer } from './catalogue-viewer';
import { api } from './client';
import { useStartup } from './use-startup';

/** `redbee:abc` and `abc` name the same asset: the prefix is dropped. */
export const stripAssetPrefix = (id: string) => id.replace(/^redbee:/, '');

/**
 * One asset with everything the details page shows (spec part 2 §7):
 * `content/asset/{assetId}?fieldSet=ALL`; a TV_SHOW answer carries its `seasons` and their `episodes`.
 */
export function getAsset(
  config: ConfigWeb,
  assetId: string,
  { country, signal }: { country: string; signal?: AbortSignal },
): Promise<Asset> {
  return api.get<Asset>(paths.asset(config, assetId), {
    baseUrl: config.exposureBaseUrl,
    query: {
      fieldSet: 'ALL',
      includeSeasons: true,
      includeEpisodes: true,
      onlyPublished: true,
      allowedCountry: country,
    },
    signal,
  });
}

export const assetQueryOptions = (config: ConfigWeb, assetId: string | undefined, country: string) =>
  queryOptions({
    queryKey: queryKeys.asset(assetId, country),
    queryFn: assetId ? ({ signal }) => getAsset(config, assetId, { country, signal }) : skipToken,
    staleTime: 60_000,
  });

export function useAsset(assetId: string | undefined) {
  const { config, location } = useStartup();
  return useQuery(assetQueryOptions(config, assetId, location.country));
}

/** What recommendations are asked for: the tag (and its scheme) and the asset left out. */
export interface RecommendationsParams {
  tagId: string | undefined;
  scheme: string | undefined;
  excludeAssetId: string;
}

/**
 * Recommendations (spec part 2 §7): the 10 latest films and series carrying `tagId`, this asset left out
 * (and, for a restricted profile, those above its level: ADR 0012).
 */
export function getRecommendations(
  config: ConfigWeb,
  { tagId, scheme, excludeAssetId }: { tagId: string; scheme: string; excludeAssetId: string },
  { country, viewer, signal }: { country: string; viewer: CatalogueViewer; signal?: AbortSignal },
): Promise<AssetList> {
  return api.get<AssetList>(paths.assets(config), {
    baseUrl: config.exposureBaseUrl,
    query: {
      sort: '-created',
      pageNumber: 1,
      pageSize: 10,
      fieldSet: 'ALL',
      onlyPublished: true,
      allowedCountry: country,
      query: `tags.${scheme}:"${tagId}" AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:"${excludeAssetId}"`,
    },
    ...viewerRequest(viewer),
    signal,
  });
}

/** `tagId` or `scheme` undefined: nothing is asked. */
export const recommendationsQueryOptions = (
  config: ConfigWeb,
  { tagId, scheme, excludeAssetId }: RecommendationsParams,
  { country, viewer }: { country: string; viewer: CatalogueViewer },
) =>
  queryOptions({
    queryKey: queryKeys.recommendations(scheme, tagId, excludeAssetId, country, viewer.scope),
    queryFn:
      tagId && scheme
        ? ({ signal }) =>
            getRecommendations(config, { tagId, scheme, excludeAssetId }, { country, viewer, signal })
        : skipToken,
    staleTime: 60_000,
  });

export function useRecommendations(
  tagId: string | undefined,
  scheme: string | undefined,
  excludeAssetId: string,
) {
  const { config, location } = useStartup();
  const viewer = useCatalogueViewer();
  return useQuery(
    recommendationsQueryOptions(
      config,
      { tagId, scheme, excludeAssetId },
      { country: location.country, viewer },
    ),
  );
}

/** A tag (`tag/{tagId}`), for its localized titles. */
export function getTag(config: ConfigWeb, tagId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<TagType>(paths.tag(config, tagId), { baseUrl: config.exposureBaseUrl, signal });
}

export const tagQueryOptions = (config: ConfigWeb, tagId: string) =>
  queryOptions({
    queryKey: queryKeys.tag(tagId),
    queryFn: ({ signal }) => getTag(config, tagId, { signal }),
    staleTime: 5 * 60_000,
  });

/** Tags by id; a failed call leaves that entry undefined. */
export function useTags(tagIds: readonly string[]) {
  const { config } = useStartup();
  return useQueries({ queries: tagIds.map((tagId) => tagQueryOptions(config, tagId)) });
}
