/**
 * Cookie consent (spec part 1 §2, SPEC-DECISIONS; docs/consent.md).
 *
 * The consent platform (vanilla-cookieconsent, lib/consent/) keeps the visitor's choice in the
 * first-party cookie `antenne_consent`: URI-encoded JSON with `categories` (the accepted ones,
 * `necessary` always among them) and `lastConsentTimestamp`. This module reads that cookie without
 * loading the platform, so that everything optional asks `hasConsent(category)` before it runs,
 * and the server can read the same cookie when it draws a page.
 *
 * - `hasConsent('analytics' | 'advertising')`: the category is accepted now.
 * - `consentString()`: our documented consent string, sent with ad and analytics requests:
 *   `v1;analytics=0|1;advertising=0|1;at=<seconds of the choice>` ('' before any choice).
 * - `onConsentChange(listener)`: the platform calls `noteConsentChanged()` on every choice, so a
 *   withdrawal stops what listens at once.
 * - `openConsentPreferences()`: opens the platform's preferences when it has registered.
 */

import {
  consentString as formatConsent,
  readConsentCookie,
  type ConsentCategory,
  type ConsentChoice,
} from '@antenne/contract';

import { readOncePerRun } from '../read-once-per-run';

export { CONSENT_CATEGORIES, CONSENT_COOKIE, parseConsentString } from '@antenne/contract';
export type { ConsentCategory, ConsentChoice } from '@antenne/contract';

/** The choice in a cookie header (`document.cookie` by default); undefined before any choice. */
export function readConsent(cookies?: string): ConsentChoice | undefined {
  if (cookies !== undefined) return readConsentCookie(cookies);
  if (typeof document === 'undefined') return undefined;
  return consentNow();
}

/** The page's cookie jar read once per run (every ad slot and beacon asks: lib/read-once-per-run). */
const consentNow = readOncePerRun((): ConsentChoice | undefined => {
  try {
    return readConsentCookie(document.cookie);
  } catch {
    return undefined;
  }
});

/** Whether `category` is accepted now (false before any choice). */
export function hasConsent(category: ConsentCategory): boolean {
  return readConsent()?.accepted.includes(category) ?? false;
}

/** Our consent string for `choice` (the current one by default); '' before any choice. */
export function consentString(choice: ConsentChoice | undefined = readConsent()): string {
  return formatConsent(choice);
}

const listeners = new Set<(choice: ConsentChoice | undefined) => void>();

/** Calls `listener` after every change of the choice; returns the unsubscribe function. */
export function onConsentChange(listener: (choice: ConsentChoice | undefined) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The platform tells that the choice changed (it has written the cookie). */
export function noteConsentChanged(): void {
  consentNow.forget();
  const choice = readConsent();
  for (const listener of [...listeners]) {
    try {
      listener(choice);
    } catch {
      // A listener never stops the others.
    }
  }
}

/**
 * The cookie value vanilla-cookieconsent writes for `accepted` at `at` (what it needs to take the
 * choice as valid: categories, both timestamps, a consent id, revision 0). Tests and the e2e write
 * a choice with it; the app itself lets the platform write.
 */
export function consentCookieValue(accepted: readonly ConsentCategory[], at = Date.now()): string {
  const stamp = new Date(at).toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories: ['necessary', ...accepted],
      revision: 0,
      data: null,
      consentTimestamp: stamp,
      consentId: '00000000-0000-4000-8000-000000000000',
      services: { necessary: [], analytics: [], advertising: [] },
      lastConsentTimestamp: stamp,
      expirationTime: at + 182 * 24 * 3600 * 1000,
    }),
  );
}

let showPreferences: (() => void) | undefined;
const availabilityListeners = new Set<() => void>();
const noteAvailability = () => availabilityListeners.forEach((listener) => listener());

/** A consent platform registers how to show its preferences; returns the unregister function. */
export function registerConsentPreferences(show: () => void): () => void {
  showPreferences = show;
  noteAvailability();
  return () => {
    if (showPreferences !== show) return;
    showPreferences = undefined;
    noteAvailability();
  };
}

/** Whether a platform can show its preferences now (the footer's entry then opens a dialog). */
export function consentPreferencesAvailable(): boolean {
  return showPreferences !== undefined;
}

/** Calls `listener` when the preferences become available or go; returns the unsubscribe function. */
export function onConsentPreferencesAvailability(listener: () => void): () => void {
  availabilityListeners.add(listener);
  return () => void availabilityListeners.delete(listener);
}

/** Opens the consent preferences when a platform is registered; false otherwise. */
export function openConsentPreferences(): boolean {
  if (!showPreferences) return false;
  showPreferences();
  return true;
}
