import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type ConfigWeb, type Location } from '@antenne/contract';
import { api } from './client';

/** `GET /v2/location`: the caller's country, used to prefill the country of a form. */
export function getLocation(config: ConfigWeb, { signal }: { signal?: AbortSignal } = {}): Promise<Location> {
  return api.get<Location>(paths.location(), { baseUrl: config.exposureBaseUrl, signal });
}

export const locationQueryKey = queryKeys.location();

export const locationQueryOptions = (config: ConfigWeb | undefined) =>
  queryOptions({
    queryKey: locationQueryKey,
    queryFn: config ? ({ signal }) => getLocation(config, { signal }) : skipToken,
    staleTime: Infinity,
  });

export const useDetectedLocation = (config: ConfigWeb | undefined) => useQuery(locationQueryOptions(config));
