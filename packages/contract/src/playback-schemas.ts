import { Type, type Static } from 'typebox';
import type { AnalyticsBatch, PlayResponse } from './playback.js';

/**
 * The playback calls' schemas (TypeBox): the server validates, serialises and documents with
 * them. Kept apart from playback.ts so that the web app's player imports paths and rules without
 * TypeBox. The static types below are checked against playback.ts's interfaces.
 */

const DrmSchema = Type.Record(
  Type.String({ description: 'EME key system, e.g. org.w3.clearkey' }),
  Type.Object({ licenseServerUrl: Type.String(), certificateUrl: Type.Optional(Type.String()) }),
);

export const PlayFormatSchema = Type.Object(
  {
    format: Type.Union([Type.Literal('DASH'), Type.Literal('HLS'), Type.Literal('MP4')]),
    mediaLocator: Type.String({
      description: 'Path on this server with the play token inside: /play/<token>/…',
    }),
    vastUrl: Type.Optional(Type.String({ description: 'Pre-roll decision (VAST 4.1) when ads apply' })),
    drm: Type.Optional(DrmSchema),
  },
  { title: 'PlayFormat' },
);

export const PlayResponseSchema = Type.Object(
  {
    playSessionId: Type.String(),
    requestId: Type.String(),
    assetId: Type.String(),
    productId: Type.Optional(Type.String()),
    publicationId: Type.Optional(Type.String()),
    entitlementType: Type.Union([
      Type.Literal('FVOD'),
      Type.Literal('AVOD'),
      Type.Literal('SVOD'),
      Type.Literal('TVOD'),
    ]),
    formats: Type.Array(PlayFormatSchema),
    playToken: Type.String(),
    playTokenExpiration: Type.Integer({ description: 'epoch ms' }),
    durationInMs: Type.Integer(),
    bookmarks: Type.Object({
      lastViewedOffset: Type.Integer({ description: 'ms' }),
      liveTime: Type.Optional(
        Type.Integer({ description: 'live, start-over, catch-up: wall-clock position, epoch ms' }),
      ),
    }),
    contractRestrictions: Type.Object({
      airplayEnabled: Type.Boolean(),
      ffEnabled: Type.Boolean(),
      rwEnabled: Type.Boolean(),
      timeshiftEnabled: Type.Boolean(),
    }),
    streamInfo: Type.Object({
      live: Type.Boolean(),
      static: Type.Boolean(),
      event: Type.Boolean(),
      start: Type.Optional(
        Type.Integer({ description: 'epoch ms: the programme’s start (live, start-over, catch-up)' }),
      ),
      end: Type.Optional(
        Type.Integer({ description: 'epoch ms: the programme’s end (start-over, catch-up)' }),
      ),
      channelId: Type.Optional(
        Type.String({ description: 'the channel played (live) or that aired the programme (Exposure’s)' }),
      ),
      programId: Type.Optional(Type.String({ description: 'the programme played (start-over, catch-up)' })),
    }),
    analytics: Type.Object({
      postInterval: Type.Integer({ description: 'seconds' }),
      percentage: Type.Integer(),
    }),
    beaconToken: Type.String({
      description:
        'Antenne extension: the eventsink credential of this play session for a batch sent without a bearer token ' +
        '(navigator.sendBeacon). Sent back in the batch body as BeaconToken, never in a URL; expires with the play session.',
    }),
    bumpers: Type.Object({
      brand: Type.Optional(Type.Array(PlayFormatSchema)),
      classification: Type.Optional(Type.Array(PlayFormatSchema)),
    }),
    parentalRating: Type.Optional(Type.String({ description: 'CSA numeric code' })),
  },
  { $id: 'PlayResponse', title: 'PlayResponse' },
);

/** Times, offsets and sequence numbers are kept in 64-bit integer columns: past a safe integer is refused (400). */
const SAFE = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

const PlaybackEventSchema = Type.Object(
  {
    EventType: Type.String({ minLength: 1, maxLength: 64 }),
    Timestamp: Type.Number(SAFE),
    OffsetTime: Type.Optional(Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    SequenceNumber: Type.Optional(Type.Integer(SAFE)),
    AssetId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** At most this many events in one eventsink batch (the player sends one every 3 s). */
export const MAX_ANALYTICS_BATCH = 500;

export const AnalyticsBatchSchema = Type.Object(
  {
    DispatchTime: Type.Number(),
    Customer: Type.String(),
    BusinessUnit: Type.String(),
    SessionId: Type.String({ minLength: 1, maxLength: 64 }),
    Payload: Type.Array(PlaybackEventSchema, { maxItems: MAX_ANALYTICS_BATCH }),
    ClockOffset: Type.Optional(Type.Number()),
    BeaconToken: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: 'Antenne extension: the play response’s beaconToken (a batch without a bearer token)',
      }),
    ),
  },
  { title: 'AnalyticsBatch', additionalProperties: true },
);

/** The eventsink's configuration: answered by init and by every send. */
export const EventsinkConfigSchema = Type.Object(
  {
    secondsUntilNextReport: Type.Integer(),
    includeApplicationMetrics: Type.Boolean(),
    includeNetworkMetrics: Type.Boolean(),
    includeGpsMetrics: Type.Boolean(),
    includeDeviceMetrics: Type.Boolean(),
    timestampNow: Type.Integer({ description: 'server time, epoch ms' }),
  },
  { $id: 'EventsinkConfig', title: 'EventsinkConfig' },
);
export type EventsinkConfig = Static<typeof EventsinkConfigSchema>;

