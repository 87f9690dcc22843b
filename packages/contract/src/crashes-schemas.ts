import { Type, type Static } from 'typebox';
import { CRASH_PAYLOAD_MAX_CHARS } from './crashes.js';

/** The crash report's body (crashes.ts; issue 17 item 5): strict, each text bounded. */

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
    kind: Type.Union(
      [
        Type.Literal('error'),
        Type.Literal('unhandledrejection'),
        Type.Literal('boundary'),
        Type.Literal('hydration'),
      ],
      { description: 'error, unhandledrejection, boundary or hydration' },
    ),
    userAgent: Type.Optional(text(512, 'the browser’s user agent')),
  },
  { additionalProperties: false, $id: 'CrashReport', title: 'CrashReport' },
);
export type CrashReport = Static<typeof CrashReportSchema>;
