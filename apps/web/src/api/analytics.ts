import { analyticsPaths, type AnalyticsEventBatch, type ConfigWeb } from '@antenne/contract';
import { apiRequest, buildUrl } from './client';

/**
 * The audience events' intake (`POST …/analytics/events`, apps/server/src/modules/analytics):
 * a batch as text/plain JSON (no CORS preflight, the same body a beacon sends), which the server
 * answers 204. Only lib/analytics's batching transport calls these, with consent.
 */

type Target = Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;

/** A keepalive post (it outlives the page); rejects with the ApiError of a refusal. */
export function postAnalyticsBatch(config: Target, batch: AnalyticsEventBatch): Promise<void> {
  return apiRequest<void>(analyticsPaths.events(config), {
    method: 'POST',
    baseUrl: config.exposureBaseUrl,
    text: JSON.stringify(batch),
    keepalive: true,
    lenientBody: true,
  });
}

/**
 * Hands the batch to navigator.sendBeacon, which the browser delivers even as the page goes away;
 * a keepalive post when there is no beacon or the browser refuses it (above its quota).
 */
export function beaconAnalyticsBatch(config: Target, batch: AnalyticsEventBatch): void {
  const body = JSON.stringify(batch);
  try {
    const url = buildUrl(analyticsPaths.events(config), { baseUrl: config.exposureBaseUrl });
    if (
      typeof navigator !== 'undefined' &&
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))
    )
      return;
  } catch {
    // Some browsers throw on a beacon above their quota: the post below.
  }
  void postAnalyticsBatch(config, batch).catch(() => undefined);
}