const Base64Url = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}={0,2}$' });

/** W3C ClearKey licence request (EME "keyids" init data). */
export const ClearKeyLicenseRequestSchema = Type.Object(
  {
    kids: Type.Array(Base64Url, { minItems: 1, maxItems: 16 }),
    type: Type.Optional(Type.String()),
  },
  { title: 'ClearKeyLicenseRequest' },
);
export type ClearKeyLicenseRequest = Static<typeof ClearKeyLicenseRequestSchema>;

/** W3C ClearKey licence: JSON Web Keys, kid and k in base64url WITHOUT padding (Chromium refuses padding). */
export const ClearKeyLicenseSchema = Type.Object(
  {
    keys: Type.Array(Type.Object({ kty: Type.Literal('oct'), kid: Type.String(), k: Type.String() })),
    type: Type.String(),
  },
  { $id: 'ClearKeyLicense', title: 'ClearKeyLicense' },
);
export type ClearKeyLicense = Static<typeof ClearKeyLicenseSchema>;

// The schemas and playback.ts's interfaces must describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const playResponseMatches: Same<Static<typeof PlayResponseSchema>, PlayResponse> = true;
const batchFits: Static<typeof AnalyticsBatchSchema> extends AnalyticsBatch ? true : false = true;
void playResponseMatches;
void batchFits;

/* ---- Issue 18: entitlement without playing, availability keys, store offerings ---- */

/**
 * Exposure `EntitleResponse` (`GET /v2/…/entitlement/{assetId}/entitle`): the play call's rules
 * without a play session. 200 carries `status: "SUCCESS"`; a refusal is the error body with the
 * status as its message (NOT_ENTITLED with BUY_WATCH_NOW, GEO_BLOCKED, NOT_PUBLISHED with WAIT,
 * LICENSE_EXPIRED, NOT_AVAILABLE_IN_FORMAT, 401 NO_SESSION_TOKEN with LOGIN), as Exposure's.
 */
export const EntitleResponseSchema = Type.Object(
  {
    status: Type.Literal('SUCCESS'),
    accountId: Type.Optional(Type.String()),
    requestId: Type.String(),
    productId: Type.Optional(Type.String()),
    publicationId: Type.String(),
    publicationStart: Type.String({ format: 'date-time' }),
    publicationEnd: Type.String({ format: 'date-time' }),
    entitlementStart: Type.Optional(Type.String({ format: 'date-time' })),
    entitlementEnd: Type.Optional(Type.String({ format: 'date-time' })),
    time: Type.String({ format: 'date-time' }),
    formats: Type.Array(
      Type.Object({ format: Type.Union([Type.Literal('DASH'), Type.Literal('HLS'), Type.Literal('MP4')]) }),
    ),
    streamInfo: Type.Object({ live: Type.Boolean(), static: Type.Boolean(), event: Type.Boolean() }),
    entitleExposure: Type.Boolean(),
  },
  { $id: 'EntitleResponse', title: 'EntitleResponse' },
);
export type EntitleResponse = Static<typeof EntitleResponseSchema>;

/** Exposure `AvailabilityKeys`: the keys the account holds, matched against the publications' `availabilityKeys`. */
export const AvailabilityKeysSchema = Type.Object(
  {
    availabilityKeys: Type.Array(Type.String(), { description: 'current and future' }),
    currentAvailabilityKeys: Type.Array(Type.String()),
    futureAvailabilityKeys: Type.Array(Type.String()),
    expiryDate: Type.Optional(
      Type.String({ format: 'date-time', description: 'when the first current key ends' }),
    ),
    entitleExposure: Type.Boolean(),
  },
  { $id: 'AvailabilityKeys', title: 'AvailabilityKeys' },
);
export type AvailabilityKeys = Static<typeof AvailabilityKeysSchema>;

/** Exposure `ApiStoreProductOffering`, read only: no price (no payment in Antenne). */
export const StoreProductOfferingSchema = Type.Object({
  id: Type.String(),
  productOfferingId: Type.String(),
  productIds: Type.Array(Type.String()),
  productOfferingType: Type.String({ description: 'subscription | rental | purchase' }),
  rentalLength: Type.Optional(Type.String({ description: 'ISO-8601 duration' })),
  localizedMetadata: Type.Array(
    Type.Object({ locale: Type.String(), name: Type.String(), description: Type.Optional(Type.String()) }),
  ),
  productRequiresSelectAsset: Type.Boolean(),
  paymentMethodTypes: Type.Array(Type.String()),
});
export type StoreProductOffering = Static<typeof StoreProductOfferingSchema>;

/** Exposure `ApiStoreProductOfferings` (v2 `store/productoffering/country/{cc}`). */
export const StoreProductOfferingsSchema = Type.Object(
  { productOfferings: Type.Array(StoreProductOfferingSchema) },
  { $id: 'StoreProductOfferings', title: 'StoreProductOfferings' },
);
export type StoreProductOfferings = Static<typeof StoreProductOfferingsSchema>;
