import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { MIN_SEARCH_TEXT_LENGTH, paths, type ConfigWeb, type SearchList, type SearchSuggestion } from '@antenne/contract';
import { useCatalogueViewer, viewerRequest, type CatalogueViewer } from './catalogue-viewer';
import { api } from './client';
import { useStartup } from './use-startup';

/** The schemes the search looks in besides titles and descriptions (spec part 2 §7). */
export const SEARCH_SCHEMES = ['keyword', 'subcategory', 'category', 'origin'] as const;

/** True when `text` is long enough to be sent (MIN_SEARCH_TEXT_LENGTH characters, spaces aside). */
export const isSearchable = (text: string) => text.trim().length >= MIN_SEARCH_TEXT_LENGTH;

/** The public search, unless a restricted profile reads it (ADR 0012). */
const PUBLIC: CatalogueViewer = { token: null, scope: null };

/** `GET /v1/.../content/search/suggestions/{text}`: title completions `[{ text, assetId }]`. */
export function getSearchSuggestions(
  config: ConfigWeb,
  text: string,
  options: { locale: string; country: string; signal?: AbortSignal; viewer?: CatalogueViewer },
): Promise<SearchSuggestion[]> {
  return api.get<SearchSuggestion[]>(paths.searchSuggestions(config, text), {
    baseUrl: config.exposureBaseUrl,
    query: { locale: options.locale, allowedCountry: options.country, onlyPublished: true },
    ...viewerRequest(options.viewer ?? PUBLIC),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** `GET /v2/.../content/search/query/{text}?locale=..&schemes=..`: the hits, best first. */
export function getSearchResults(
  config: ConfigWeb,
  text: string,
  options: { locale: string; country: string; signal?: AbortSignal; viewer?: CatalogueViewer },
): Promise<SearchList> {
  return api.get<SearchList>(paths.searchQuery(config, text), {
    baseUrl: config.exposureBaseUrl,
    query: { locale: options.locale, schemes: [...SEARCH_SCHEMES], onlyPublished: true, allowedCountry: options.country },
    ...viewerRequest(options.viewer ?? PUBLIC),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Suggestions for `text` (nothing is asked below the minimum length). */
export function useSearchSuggestions(text: string, locale: string) {
  const { config, location } = useStartup();
  const viewer = useCatalogueViewer();
  return useQuery(
    queryOptions({
      queryKey: ['searchSuggestions', text, locale, location.country, viewer.scope] as const,
      queryFn: isSearchable(text)
        ? ({ signal }) => getSearchSuggestions(config, text, { locale, country: location.country, signal, viewer })
        : skipToken,
      staleTime: 60_000,
    }),
  );
}

/** The results of a search for `text` (nothing is asked below the minimum length). */
export function useSearchResults(text: string, locale: string) {
  const { config, location } = useStartup();
  const viewer = useCatalogueViewer();
  return useQuery(
    queryOptions({
      queryKey: ['search', text, locale, location.country, viewer.scope] as const,
      queryFn: isSearchable(text)
        ? ({ signal }) => getSearchResults(config, text, { locale, country: location.country, signal, viewer })
        : skipToken,
      staleTime: 60_000,
    }),
  );
}
