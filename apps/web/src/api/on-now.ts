import { queryOptions, useQuery } from '@tanstack/react-query';
import { epgPaths, queryKeys, type ChannelOnNowList, type ConfigWeb } from '@antenne/contract';
import { api } from './client';
import { useStartup } from './use-startup';

/**
 * What is on now (Exposure notes §8, v1 `channel/onnow`): the home's channels lane, the guide's
 * channels and the programme details read it. Apart from the date calls (epg.ts), so that the
 * home page's lazy on-now card does not bring them.
 */

/** `channel/onnow`: every channel, its programme on air and those starting within `minutesForward`. */
export function getOnNow(
  config: ConfigWeb,
  { minutesForward = 0, signal }: { minutesForward?: number; signal?: AbortSignal } = {},
): Promise<ChannelOnNowList> {
  return api.get<ChannelOnNowList>(epgPaths.onNow(config), {
    baseUrl: config.exposureBaseUrl,
    query: { minutesForward, pageSize: 500, pageNumber: 1 },
    signal,
  });
}

/** Read again every minute while shown: what is on air changes with the clock. */
export const ON_NOW_REFRESH_MS = 60_000;

export const onNowQueryOptions = (config: ConfigWeb, minutesForward = 0) =>
  queryOptions({
    queryKey: queryKeys.onNow(minutesForward),
    queryFn: ({ signal }) => getOnNow(config, { minutesForward, signal }),
    staleTime: 30_000,
    refetchInterval: ON_NOW_REFRESH_MS,
  });

export function useOnNow(minutesForward = 0) {
  const { config } = useStartup();
  return useQuery(onNowQueryOptions(config, minutesForward));
}
