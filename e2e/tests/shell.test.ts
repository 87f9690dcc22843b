import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { epgPaths, programDetailsId, type ChannelEpg } from '@antenne/contract';
import { TENANT } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';
import { ROUTES } from '../support/routes.js';

const suite = useBrowserSuite();

const open = (path: string) => suite.open(path);

const topBar = (p: Page) => p.getByRole('banner');

/**
 * Serves the home page as the app drawn in the browser (as the player and the signed-in pages are,
 * and any page whose render failed or found no slot in time): no server HTML, no embedded data.
 */
async function withoutBootstrap(p: Page): Promise<void> {
  await p.route(`${suite.server.url}/`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<script type="application\/json" id="antenne-page">.*?<\/script>/s, '')
      .replace(' data-ssr', '')
      .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
    await route.fulfill({ response, body });
  });
}

describe('startup', () => {
  test('without embedded answers: shows the loader until the startup calls answer, then the shell with the top bar', async () => {
    const { page } = await suite.newPage();
    await withoutBootstrap(page);
    // Hold the config call so the loader is observable, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/config/config_web.json*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${suite.server.url}/`);
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0);
    expect(await topBar(page).count()).toBe(0);

    release();
    await topBar(page).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    for (const name of ROUTES.topBarLinks) {
      expect(await topBar(page).getByRole('link', { name }).count(), `top bar link "${name}"`).toBe(1);
    }
    expect(await topBar(page).getByRole('button', { name: ROUTES.burgerLabel }).count()).toBe(1);
  });

  test('falls back to /config.json when /config/config_web.json fails', async () => {
    const { page } = await suite.newPage();
    await withoutBootstrap(page);
    const fallbackCalls: string[] = [];
    await page.route('**/config/config_web.json*', (route) => route.fulfill({ status: 503, body: '{}' }));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/config.json') fallbackCalls.push(request.url());
    });
    await page.goto(`${suite.server.url}/`);
    await topBar(page).waitFor();
    expect(fallbackCalls.length).toBeGreaterThan(0);
  });

  test('the top bar leads to settings, search and login', async () => {
    const p = await open('/');
    await topBar(p).waitFor();
    await topBar(p).getByRole('link', { name: ROUTES.searchLabel }).click();
    await p.waitForURL('**/search');
    await p.getByRole('heading', { level: 1, name: ROUTES.byPath['/search'] }).waitFor();
    await topBar(p).getByRole('link', { name: ROUTES.logoLabel }).click();
    await p.waitForURL(`${suite.server.url}/`);
    await p.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
  });
});

describe('route table', () => {
  for (const [path, heading] of Object.entries(ROUTES.byPath)) {
    test(`${path} renders its page`, async () => {
      const p = await open(path);
      await p.getByRole('heading', { level: 1, name: heading }).waitFor();
      const insideShell = !path.startsWith('/legal/') && !path.startsWith('/player/');
      expect(await topBar(p).count(), 'top bar shown').toBe(insideShell ? 1 : 0);
    });
  }

  test('/details/epg/{channel-59#start of the programme on air} renders the programme, its title as heading', async () => {
    const onNow = await fetch(`${suite.server.url}${epgPaths.channelOnNow(TENANT, 'channel-59')}`);
    expect(onNow.status).toBe(200);
    const [programme] = ((await onNow.json()) as ChannelEpg).programs;
    expect(programme).toBeDefined();
    const id = programDetailsId('channel-59', Date.parse(programme!.startTime));
    const p = await open(`/details/epg/${encodeURIComponent(id)}`);
    const title = programme!.asset.localized?.find((l) => l.locale === 'fr')?.title ?? '';
    await p.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await topBar(p).count(), 'top bar shown').toBe(1);
  });

  test('an unknown path shows PAGE UNDER CONSTRUCTION', async () => {
    const p = await open('/this/path/does-not-exist');
    await p.getByRole('heading', { level: 1, name: 'Page en construction' }).waitFor();
    expect(await topBar(p).count()).toBe(1);
  });

  test('/notFound renders the not-found page', async () => {
    const p = await open('/notFound');
    await p.getByRole('heading', { level: 1, name: ROUTES.notFoundHeading }).waitFor();
  });

  test('/mycontent as a visitor goes to /login', async () => {
    const p = await open('/mycontent');
    await p.waitForURL('**/login');
    await p.getByRole('heading', { level: 1, name: ROUTES.byPath['/login'] }).waitFor();
  });
});

describe('serving', () => {
  test('a public page is cached briefly by CDNs, the player’s index.html never, hashed assets are immutable', async () => {
    const page = await fetch(`${suite.server.url}/details/vod/abc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const index = await fetch(`${suite.server.url}/player/abc`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('cache-control')).toContain('no-cache');
    const html = await index.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset, 'index.html references a hashed script').toBeTruthy();
    const script = await fetch(`${suite.server.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  test('an unknown API path answers the Exposure 404 body, not the app', async () => {
    const res = await fetch(`${suite.server.url}/v2/customer/nope/businessunit/nope/unknown`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ httpCode: 404, message: 'NOT_FOUND' });
  });
});
