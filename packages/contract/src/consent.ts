/**
 * Cookie consent as both sides read it (docs/consent.md): the consent platform's cookie and our
 * consent string. The web app (lib/analytics/consent.ts) and the server's ad, analytics and crash
 * modules use these; nothing here touches the DOM.
 */

export const CONSENT_CATEGORIES = ['analytics', 'advertising'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** vanilla-cookieconsent's cookie: URI-encoded JSON whose `categories` lists the accepted ones. */
export const CONSENT_COOKIE = 'antenne_consent';
/** Longer than this, a consent string is not one. */
export const CONSENT_STRING_MAX = 200;
const CONSENT_COOKIE_MAX = 4096;

export interface ConsentChoice {
  /** The accepted optional categories. */
  readonly accepted: readonly ConsentCategory[];
  /** When the choice was made (ms since the epoch). */
  readonly at: number;
}

/** The choice in a Cookie header; undefined when there is none or it is unreadable. */
export function readConsentCookie(header: string | undefined): ConsentChoice | undefined {
  if (!header) return undefined;
  const raw = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw || raw.length > CONSENT_COOKIE_MAX) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as {
      categories?: unknown;
      lastConsentTimestamp?: unknown;
      consentTimestamp?: unknown;
    };
    const categories = value.categories;
    if (!Array.isArray(categories)) return undefined;
    const stamp = value.lastConsentTimestamp ?? value.consentTimestamp;
    const at = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    const accepted = CONSENT_CATEGORIES.filter((category) => categories.includes(category));
    return { accepted, at: Number.isFinite(at) ? at : 0 };
  } catch {
    return undefined;
  }
}

/** Our consent string for `choice`: `v1;analytics=0|1;advertising=0|1;at=<seconds>` ('' for none). */
export function consentString(choice: ConsentChoice | undefined): string {
  if (!choice) return '';
  const flags = CONSENT_CATEGORIES.map(
    (category) => `${category}=${choice.accepted.includes(category) ? 1 : 0}`,
  );
  return ['v1', ...flags, `at=${Math.floor(choice.at / 1000)}`].join(';');
}

const CONSENT_STRING = /^v1;analytics=([01]);advertising=([01]);at=(\d{1,12})$/;

/** Reads a consent string; undefined when it is not one. */
export function parseConsentString(value: string): ConsentChoice | undefined {
  if (value.length > CONSENT_STRING_MAX) return undefined;
  const match = CONSENT_STRING.exec(value);
  if (!match) return undefined;
  const accepted = CONSENT_CATEGORIES.filter((_, index) => match[index + 1] === '1');
  return { accepted, at: Number(match[3]) * 1000 };
}

/** Whether a consent string accepts `category` (false when it is not one). */
export const consentStringAccepts = (value: string, category: ConsentCategory): boolean =>
  parseConsentString(value)?.accepted.includes(category) ?? false;
