/**
 * Playback (no TypeBox here: the schemas are in playback-schemas.ts): the entitlement/play call,
 * the ClearKey licence, the VAST ad decision, the eventsink, and the rules the player and the
 * server share (spec part 2 §2, §4, §9; part 1 §6; Exposure notes §4, §11). The web app imports
 * values from this module, so it must stay free of schema builders.
 */

import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

const enc = encodeURIComponent;
type Bu = BusinessUnitRef;
const v2 = (bu: Bu) => exposurePrefix('v2', bu);

export const playbackPaths = {
  /** GET, bearer session token (a trailer plays without one): PlayResponse, or the error body with actions. */
  play: (bu: Bu, assetId: string) => `${v2(bu)}/entitlement/${enc(assetId)}/play`,
  /** POST `{kids, type}` with `Authorization: Bearer <playToken>`: W3C ClearKey licence `{keys, type}`. */
  clearKeyLicense: (bu: Bu) => `${v2(bu)}/license/clearkey`,
  /** GET ?playToken=…: a VAST 4 document with one pre-roll (empty `<VAST/>` when no ad applies). */
  vast: (bu: Bu) => `${v2(bu)}/ads/vast`,
  /** GET: a tracking pixel (impression, start, quartiles, complete, click…); answers 204. */
  adTracking: (bu: Bu) => `${v2(bu)}/ads/track`,
  eventsinkInit: (bu: Bu) => `${v2(bu)}/eventsink/init`,
  /** POST the Exposure analytics batch: bearer session token, or (sendBeacon) the play response's beaconToken in the body's BeaconToken. */
  eventsinkSend: (bu: Bu) => `${v2(bu)}/eventsink/send`,
  /** GET, the play call's rules without playing: EntitleResponse `{status: "SUCCESS", …}` or the play call's refusals. */
  entitle: (bu: Bu, assetId: string) => `${v2(bu)}/entitlement/${enc(assetId)}/entitle`,
  /** GET, bearer: the account's availability keys (products, `<asset>_<product>` tickets). */
  availabilityKeys: (bu: Bu) => `${v2(bu)}/entitlement/availabilitykey`,
  /** GET: the products on offer in a country (read only). */
  storeOfferings: (bu: Bu, countryCode: string) =>
    `${v2(bu)}/store/productoffering/country/${enc(countryCode)}`,
} as const;

/** The playback calls' route patterns (the server's), keyed as `playbackPaths`. */
export const playbackPatterns = {
  play: { version: 'v2', pattern: '/entitlement/:assetId/play' },
  clearKeyLicense: { version: 'v2', pattern: '/license/clearkey' },
  vast: { version: 'v2', pattern: '/ads/vast' },
  adTracking: { version: 'v2', pattern: '/ads/track' },
  eventsinkInit: { version: 'v2', pattern: '/eventsink/init' },
  eventsinkSend: { version: 'v2', pattern: '/eventsink/send' },
  entitle: { version: 'v2', pattern: '/entitlement/:assetId/entitle' },
  availabilityKeys: { version: 'v2', pattern: '/entitlement/availabilitykey' },
  storeOfferings: { version: 'v2', pattern: '/store/productoffering/country/:countryCode' },
} as const satisfies Record<string, ExposureRoute>;

/** Media URLs carry the play token as their first path segment (as CDN path tokens do): `/play/<token>/demo-media/…`. */
export const PROTECTED_MEDIA_PREFIX = '/play/';

/** How long a play token (and so the media URLs and the licence) stays valid. */
export const PLAY_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Error codes of the play call (Exposure notes §4.3–4.4) and Antenne's parental check. */
export const PLAYBACK_ERROR_CODES = [
  'NOT_ENTITLED',
  'GEO_BLOCKED',
  'NOT_PUBLISHED',
  'LICENSE_EXPIRED',
  'NOT_AVAILABLE_IN_FORMAT',
  /** The profile's PrLevel is below the asset's rating: send the parental PIN (header below). */
  'PARENTAL_PIN_REQUIRED',
  'INVALID_PLAY_TOKEN',
  /** eventsink/send or the VAST call names no play session this server opened. */
  'UNKNOWN_PLAY_SESSION',
] as const;
export type PlaybackErrorCode = (typeof PLAYBACK_ERROR_CODES)[number];

/** The header the play call reads the parental PIN from (never a query parameter: URLs get logged). */
export const PARENTAL_PIN_HEADER = 'x-parental-pin';

/** Exposure's entitlement actions (notes §4.4). */
export type EntitlementAction =
  | { type: 'LOGIN' }
  | { type: 'WAIT'; publication: { availableAt: string; publicationId: string } }
  | {
      type: 'BUY_WATCH_NOW' | 'BUY_WATCH_LATER';
      offerings: { offeringId: string; publications: { availableAt: string; publicationId: string }[] }[];
    };

export type StreamFormat = 'DASH' | 'HLS' | 'MP4';

export interface PlayFormat {
  format: StreamFormat;
  /** Absolute path on this server, the play token inside it: `/play/<token>/…/manifest.mpd`. */
  mediaLocator: string;
  /** A pre-roll decision URL when ads apply (maxAds > 0 and the visitor is not in the US). */
  vastUrl?: string;
  /** Keyed by EME key system; ClearKey here (`org.w3.clearkey`). */
  drm?: Record<string, { licenseServerUrl: string; certificateUrl?: string }>;
}

