import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { scrollToFooter } from '../support/footer.js';
import { useBrowserSuite } from '../support/suite.js';

const suite = useBrowserSuite();

/** Requests only an accepted optional category may make (ads, analytics, crash reports). */
const OPTIONAL = /\/(ads|vast|eventsink|analytics|crash)(\/|\?|$)/;

const banner = (page: Page) => page.getByRole('dialog', { name: 'Consentement aux cookies' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Préférences de cookies' });

async function consentCookie(page: Page): Promise<{ categories: string[] } | undefined> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'antenne_consent');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[] }) : undefined;
}

describe('cookie consent', () => {
  test('a first visit shows the banner; refusing keeps only necessary cookies and nothing optional is requested; the footer reopens the preferences', async () => {
    const { page } = await suite.newPage({ consent: 'undecided', bypassCSP: true });
    const optional: string[] = [];
    page.on('request', (request: Request) => {
      if (OPTIONAL.test(new URL(request.url()).pathname)) optional.push(request.url());
    });
    await page.goto(`${suite.server.url}/`);
    await banner(page).waitFor();
    for (const name of ['Tout accepter', 'Tout refuser', 'Choisir']) {
      await banner(page).getByRole('button', { name }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);

    await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect((await consentCookie(page))?.categories).toEqual(['necessary']);

    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await banner(page).count()).toBe(0);
    const footer = await scrollToFooter(page);
    // Once the platform is there (after the page is live), the entry opens a dialog.
    const entry = footer.getByRole('link', { name: /^Gestion des cookies/ });
    await footer.locator('a[aria-haspopup="dialog"]', { hasText: 'Gestion des cookies' }).waitFor();
    await entry.click();
    await preferences(page).waitFor();
    expect(page.context().pages()).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(optional).toEqual([]);
  });

  test('the banner is in the page the server draws and answers before the app has started; the platform then reads the choice as made', async () => {
    const { page } = await suite.newPage({ consent: 'undecided', bypassCSP: true });
    // The app's code never comes: what answers is the entry alone (main.tsx).
    await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => route.abort());
    const response = await page.goto(`${suite.server.url}/`);
    expect(await response!.text()).toContain('id="consent-banner"');
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    expect((await consentCookie(page))?.categories).toEqual(['necessary', 'analytics', 'advertising']);

    // Next visit: no banner from the server; the platform takes the choice as valid (its
    // preferences show both categories accepted).
    await page.unroute(/\/assets\/start-[\w-]+\.js$/);
    const again = await page.goto(`${suite.server.url}/`);
    expect(await again!.text()).not.toContain('id="consent-banner"');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const footer = await scrollToFooter(page);
    await footer.locator('a[aria-haspopup="dialog"]', { hasText: 'Gestion des cookies' }).click();
    for (const name of [/Mesure d'audience/, /Publicité/])
      expect(await preferences(page).getByRole('checkbox', { name }).isChecked()).toBe(true);
    expect(await banner(page).count()).toBe(0);
  });

  test('in Arabic the banner and the preferences are right to left, and axe finds nothing', async () => {
    const { page } = await suite.newPage({
      consent: 'undecided',
      bypassCSP: true,
      initScript: `try { localStorage.setItem('lang-preference', 'ar'); } catch {}`,
    });
    await page.goto(`${suite.server.url}/`);
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached' });
    const arabicBanner = page.getByRole('dialog', { name: 'الموافقة على ملفات تعريف الارتباط' });
    await arabicBanner.waitFor();
    expect(await arabicBanner.evaluate((dialog) => getComputedStyle(dialog).direction)).toBe('rtl');
    // "Accept all" first, at the right edge, as the text reads.
    const [accept, choose] = await Promise.all(
      ['قبول الكل', 'اختيار'].map((name) => arabicBanner.getByRole('button', { name }).boundingBox()),
    );
    expect(accept!.x).toBeGreaterThan(choose!.x);
    expect(await axeViolations(page)).toEqual([]);
    await arabicBanner.getByRole('button', { name: 'اختيار' }).click();
    await page.getByRole('dialog', { name: 'تفضيلات ملفات تعريف الارتباط' }).waitFor();
    expect(await page.locator('#cc-main.cc--rtl').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the banner does not take the focus from a visitor already on the page: a key pressed as it comes moves in the guide', async () => {
    const { page } = await suite.newPage({ consent: 'undecided' });
    await page.goto(`${suite.server.url}/guide`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The grid's one tab stop (the programme on air), focused before the banner has come.
    const stop = page.locator('[role="grid"] a[tabindex="0"]');
    await stop.focus();
    const onAir = await stop.getAttribute('data-program');
    // The banner is there (in the server's page), and the platform has come since the page is live
    // (a platform's banner used to move the focus into itself as it came).
    await banner(page).waitFor();
    await page.waitForFunction(() => (window as unknown as { _ccRun?: boolean })._ccRun === true);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-program') ?? null);
    expect(await focused()).toBe(onAir);
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).not.toBe(onAir);
    expect(await focused()).not.toBeNull();
    // The banner is still there, at the end of the tab order.
    expect(await banner(page).isVisible()).toBe(true);
  });
});
