/**
 * Cookie consent. There is no consent-management platform yet; this is the seam it will use.
 *
 * - `hasConsent()` is true once localStorage key `consent` holds a non-empty value (whatever a
 *   future consent banner stores there: a TCF string, JSON …). Blocked storage means no consent.
 * - `openConsentPreferences()` opens the platform's preference centre when one has registered
 *   with `registerConsentPreferences()`, and answers whether it did.
 *
 * The footer's cookie entry uses both: until consent exists (or while no platform is
 * registered) it is a plain link to the cookie-management legal page.
 */

export const CONSENT_STORAGE_KEY = 'consent';

export function hasConsent(): boolean {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value !== null && value.trim() !== '';
  } catch {
    return false;
  }
}

let showPreferences: (() => void) | undefined;

/** A consent platform registers how to show its preferences; returns the unregister function. */
export function registerConsentPreferences(show: () => void): () => void {
  showPreferences = show;
  return () => {
    if (showPreferences === show) showPreferences = undefined;
  };
}

/** Opens the consent preferences when a platform is registered; false otherwise. */
export function openConsentPreferences(): boolean {
  if (!showPreferences) return false;
  showPreferences();
  return true;
}