/** What the player plays before the asset (Antenne's extension of PlayResponse), each with its formats. */
export interface PlayBumpers {
  brand?: PlayFormat[];
  classification?: PlayFormat[];
}

export interface PlayResponse {
  playSessionId: string;
  requestId: string;
  assetId: string;
  productId?: string;
  publicationId?: string;
  entitlementType: 'FVOD' | 'AVOD' | 'SVOD' | 'TVOD';
  formats: PlayFormat[];
  playToken: string;
  playTokenExpiration: number;
  durationInMs: number;
  /** `liveTime` (live, start-over, catch-up): the wall-clock position, epoch ms (Exposure's). */
  bookmarks: { lastViewedOffset: number; liveTime?: number };
  contractRestrictions: {
    airplayEnabled: boolean;
    ffEnabled: boolean;
    rwEnabled: boolean;
    timeshiftEnabled: boolean;
  };
  /**
   * `start`/`end` (epoch ms, as Exposure's StreamInfo): a channel's programme on air (start), a
   * start-over or catch-up programme's span (start, end). The manifests' clock is the wall clock.
   * `channelId` (every channel or programme play) and `programId` (a programme's), as Exposure's.
   */
  streamInfo: {
    live: boolean;
    static: boolean;
    event: boolean;
    start?: number;
    end?: number;
    channelId?: string;
    programId?: string;
  };
  analytics: { postInterval: number; percentage: number };
  /**
   * Antenne's extension beside `analytics`: the eventsink credential of this play session for a
   * batch sent without a bearer token (navigator.sendBeacon cannot set headers). The player puts
   * it in the batch body (`BeaconToken`), never in a URL; it expires with the play session.
   */
  beaconToken: string;
  bumpers: PlayBumpers;
  /** The asset's CSA level (numeric code) when it has one. */
  parentalRating?: string;
}

/** Exposure eventsink event types the player sends (notes §11). */
export const PLAYBACK_EVENT_TYPES = [
  'Playback.Created',
  'Playback.Started',
  'Playback.Paused',
  'Playback.Resumed',
  'Playback.ScrubbedTo',
  'Playback.Heartbeat',
  'Playback.Completed',
  'Playback.Aborted',
  'Playback.Error',
  'Playback.AdStarted',
  'Playback.AdCompleted',
] as const;
export type PlaybackEventType = (typeof PLAYBACK_EVENT_TYPES)[number];

export interface PlaybackEvent {
  EventType: PlaybackEventType | string;
  Timestamp: number;
  /** Playhead in ms. */
  OffsetTime?: number;
  SequenceNumber?: number;
  AssetId?: string;
  [field: string]: unknown;
}

/** POST eventsink/send body (Exposure's AnalyticsBatch). */
export interface AnalyticsBatch {
  DispatchTime: number;
  Customer: string;
  BusinessUnit: string;
  /** = playSessionId */
  SessionId: string;
  Payload: PlaybackEvent[];
  ClockOffset?: number;
  /** Antenne's extension: the play response's beaconToken, the credential of a batch sent without a bearer token. */
  BeaconToken?: string;
}

/** Player constants (spec part 2 §9). */
export const SEEK_STEP_SECONDS = 10;
export const HEARTBEAT_CHECK_MS = 1000;
/** Progress analytics milestones (percent of the duration). */
export const PROGRESS_MILESTONES = [25, 50, 75, 100] as const;
/** The player posts its batched events this often (ms) and a Playback.Heartbeat every HEARTBEAT_EVENT_MS. */
export const EVENT_POST_INTERVAL_MS = 3000;
export const HEARTBEAT_EVENT_MS = 10_000;
/** A resume offset at or past this share of the duration starts from the beginning (Exposure notes §4.1). */
export const RESUME_MAX_SHARE = 0.95;

/**
 * CSA ratings by numeric code (packages/content's CSA table): the minimum age each stands for.
 * '1' tous publics, '3' -10, '2' déconseillé -12, '4' interdit -12, '5' accord parental -12,
 * '6' -16, '7' -18.
 */
const CSA_MINIMUM_AGE: Record<string, number> = {
  '1': 0,
  '3': 10,
  '2': 12,
  '4': 12,
  '5': 12,
  '6': 16,
  '7': 18,
};

/** The minimum age of a CSA code (unknown codes: 0). */
export function csaMinimumAge(code: string | undefined): number {
  return code === undefined ? 0 : (CSA_MINIMUM_AGE[code] ?? 0);
}

/**
 * Whether a profile with PrLevel `prLevel` (a CSA code: the most severe rating it may watch)
 * needs the parental PIN for an asset rated `rating`. No PrLevel: no restriction.
 */
export function needsParentalPin(prLevel: string | undefined, rating: string | undefined): boolean {
  if (prLevel === undefined || prLevel === '' || rating === undefined) return false;
  return csaMinimumAge(rating) > csaMinimumAge(prLevel);
}

/** The classification bumper of a CSA code (spec part 2 §4): 3 → csa10; 2, 4, 5 → csa12; 6 → csa16; else none. */
export function classificationBumper(
  rating: string | undefined,
): 'bumper-csa-10' | 'bumper-csa-12' | 'bumper-csa-16' | undefined {
  switch (rating) {
    case '3':
      return 'bumper-csa-10';
    case '2':
    case '4':
    case '5':
      return 'bumper-csa-12';
    case '6':
      return 'bumper-csa-16';
    default:
      return undefined;
  }
}
