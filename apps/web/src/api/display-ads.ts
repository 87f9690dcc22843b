import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  displayAdPaths,
  queryKeys,
  type ConfigWeb,
  type DisplayAdDecision,
  type DisplayAdQuery,
} from '@antenne/contract';
import { apiRequest, buildUrl } from './client';
import { useStartup } from './use-startup';

/**
 * Display ads (issue 17, server modules/ads): the decision of a slot, and its tracking (viewable
 * impression, click). Callers ask only with advertising consent; the query carries our consent
 * string, which the server checks again.
 */

/** `GET …/ads/display?slot&size&page&category&consent&view&lang`: `{ad}` (null: the slot collapses). */
export function getDisplayAd(
  config: ConfigWeb,
  query: DisplayAdQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DisplayAdDecision> {
  return apiRequest<DisplayAdDecision>(displayAdPaths.decision(config), {
    baseUrl: config.exposureBaseUrl,
    query: { ...query },
    signal,
  });
}

/** `query` undefined: nothing is asked (no advertising consent). */
export const displayAdQueryOptions = (config: ConfigWeb, query: DisplayAdQuery | undefined) =>
  queryOptions({
    queryKey: query ? queryKeys.displayAd(query) : ['displayAd', null],
    queryFn: query ? ({ signal }) => getDisplayAd(config, query, { signal }) : skipToken,
    // One decision per page view and slot: a new page view has a new `view`, hence a new key.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

export function useDisplayAd(query: DisplayAdQuery | undefined) {
  const { config } = useStartup();
  return useQuery(displayAdQueryOptions(config, query));
}

/**
 * Reports a tracking URL of a decision (`impressionUrl`, `clickTrackingUrl`) with the consent
 * string: navigator.sendBeacon (outlives a click that leaves the page), else a keepalive fetch.
 */
export function trackDisplayAd(config: ConfigWeb, trackingUrl: string, consent: string): void {
  const [path = '', search = ''] = trackingUrl.split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  const options = { baseUrl: config.exposureBaseUrl, query: { ...query, consent } };
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(buildUrl(path, options))) return;
  } catch {
    // A beacon above the browser's quota throws: the fetch below.
  }
  void apiRequest(path, { ...options, method: 'POST', keepalive: true, lenientBody: true }).catch(
    () => undefined,
  );
}
