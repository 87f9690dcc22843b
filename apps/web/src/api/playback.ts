import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  EVENT_POST_INTERVAL_MS,
  PARENTAL_PIN_HEADER,
  paths,
  playbackPaths,
  queryKeys,
  type AnalyticsBatch,
  type Asset,
  type BusinessUnitRef,
  type ConfigWeb,
  type PlaybackEvent,
  type PlaybackEventType,
  type PlayResponse,
} from '@antenne/contract';
import { api, apiRequest, buildUrl, isApiError } from './client';
import { trackPlaybackWrite } from './playback-writes';
import { useStartup } from './use-startup';

/**
 * Playback calls (spec part 2 §4, Exposure notes §4.1 and §11): the play call, the next episode,
 * and the eventsink reporter that batches the player's events.
 */

/** What the web player can play: DASH first (ClearKey licences work there), HLS as a fallback. */
export const SUPPORTED_FORMATS = 'dash,hls';
export const SUPPORTED_DRMS = 'clearkey';

export interface PlayRequestOptions {
  /** The user's session token; a trailer plays without one. */
  token?: string | null;
  /** The parental PIN, sent in its header (never in the URL: URLs get logged). */
  pin?: string;
  signal?: AbortSignal;
}

/**
 * `GET …/entitlement/{assetId}/play`. Failures are ApiErrors: 401 NO_SESSION_TOKEN (log in),
 * 403 NOT_ENTITLED, GEO_BLOCKED, NOT_PUBLISHED, LICENSE_EXPIRED, NOT_AVAILABLE_IN_FORMAT,
 * PARENTAL_PIN_REQUIRED, INVALID_PIN_CODE.
 */
export function requestPlay(
  config: ConfigWeb,
  assetId: string,
  options: PlayRequestOptions = {},
): Promise<PlayResponse> {
  return api.get<PlayResponse>(playbackPaths.play(config, assetId), {
    baseUrl: config.exposureBaseUrl,
    token: options.token,
    query: { supportedFormats: SUPPORTED_FORMATS, supportedDrms: SUPPORTED_DRMS },
    headers: options.pin === undefined ? undefined : { [PARENTAL_PIN_HEADER]: options.pin },
    // Entitlement is per user, per moment: never from a cache.
    noCache: true,
    signal: options.signal,
  });
}

export const nextAssetQueryOptions = (config: ConfigWeb, assetId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.nextAsset(assetId),
    queryFn: assetId ? ({ signal }) => getNextAsset(config, assetId, { signal }) : skipToken,
    staleTime: 60_000,
  });

/** The episode after `assetId` (null: none). */
export function useNextAsset(assetId: string | undefined) {
  const { config } = useStartup();
  return useQuery(nextAssetQueryOptions(config, assetId));
}

