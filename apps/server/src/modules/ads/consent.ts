/**
 * The visitor's advertising consent as the server reads it (the web app's lib/analytics/consent.ts
 * documents both forms; docs/consent.md): our consent string `v1;analytics=0|1;advertising=0|1;at=<s>`
 * sent with the request, and the consent platform's cookie `antenne_consent` (URI-encoded JSON
 * whose `categories` lists the accepted ones). No ad is chosen nor any tracking stored unless
 * every form present grants advertising, and at least one is present.
 */

export const CONSENT_COOKIE = 'antenne_consent';
const CONSENT_STRING = /^v1;analytics=[01];advertising=([01]);at=\d{1,12}$/;
const MAX_COOKIE_CHARS = 4096;

/** What a consent string says of advertising; undefined when it is not one. */
export function advertisingInConsentString(value: string): boolean | undefined {
  if (value.length > 200) return undefined;
  const match = CONSENT_STRING.exec(value);
  return match ? match[1] === '1' : undefined;
}

/** What the consent cookie of a Cookie header says of advertising; undefined when there is none (or it is unreadable). */
export function advertisingInCookie(cookieHeader: string | undefined): boolean | undefined {
  if (!cookieHeader) return undefined;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw || raw.length > MAX_COOKIE_CHARS) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as { categories?: unknown };
    if (!Array.isArray(value.categories)) return undefined;
    return value.categories.includes('advertising');
  } catch {
    return undefined;
  }
}

/** Advertising is allowed: at least one form of consent is present and none present refuses it. */
export function advertisingAllowed(consent: string | undefined, cookieHeader: string | undefined): boolean {
  const forms = [
    consent === undefined || consent === '' ? undefined : (advertisingInConsentString(consent) ?? false),
    advertisingInCookie(cookieHeader),
  ].filter((form) => form !== undefined);
  return forms.length > 0 && forms.every(Boolean);
}
