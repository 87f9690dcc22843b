/**
 * The visitor's advertising consent as the server reads it (the web app's lib/analytics/consent.ts
 * documents both forms; docs/consent.md): our consent string `v1;analytics=0|1;advertising=0|1;at=<s>`
 * sent with the request, and the consent platform's cookie `antenne_consent` (URI-encoded JSON
 * whose `categories` lists the accepted ones). No ad is chosen nor any tracking stored unless
 * every form present grants advertising, and at least one is present.
 */

import { parseConsentString, readConsentCookie } from '@antenne/contract';

/** What a consent string says of advertising; undefined when it is not one. */
export function advertisingInConsentString(value: string): boolean | undefined {
  return parseConsentString(value)?.accepted.includes('advertising');
}

/** What the consent cookie of a Cookie header says of advertising; undefined when there is none (or it is unreadable). */
export function advertisingInCookie(cookieHeader: string | undefined): boolean | undefined {
  return readConsentCookie(cookieHeader)?.accepted.includes('advertising');
}

/** Advertising is allowed: at least one form of consent is present and none present refuses it. */
export function advertisingAllowed(consent: string | undefined, cookieHeader: string | undefined): boolean {
  const forms = [
    consent === undefined || consent === '' ? undefined : (advertisingInConsentString(consent) ?? false),
    advertisingInCookie(cookieHeader),
  ].filter((form) => form !== undefined);
  return forms.length > 0 && forms.every(Boolean);
}
