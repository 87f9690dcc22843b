import { Type, type Static } from 'typebox';
import type { ACCOUNT_ERROR_CODES } from './accounts.js';
import type { ACTIVATION_ERROR_CODES } from './activation.js';
import type { EPG_ERROR_CODES } from './epg.js';
import type { PLAYBACK_ERROR_CODES } from './playback.js';
import type { RECORDING_ERROR_CODES } from './recordings.js';
import type { TV_PROVIDER_ERROR_CODES } from './tv-provider.js';

/**
 * Machine-readable error codes carried in `message` of the one error body.
 * Exposure's generic codes plus the ones the specification names.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'NOT_FOUND',
  'UNKNOWN_BUSINESS_UNIT',
  'UNKNOWN_ASSET',
  'UNKNOWN_COMPONENT',
  'UNKNOWN_TAG',
  /** A TV show's season number or a season id the catalogue does not have. */
  'UNKNOWN_SEASON',
  'SEARCH_TEXT_TOO_SHORT',
  'METHOD_NOT_ALLOWED',
  'NO_SESSION_TOKEN',
  'INVALID_SESSION_TOKEN',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** A Range header beyond the end of a media file (416). */
  'RANGE_NOT_SATISFIABLE',
  /** The request line and headers are larger than the server reads (431). */
  'REQUEST_HEADER_FIELDS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  /** 503: not now (the database unreachable during a restart or failover, the image resizer busy); Retry-After says when to ask again. */
  'SERVICE_UNAVAILABLE',
  /** 507: the server's disk is full: nothing can be saved until space is freed; reading still works. */
  'INSUFFICIENT_STORAGE',
  'INTERNAL_ERROR',
] as const;
/** The generic codes and the accounts calls' (accounts.ts). */
export type ErrorCode =
  | (typeof ERROR_CODES)[number]
  | (typeof ACCOUNT_ERROR_CODES)[number]
  | (typeof PLAYBACK_ERROR_CODES)[number]
  | (typeof EPG_ERROR_CODES)[number]
  | (typeof RECORDING_ERROR_CODES)[number]
  | (typeof ACTIVATION_ERROR_CODES)[number]
  | (typeof TV_PROVIDER_ERROR_CODES)[number];

/** A publication an action points at: when it starts, and which one. */
const ActionPublicationSchema = Type.Object({ availableAt: Type.String(), publicationId: Type.String() });

/**
 * What the caller can do about a refusal (Exposure's entitlement actions, notes §4.4): LOGIN,
 * WAIT (a publication starts later), BUY_WATCH_NOW / BUY_WATCH_LATER (offerings = products).
 */
export const ErrorActionSchema = Type.Object(
  {
    type: Type.String({ description: 'LOGIN | WAIT | BUY_WATCH_NOW | BUY_WATCH_LATER' }),
    publication: Type.Optional(ActionPublicationSchema),
    offerings: Type.Optional(
      Type.Array(
        Type.Object({ offeringId: Type.String(), publications: Type.Array(ActionPublicationSchema) }),
      ),
    ),
  },
  { title: 'ErrorAction' },
);
export type ErrorAction = Static<typeof ErrorActionSchema>;

/**
 * Exposure's error body ("API Error message"): `{ httpCode, message }` with an optional
 * human-readable `extendedMessage` (a bad request names the wrong field there) and, for the play
 * call's refusals, the `actions` that would lift them.
 */
export const ErrorBodySchema = Type.Object(
  {
    httpCode: Type.Integer({ minimum: 400, maximum: 599 }),
    message: Type.String({ description: 'Machine-readable code, UPPER_SNAKE' }),
    extendedMessage: Type.Optional(Type.String()),
    actions: Type.Optional(Type.Array(ErrorActionSchema)),
  },
  { $id: 'ErrorBody', title: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;
