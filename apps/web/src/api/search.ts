import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  MIN_SEARCH_TEXT_LENGTH,
  paths,
  queryKeys,
  type ConfigWeb,
  type SearchList,
  type SearchSuggestion,
} from '@antenne/contract';
import { useCatalogueViewer, viewerRequest, type CatalogueViewer } from './catalogue-viewer';
import { api } from './client';
import { useStartup } from './use-startup';

/** The schemes the search looks in besides titles and descriptions (spec part 2 §7). */
export const SEARCH_SCHEMES = ['keyword', 'subcategory', 'category', 'origin'] as const;

/** The types the results page shows, each in its group, in this order (spec part 2 §2 Search). */
export const SEARCH_RESULT_TYPES = [
  'MOVIE',
  'TV_SHOW',
  'EPISODE',
  'PODCAST',
  'PODCAST_EPISODE',
  'CLIP',
  'TV_CHANNEL',
] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/**
 * The types both search calls ask for: those of the white-label config's `assetSearchTypes` the
 * results page can show, else all of these. Suggestions and results then cover the same titles.
 */
export function searchTypesOf(assetSearchTypes: string | undefined): SearchResultType[] {
  const configured = new Set((assetSearchTypes ?? '').split(',').map((type) => type.trim()));
  const types = SEARCH_RESULT_TYPES.filter((type) => configured.has(type));
  return types.length > 0 ? types : [...SEARCH_RESULT_TYPES];
}

/** The searched types of this broadcaster (startup structure). */
export function useSearchTypes(): string {
  const { structure } = useStartup();
  return searchTypesOf(structure?.parameters.assetSearchTypes).join(',');
}

/** True when `text` is long enough to be sent (MIN_SEARCH_TEXT_LENGTH characters, spaces aside). */
export const isSearchable = (text: string) => text.trim().length >= MIN_SEARCH_TEXT_LENGTH;

/** The public search, unless a restricted profile reads it (ADR 0012). */
const PUBLIC: CatalogueViewer = { token: null, scope: null };

/** `GET /v1/.../content/search/suggestions/{text}`: title completions `[{ text, assetId }]` of these types. */
export function getSearchSuggestions(
  config: ConfigWeb,
  text: string,
  options: { locale: string; country: string; types: string; signal?: AbortSignal; viewer?: CatalogueViewer },
): Promise<SearchSuggestion[]> {
  return api.get<SearchSuggestion[]>(paths.searchSuggestions(config, text), {
    baseUrl: config.exposureBaseUrl,
    query: {
      locale: options.locale,
      types: options.types,
      allowedCountry: options.country,
      onlyPublished: true,
    },
    ...viewerRequest(options.viewer ?? PUBLIC),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** `GET /v2/.../content/search/query/{text}?locale=..&types=..&schemes=..`: the hits of these types, best first. */
export function getSearchResults(
  config: ConfigWeb,
  text: string,
  options: { locale: string; country: string; types: string; signal?: AbortSignal; viewer?: CatalogueViewer },
): Promise<SearchList> {
  return api.get<SearchList>(paths.searchQuery(config, text), {
    baseUrl: config.exposureBaseUrl,
    query: {
      locale: options.locale,
      types: options.types,
      schemes: [...SEARCH_SCHEMES],
      onlyPublished: true,
      allowedCountry: options.country,
    },
    ...viewerRequest(options.viewer ?? PUBLIC),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** What a search is asked with besides its text. */
interface SearchParams {
  locale: string;
  country: string;
  types: string;
  viewer: CatalogueViewer;
}

/** Suggestions for `text` (nothing is asked below the minimum length). */
export const searchSuggestionsQueryOptions = (config: ConfigWeb, text: string, params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.searchSuggestions(
      text,
      params.locale,
      params.country,
      params.types,
      params.viewer.scope,
    ),
    queryFn: isSearchable(text)
      ? ({ signal }) => getSearchSuggestions(config, text, { ...params, signal })
      : skipToken,
    staleTime: 60_000,
  });

export function useSearchSuggestions(text: string, locale: string) {
  const { config, location } = useStartup();
  const types = useSearchTypes();
  const viewer = useCatalogueViewer();
  return useQuery(
    searchSuggestionsQueryOptions(config, text, { locale, country: location.country, types, viewer }),
  );
}

/** The results of a search for `text` (nothing is asked below the minimum length). */
export const searchResultsQueryOptions = (config: ConfigWeb, text: string, params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.search(text, params.locale, params.country, params.types, params.viewer.scope),
    queryFn: isSearchable(text)
      ? ({ signal }) => getSearchResults(config, text, { ...params, signal })
      : skipToken,
    staleTime: 60_000,
  });

export function useSearchResults(text: string, locale: string) {
  const { config, location } = useStartup();
  const types = useSearchTypes();
  const viewer = useCatalogueViewer();
  return useQuery(
    searchResultsQueryOptions(config, text, { locale, country: location.country, types, viewer }),
  );
}
