import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

/**
 * Crash reports (issue 17 item 5; spec part 1 §4 "a crash or unhandled rejection is reported after
 * 1 second", §9 "log payload cap 2048 characters"). The web app reports its uncaught errors,
 * unhandled rejections and React error boundaries' catches; the server keeps one row per UTC day
 * and fingerprint with a count. Antenne's own call under the Exposure prefix (Exposure publishes
 * none). Only with the audience-measurement consent: the body carries our consent string.
 * No TypeBox here (the web bundles this file): the body's schema is in crashes-schemas.ts.
 */

/** Spec part 1 §9: the log payload cap, in characters of the JSON body. */
export const CRASH_PAYLOAD_MAX_CHARS = 2048;
/** Spec part 1 §4, §9: a crash is reported this long after it happened. */
export const CRASH_REPORT_DELAY_MS = 1000;
/**
 * What caught the crash: `window` error, unhandled rejection, a React error boundary, or React's
 * hydration (`onRecoverableError`: the server's HTML did not match, the part was drawn afresh).
 */
export const CRASH_KINDS = ['error', 'unhandledrejection', 'boundary', 'hydration'] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

export const crashPaths = {
  /** POST CrashReport: 204; 400 malformed, 403 without consent, 413 above the cap, 429 too many. */
  crash: (bu: BusinessUnitRef) => `${exposurePrefix('v2', bu)}/analytics/crash`,
} as const;

export const crashPatterns = {
  crash: { version: 'v2', pattern: '/analytics/crash' },
} as const satisfies Record<string, ExposureRoute>;
