/**
 * Device activation (issue 18; spec part 1 §2, §4, §7; Exposure notes §10): a big screen asks for a
 * code (`GET userActivation/activationCode`), shows it, and polls `POST userActivation/consume`
 * every 5 s; a signed-in person confirms the code on /activation (`PUT user/activation/confirm/{code}`);
 * the next poll answers a login (a session of that person's household and profile).
 * No TypeBox here (the web bundles this file): the schemas are in activation-schemas.ts.
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

/** The code's alphabet and length (ApiActivationRequestV2.activationCode's description). */
export const ACTIVATION_CODE_ALPHABET = '123456789ABCDEF';
export const ACTIVATION_CODE_LENGTH = 6;
/** What a code looks like, once in upper case. */
export const ACTIVATION_CODE_PATTERN = '^[1-9A-F]{6}$';
/** How often a device polls consume (Red Bee's React hook's default `updateInterval`). */
export const ACTIVATION_POLL_MS = 5000;
/** How long a code lives (Exposure does not state it; its answer's `expires` says it). */
export const ACTIVATION_CODE_TTL_MS = 10 * 60 * 1000;

/** A typed code as the server reads it: trimmed, upper case (the input shows upper case, spec §2). */
export const normaliseActivationCode = (typed: string) => typed.trim().toUpperCase();
export const isActivationCode = (code: string) => new RegExp(ACTIVATION_CODE_PATTERN).test(code);

export const ACTIVATION_ERROR_CODES = [
  /** 401 on consume: not confirmed yet (Exposure: "Code not yet confirmed. Try again after a few seconds"). */
  'CODE_NOT_CONFIRMED',
  /** 400: unknown, expired or used code, or polled by another device. */
  'INVALID_ACTIVATION_CODE',
] as const;

const enc = encodeURIComponent;

export const activationPaths = {
  /** GET (no session): `{ code, expires }`. */
  activationCode: (bu: BusinessUnitRef) => `${exposurePrefix('v2', bu)}/userActivation/activationCode`,
  /** POST `{ activationCode, device }`: 200 LoginResponse; 401 CODE_NOT_CONFIRMED until confirmed. */
  consume: (bu: BusinessUnitRef) => `${exposurePrefix('v2', bu)}/userActivation/consume`,
  /** PUT (bearer), empty body: 200; 400 INVALID_ACTIVATION_CODE. */
  confirm: (bu: BusinessUnitRef, code: string) =>
    `${exposurePrefix('v2', bu)}/user/activation/confirm/${enc(code)}`,
} as const;

export const activationPatterns = {
  activationCode: { version: 'v2', pattern: '/userActivation/activationCode' },
  consume: { version: 'v2', pattern: '/userActivation/consume' },
  confirm: { version: 'v2', pattern: '/user/activation/confirm/:code' },
} as const satisfies Record<string, ExposureRoute>;
