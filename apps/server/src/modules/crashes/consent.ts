/**
 * Our consent string (the web app's lib/analytics/consent.ts writes it, docs/consent.md):
 * `v1;analytics=0|1;advertising=0|1;at=<seconds>`. The same tiny parse as the web app's
 * `parseConsentString`, written again here rather than moved into the contract: the consent
 * module on main owns that file (issue 17 item 1).
 */
const CONSENT_STRING = /^v1;analytics=([01]);advertising=([01]);at=(\d{1,12})$/;

/** Whether `value` is a consent string that accepts audience measurement (analytics=1). */
export function acceptsAnalytics(value: string): boolean {
  if (value.length > 200) return false;
  return CONSENT_STRING.exec(value)?.[1] === '1';
}
