import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type ConfigWeb, type LocationFilters } from '@antenne/contract';
import { api } from './client';

/** `GET /v2/whitelabel/customer/{c}/businessunit/{bu}/filters`: country and device filters. */
export function getLocationFilters(
  config: ConfigWeb,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LocationFilters> {
  return api.get<LocationFilters>(paths.filters(config), { baseUrl: config.exposureBaseUrl, signal });
}

export const locationFiltersQueryKey = queryKeys.locationFilters();

export const locationFiltersQueryOptions = (config: ConfigWeb | undefined) =>
  queryOptions({
    queryKey: locationFiltersQueryKey,
    queryFn: config ? ({ signal }) => getLocationFilters(config, { signal }) : skipToken,
    staleTime: Infinity,
    // A failure has a defined meaning (location unknown: FR, channel-59); no retry delays startup.
    retry: false,
    // Read by every screen: a startup failure is not fetched again by each new reader.
    retryOnMount: false,
  });

export const useLocationFilters = (config: ConfigWeb | undefined) =>
  useQuery(locationFiltersQueryOptions(config));
