import { Type, type Static } from 'typebox';
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

/**
 * Crash reports (issue 17 item 5; spec part 1 §4 "a crash or unhandled rejection is reported after
 * 1 second", §9 "log payload cap 2048 characters"). The web app reports its uncaught errors,
 * unhandled rejections and React error boundaries' catches; the server keeps one row per UTC day
 * and fingerprint with a count. Antenne's own call under the Exposure prefix (Exposure publishes
 * none). Only with the audience-measurement consent: the body carries our consent string.
 */

/** Spec part 1 §9: the log payload cap, in characters of the JSON body. */
export const CRASH_PAYLOAD_MAX_CHARS = 2048;
/** Spec part 1 §4, §9: a crash is reported this long after it happened. */
export const CRASH_REPORT_DELAY_MS = 1000;
/** What caught the crash: `window` error, unhandled rejection, a React error boundary. */
export const CRASH_KINDS = ['error', 'unhandledrejection', 'boundary'] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

export const crashPaths = {
  /** POST CrashReport: 204; 400 malformed, 403 without consent, 413 above the cap, 429 too many. */
  crash: (bu: BusinessUnitRef) => `${exposurePrefix('v2', bu)}/analytics/crash`,
} as const;

export const crashPatterns = {
  crash: { version: 'v2', pattern: '/analytics/crash' },
} as const satisfies Record<string, ExposureRoute>;

const text = (maxLength: number, description: string, minLength = 0) =>
  Type.String({ minLength, maxLength, description });

export const CrashReportSchema = Type.Object(
  {
    /** Our consent string (`v1;analytics=1;advertising=0|1;at=…`): analytics must be 1. */
    consent: text(200, 'the consent string; analytics=1 is required', 1),
    fingerprint: Type.String({
      pattern: '^[0-9a-z]{8,64}$',
      description: 'the hash of the normalised message and top stack frame',
    }),
    message: text(CRASH_PAYLOAD_MAX_CHARS, 'the error message', 1),
    stack: Type.Optional(text(CRASH_PAYLOAD_MAX_CHARS, 'the stack, truncated to fit the cap')),
    route: Type.String({ pattern: '^/[^?#]{0,511}$', description: 'the pathname (no query string)' }),
    release: Type.String({ pattern: '^[0-9A-Za-z._+-]{1,64}$', description: 'the web build' }),
    kind: Type.Union([Type.Literal('error'), Type.Literal('unhandledrejection'), Type.Literal('boundary')], {
      description: 'error, unhandledrejection or boundary',
    }),
    userAgent: Type.Optional(text(512, 'the browser’s user agent')),
  },
  { additionalProperties: false, $id: 'CrashReport', title: 'CrashReport' },
);
export type CrashReport = Static<typeof CrashReportSchema>;
