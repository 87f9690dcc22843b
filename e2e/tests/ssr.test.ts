import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { epgPaths, programDetailsId, type ChannelEpg } from '@antenne/contract';
import { playerFlows, TENANT } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * The public pages painted from the server's HTML, then hydrated (issue 16, docs/adr/0030): read
 * with JavaScript off, and hydrated in French and Arabic without React finding any difference
 * between the server's HTML and its own first render.
 */
const suite = useBrowserSuite();

const BASE = `/v1/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}`;

interface AssetAnswer {
  assetId: string;
  localized: { locale: string; title?: string; description?: string }[];
}

async function firstOf(type: 'MOVIE' | 'TV_SHOW'): Promise<AssetAnswer> {
  const res = await fetch(
    `${suite.server.url}${BASE}/content/asset?assetType=${type}&pageSize=1&onlyPublished=true&client=json`,
  );
  const [asset] = ((await res.json()) as { items: AssetAnswer[] }).items;
  if (!asset) throw new Error(`the demo has no ${type}`);
  return asset;
}

async function programmeOnAir(): Promise<string> {
  const res = await fetch(`${suite.server.url}${epgPaths.channelOnNow(TENANT, 'channel-59')}`);
  const [programme] = ((await res.json()) as ChannelEpg).programs;
  if (!programme) throw new Error('nothing on air on channel-59');
  return `/details/epg/${encodeURIComponent(programDetailsId('channel-59', Date.parse(programme.startTime)))}`;
}

/** Everything the page said in its console or threw, from its first script on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

describe('with JavaScript off', () => {
  test('the home page shows its hero and its lanes, and a title’s link opens its details with its title and summary', async () => {
    const film = await firstOf('MOVIE');
    const french = film.localized.find((l) => l.locale === 'fr');
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    await page.goto(`${suite.server.url}/`);

    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    // The hero's title, and lanes of titles with their links.
    expect(await page.getByRole('region', { name: /.+/ }).count()).toBeGreaterThan(0);
    const lane = page.getByRole('heading', { level: 2, name: 'Nouveautés' });
    await lane.waitFor();
    const cards = page.locator('a[href^="/details/vod/"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    // The cards' images are in the HTML too.
    expect(await page.locator('main img').count()).toBeGreaterThan(4);

    // Follow a link to a film's details: its title and summary, still without JavaScript.
    await page.goto(`${suite.server.url}/details/vod/${encodeURIComponent(film.assetId)}`);
    await page.getByRole('heading', { level: 1, name: french?.title ?? '?' }).waitFor();
    await page
      .getByText(french?.description ?? '?')
      .first()
      .waitFor();

    await page.goto(`${suite.server.url}/`);
    const link = cards.first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.locator('main').textContent()).not.toBe('');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr'))).toBe(true);
  });

  test('the sign-in page, drawn in the browser, says JavaScript is needed', async () => {
    // A browser with scripting off shows <noscript> (Playwright can only stop scripts from running,
    // its parser still treats noscript as text): the page's HTML is what is asserted.
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    const answer = await page.goto(`${suite.server.url}/login`);
    const html = (await answer?.text()) ?? '';
    expect(html).toMatch(/<noscript>\s*<p>\s*Antenne a besoin de JavaScript pour fonctionner/);
    expect(html).not.toContain('data-ssr');
  });
});

describe.each([
  ['fr', 'ltr'],
  ['ar', 'rtl'],
])('hydration in %s', (language, direction) => {
  test('every public page hydrates with no mismatch, no error and no warning', async () => {
    const [film, series, programme] = await Promise.all([
      firstOf('MOVIE'),
      firstOf('TV_SHOW'),
      programmeOnAir(),
    ]);
    const pages = [
      '/',
      '/vod/page-cinema',
      '/mosaic/home-cinema',
      `/details/vod/${encodeURIComponent(film.assetId)}`,
      `/details/vod/${encodeURIComponent(series.assetId)}`,
      '/search?q=dakar',
      '/settings',
      '/csa',
      '/legal/conditions-d-utilisation',
      '/guide',
      programme,
      '/no/such/page',
    ];
    const { page } = await suite.newPage({
      locale: language,
      // The language chosen, as the settings page stores and mirrors it; and the server's own
      // elements, kept to check that hydration adopted them rather than drawing them afresh.
      initScript: `localStorage.setItem('lang-preference', '${language}');
        document.addEventListener('DOMContentLoaded', () => {
          const data = JSON.parse(document.getElementById('antenne-page')?.textContent ?? '{}');
          window.__serverElements = data.hydrate === false ? [] :
            ['header', '#main h1', '#main section, #main article', 'footer']
              .map((selector) => [selector, document.querySelector(selector)])
              .filter(([, element]) => element !== null);
        });`,
    });
    await page.context().addCookies([{ name: 'lang-preference', value: language, url: suite.server.url }]);
    const problems = problemsOf(page);
    for (const path of pages) {
      const answer = await page.goto(`${suite.server.url}${path}`);
      expect(answer?.status(), path).toBe(200);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr')), path).toBe(true);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([language, direction]);
      // Hydration is over: the rest of the page (footer, lanes below) hydrates as its code comes.
      await page.waitForLoadState('networkidle');
      expect(problems, `${path} in ${language}`).toEqual([]);
      // The server's header, heading, first section and footer are the ones on screen (a part
      // React gave up hydrating would have been replaced).
      const replaced = await page.evaluate(() =>
        (window as unknown as { __serverElements: [string, Element][] }).__serverElements
          .filter(([, element]) => !element.isConnected)
          .map(([selector]) => selector),
      );
      expect(replaced, `${path} in ${language}: server elements replaced`).toEqual([]);
    }
  });
});

describe('personal parts after hydration', () => {
  test('a signed-in viewer’s home hydrates as the visitor’s page, then shows their own lanes and profile', async () => {
    const { page } = await suite.newPage();
    // Signed in and a profile chosen, as in the other flows.
    await playerFlows(suite).signInDemo(page);

    const problems = problemsOf(page);
    const answer = await page.goto(`${suite.server.url}/`);
    // The server's HTML is the visitor's: the same for everyone, so a CDN may keep it.
    expect(await answer?.text()).toContain('data-ssr');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // After hydration: no sign-in card in the personal lanes, the account link is the profile's.
    await expect
      .poll(() => page.getByRole('link', { name: /Connectez-vous/ }).count(), { timeout: 10_000 })
      .toBe(0);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
