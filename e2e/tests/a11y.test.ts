import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, type Violation } from '../support/axe.js';
import { consentCookieScript, launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules) on every built screen, in French and in Arabic
 * (right to left): no violation.
 */

/** Each path and something on it that says the page has rendered. */
const SCREENS: [path: string, ready: (p: Page) => Promise<unknown>][] = [
  ['/', (p) => p.getByRole('article').first().waitFor()],
  ['/vod/page-jeunesse', (p) => p.getByRole('region').first().waitFor()],
  ['/mosaic/home-cinema', (p) => p.getByRole('article').first().waitFor()],
  [
    '/details/vod/serie-rue-saint-denis',
    (p) =>
      p
        .getByRole('region', { name: /Épisodes|الحلقات/ })
        .getByRole('article')
        .first()
        .waitFor(),
  ],
  ['/search?q=ete', (p) => p.getByRole('article').first().waitFor()],
  ['/csa', (p) => p.getByRole('table').waitFor()],
  ['/settings', (p) => p.getByRole('radiogroup').waitFor()],
  ['/legal/conditions-d-utilisation', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/notFound', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/this/path/does-not-exist', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  // Screens of later issues, as they stand (their own work keeps them at 0).
  ['/login', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/create-account', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/activation', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/player/film-ete-a-dakar', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ['/details/epg/channel-59%231767225600000', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function violations(
  path: string,
  locale: 'fr' | 'ar',
  ready: (p: Page) => Promise<unknown>,
): Promise<Violation[]> {
  // axe is injected as an inline script: the app's CSP (script-src 'self') would refuse it.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((lang) => localStorage.setItem('lang-preference', lang), locale);
    // A returning visitor's cookie choice: the banner (audited in consent.test.ts) covers nothing here.
    await context.addInitScript(consentCookieScript([], false));
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    // The app starts after the first paint (apps/web/src/main.tsx) and may then reload the page in
    // the language chosen (lang-preference): audited once it is live.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await ready(page);
    if (locale === 'ar') await page.locator('html[dir="rtl"][lang="ar"]').waitFor();
    return await axeViolations(page);
  } finally {
    await context.close();
  }
}

describe.each(['fr', 'ar'] as const)('accessibility in %s', (locale) => {
  test.each(SCREENS)('%s has no WCAG A/AA violation', async (path, ready) => {
    expect(await violations(path, locale, ready)).toEqual([]);
  });
});
