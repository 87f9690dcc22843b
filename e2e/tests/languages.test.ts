import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { scrollToFooter } from '../support/footer.js';
import { useBrowserSuite } from '../support/suite.js';

/** The interface language (settings, right to left) and the footer's legal pages. */

const suite = useBrowserSuite();

const html = (p: Page) =>
  p.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test('settings → Arabic: the app reloads right to left with Arabic strings and content; back to French', async () => {
  const { page } = await suite.newPage();
  await page.goto(`${suite.server.url}/settings`);
  // The choice is the app's: it starts after the first paint (apps/web/src/main.tsx).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('radio', { name: /العربية/ }).check({ force: true });
  await page.getByRole('button', { name: 'Valider' }).click();
  // Validate stores lang-preference and reloads to the origin.
  await page.waitForURL(`${suite.server.url}/`);
  await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  // Interface strings in Arabic (the top bar's settings link).
  await page.getByRole('banner').getByRole('link', { name: 'الإعدادات' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('lang-preference'))).toBe('ar');
  // Content in Arabic too: the hero's first title.
  await page.getByRole('region', { name: 'في الواجهة' }).waitFor();
  expect(await page.getByText('صيف في داكار').count()).toBeGreaterThan(0);
  // Mirrored layout: the burger (start of the bar) sits on the right.
  const burger = await page.getByRole('button', { name: 'القائمة' }).boundingBox();
  expect(burger!.x).toBeGreaterThan(640);

  await page.goto(`${suite.server.url}/settings`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('radio', { name: /Français/ }).check({ force: true });
  await page.getByRole('button', { name: 'تأكيد' }).click();
  await page.waitForURL(`${suite.server.url}/`);
  await expect.poll(() => html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
  await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
});

test('settings → Arabic chosen before the app is live: the clicks are held, then carried out once it is', async () => {
  const { page } = await suite.newPage();
  // The app's code held back until the choice is made: the page is the server's HTML alone.
  let letAppIn: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => (letAppIn = resolve));
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(`${suite.server.url}/settings`);
  await page.getByRole('radio', { name: /العربية/ }).click({ force: true });
  await page.getByRole('button', { name: 'Valider' }).click();
  // Neither a native form submission nor a lost click: still on the page, not live yet.
  expect(page.url()).toBe(`${suite.server.url}/settings`);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  letAppIn();
  await page.waitForURL(`${suite.server.url}/`);
  await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  expect(await page.evaluate(() => localStorage.getItem('lang-preference'))).toBe('ar');
});

test('a legal link of the footer opens its page, with its body, in a new tab', async () => {
  const { context, page } = await suite.newPage();
  await page.goto(`${suite.server.url}/`);
  const footer = await scrollToFooter(page);
  const link = footer.getByRole('link', { name: /Conditions d'utilisation/ });
  await link.scrollIntoViewIfNeeded();
  expect(await link.getAttribute('target')).toBe('_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/legal/conditions-d-utilisation');
  await tab.getByRole('heading', { level: 1, name: "Conditions d'utilisation" }).waitFor();
  // Outside the main shell: no top bar; the page's own body is shown.
  expect(await tab.getByRole('banner').count()).toBe(0);
  expect((await tab.locator('main').innerText()).length).toBeGreaterThan(200);
});