/** `GET content/asset/{id}/next`: the next episode, or null when there is none (404). */
export async function getNextAsset(
  config: ConfigWeb,
  assetId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Asset | null> {
  try {
    return await api.get<Asset>(paths.nextAsset(config, assetId), {
      baseUrl: config.exposureBaseUrl,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.httpCode === 404) return null;
    throw error;
  }
}

export interface EventReporterOptions {
  config: Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;
  /** The play call's playSessionId: the envelope's SessionId. */
  playSessionId: string;
  assetId: string;
  /** The bearer session token for the timed posts (the beacon cannot carry one). */
  token?: string | null;
  /**
   * The play response's beaconToken: every batch carries it in its body (`BeaconToken`), the
   * credential of the beacon (no header) and of a visitor's trailer play (no bearer). Never in the URL.
   */
  beaconToken?: string;
  /** Post period; the play response's analytics.postInterval (seconds) overrides the default. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * Batches Exposure playback events and posts them in the AnalyticsBatch envelope every
 * EVENT_POST_INTERVAL_MS; `beacon()` sends what is left with navigator.sendBeacon, which the
 * browser delivers even as the page goes away (that is how the last position reaches the server).
 */
export class EventReporter {
  private queue: PlaybackEvent[] = [];
  private sequence = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private posting: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly bu: BusinessUnitRef;

  constructor(private readonly options: EventReporterOptions) {
    this.now = options.now ?? Date.now;
    this.bu = { customer: options.config.customer, businessUnit: options.config.businessUnit };
  }

  /** Queues an event; OffsetTime is the playhead in ms. */
  add(type: PlaybackEventType, fields: { OffsetTime?: number; [field: string]: unknown } = {}): void {
    this.queue.push({
      AssetId: this.options.assetId,
      ...fields,
      ...(fields.OffsetTime === undefined ? {} : { OffsetTime: Math.max(0, Math.round(fields.OffsetTime)) }),
      EventType: type,
      Timestamp: this.now(),
      SequenceNumber: this.sequence++,
    });
  }

  /** Events waiting for the next post. */
  get pending(): readonly PlaybackEvent[] {
    return this.queue;
  }

  /** Posts every interval until stop(). */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs ?? EVENT_POST_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private envelope(payload: PlaybackEvent[]): AnalyticsBatch {
    return {
      DispatchTime: this.now(),
      Customer: this.bu.customer,
      BusinessUnit: this.bu.businessUnit,
      SessionId: this.options.playSessionId,
      Payload: payload,
      ClockOffset: 0,
      ...(this.options.beaconToken ? { BeaconToken: this.options.beaconToken } : {}),
    };
  }

  /** Posts the queued events with the bearer token; on failure they go back in front for the next try. */
  flush(): Promise<void> {
    if (this.posting) return this.posting;
    if (this.queue.length === 0) return Promise.resolve();
    const payload = this.queue;
    this.queue = [];
    this.posting = trackPlaybackWrite(
      api
        .post(playbackPaths.eventsinkSend(this.bu), this.envelope(payload), {
          baseUrl: this.options.config.exposureBaseUrl,
          token: this.options.token,
        })
        .then(
          () => undefined,
          () => {
            this.queue = [...payload, ...this.queue];
          },
        )
        .finally(() => {
          this.posting = undefined;
        }),
    );
    return this.posting;
  }

  /**
   * Sends what is left as the viewer leaves the player for another screen of the app: the
   * beacon's request (the beacon token in a text/plain body, no header, so no CORS preflight) as a
   * keepalive fetch, which outlives the page like a beacon but whose answer the app can wait for —
   * the play history read next waits for it (playback-writes.ts). sendBeacon if the fetch fails.
   */
  leave(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    const payload = this.queue;
    this.queue = [];
    const body = JSON.stringify(this.envelope(payload));
    const path = playbackPaths.eventsinkSend(this.bu);
    const baseUrl = this.options.config.exposureBaseUrl;
    return trackPlaybackWrite(
      apiRequest(path, { method: 'POST', baseUrl, text: body, keepalive: true, lenientBody: true }).then(
        () => undefined,
        () => {
          this.queue = [...payload, ...this.queue];
          this.beacon();
        },
      ),
    );
  }

  /**
   * Sends the queued events with sendBeacon (a text/plain Blob: no CORS preflight, no headers;
   * the server accepts it on the body's BeaconToken, this play session's). Falls back to a keepalive fetch.
   * Answers whether something was handed to the browser.
   */
  beacon(): boolean {
    if (this.queue.length === 0) return false;
    const payload = this.queue;
    this.queue = [];
    const path = playbackPaths.eventsinkSend(this.bu);
    const baseUrl = this.options.config.exposureBaseUrl;
    const url = buildUrl(path, { baseUrl });
    const body = JSON.stringify(this.envelope(payload));
    try {
      if (
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))
      ) {
        return true;
      }
    } catch {
      // Some browsers throw on a beacon above their quota: try the fetch below.
    }
    void apiRequest(path, { method: 'POST', baseUrl, text: body, keepalive: true }).catch(() => undefined);
    return true;
  }
}
