import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { paths, type Asset, type AssetList, type TagType } from '@antenne/contract';
import { useCatalogueViewer, viewerRequest } from './catalogue-viewer';
import { api } from './client';
import { useStartup } from './use-startup';

/** `redbee:abc` and `abc` name the same asset: the prefix is dropped. */
export const stripAssetPrefix = (id: string) => id.replace(/^redbee:/, '');

/**
 * One asset with everything the details page shows (spec part 2 §7):
 * `content/asset/{assetId}?fieldSet=ALL`; a TV_SHOW answer carries its `seasons` and their `episodes`.
 */
export function useAsset(assetId: string | undefined) {
  const { config, location } = useStartup();
  return useQuery(
    queryOptions({
      queryKey: ['asset', assetId, location.country] as const,
      queryFn: assetId
        ? ({ signal }) =>
            api.get<Asset>(paths.asset(config, assetId), {
              baseUrl: config.exposureBaseUrl,
              query: {
                fieldSet: 'ALL',
                includeSeasons: true,
                includeEpisodes: true,
                onlyPublished: true,
                allowedCountry: location.country,
              },
              signal,
            })
        : skipToken,
      staleTime: 60_000,
    }),
  );
}

/**
 * Recommendations (spec part 2 §7): the 10 latest films and series carrying `tagId`, this asset left out
 * (and, for a restricted profile, those above its level: ADR 0012). `tagId` undefined: nothing is asked.
 */
export function useRecommendations(tagId: string | undefined, scheme: string | undefined, excludeAssetId: string) {
  const { config, location } = useStartup();
  const viewer = useCatalogueViewer();
  return useQuery(
    queryOptions({
      queryKey: ['recommendations', scheme, tagId, excludeAssetId, location.country, viewer.scope] as const,
      queryFn:
        tagId && scheme
          ? ({ signal }) =>
              api.get<AssetList>(paths.assets(config), {
                baseUrl: config.exposureBaseUrl,
                query: {
                  sort: '-created',
                  pageNumber: 1,
                  pageSize: 10,
                  fieldSet: 'ALL',
                  onlyPublished: true,
                  allowedCountry: location.country,
                  query: `tags.${scheme}:"${tagId}" AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:"${excludeAssetId}"`,
                },
                ...viewerRequest(viewer),
                signal,
              })
          : skipToken,
      staleTime: 60_000,
    }),
  );
}

/** Tags by id (`tag/{tagId}`), for their localized titles; a failed call leaves that entry undefined. */
export function useTags(tagIds: readonly string[]) {
  const { config } = useStartup();
  return useQueries({
    queries: tagIds.map((tagId) =>
      queryOptions({
        queryKey: ['tag', tagId] as const,
        queryFn: ({ signal }) => api.get<TagType>(paths.tag(config, tagId), { baseUrl: config.exposureBaseUrl, signal }),
        staleTime: 5 * 60_000,
      }),
    ),
  });
}
