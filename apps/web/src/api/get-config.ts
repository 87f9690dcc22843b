import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type ConfigWeb } from '@antenne/contract';
import { api } from './client';

/**
 * `GET /config/config_web.json`, falling back to `/config.json` when the first one fails
 * (spec part 1 §7). The second failure is the one reported.
 */
export async function getConfig({ signal }: { signal?: AbortSignal } = {}): Promise<ConfigWeb> {
  try {
    return await api.get<ConfigWeb>(paths.configWeb(), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return api.get<ConfigWeb>(paths.configFallback(), { signal });
  }
}

export const configQueryKey = queryKeys.config();

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => getConfig({ signal }),
    staleTime: Infinity,
    // The fallback URL is the retry; after that the startup error screen offers one.
    retry: false,
    // Read by every screen: a startup failure is not fetched again by each new reader.
    retryOnMount: false,
  });

export const useConfig = () => useQuery(configQueryOptions());
