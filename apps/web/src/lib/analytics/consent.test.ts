import { describe, expect, test } from 'vitest';
import {
  CONSENT_COOKIE,
  consentCookieValue,
  consentString,
  hasConsent,
  parseConsentString,
  readConsent,
} from './consent';

const AT = Date.UTC(2026, 10, 24, 10, 0, 0);
const header = (accepted: Parameters<typeof consentCookieValue>[0]) =>
  `lang-preference=fr; ${CONSENT_COOKIE}=${consentCookieValue(accepted, AT)}; other=1`;

describe('consent', () => {
  test("reads the platform's cookie: the accepted categories and when", () => {
    expect(readConsent(header(['advertising']))).toEqual({ accepted: ['advertising'], at: AT });
    expect(readConsent(header([]))).toEqual({ accepted: [], at: AT });
    expect(readConsent('lang-preference=fr')).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=%7Bbroken`)).toBeUndefined();
    expect(
      readConsent(`${CONSENT_COOKIE}=${encodeURIComponent('{"categories":"analytics"}')}`),
    ).toBeUndefined();
  });

  test('asks the document cookie by category, once per run of code (a write is read by the next)', async () => {
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics'])}; path=/`;
    await Promise.resolve();
    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('advertising')).toBe(false);
    document.cookie = `${CONSENT_COOKIE}=; path=/; max-age=0`;
    await Promise.resolve();
    expect(hasConsent('analytics')).toBe(false);
  });

  test('the consent string says each category and the time of the choice, and reads back', () => {
    const choice = readConsent(header(['analytics', 'advertising']));
    const text = consentString(choice);
    expect(text).toBe(`v1;analytics=1;advertising=1;at=${AT / 1000}`);
    expect(parseConsentString(text)).toEqual(choice);
    expect(consentString(readConsent(header([])))).toBe(`v1;analytics=0;advertising=0;at=${AT / 1000}`);
    for (const bad of [
      '',
      'v2;analytics=1;advertising=1;at=1',
      'v1;analytics=2;advertising=0;at=1',
      `v1;analytics=1;advertising=1;at=1${'0'.repeat(300)}`,
    ]) {
      expect(parseConsentString(bad)).toBeUndefined();
    }
  });
});
