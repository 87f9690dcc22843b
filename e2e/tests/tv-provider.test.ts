import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { forwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy.js';
import {
  CONSENT,
  FREE_FILM,
  FR_ADDRESS,
  RECORD_PHASES,
  US_ADDRESS,
  phase,
  waitForContent,
} from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Issue 19: a visitor in the United States signs in with a pay-TV provider, plays only through
 * it, and sees no ad. The country comes from a trusted proxy (a real one, started here and named
 * in TRUST_PROXY), never from a header the browser sets.
 */

/** The test distributor Antenne serves, and its demo subscriber (README). */
const PROVIDER = /TV Test \(démo\)/;
const SUBSCRIBER = { username: 'demo-us', password: 'Antenne-us-2026' };

let proxy: ForwardingProxy;
const suite = useBrowserSuite(async () => {
  proxy = await forwardingProxy(US_ADDRESS);
  return { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: proxy.url, AUTH_SIGN_IN_LIMIT: '100' };
});
beforeAll(async () => {
  await proxy.start(suite.server.url);
});
afterAll(async () => {
  await proxy.close();
});

/** A page of the app through the proxy, as the visitor at `address` sees it. */
async function visit(path: string, address: string, initScript?: string): Promise<Page> {
  proxy.visitor = address;
  const { page } = await suite.newPage({ bypassCSP: true, ...(initScript ? { initScript } : {}) });
  await page.goto(`${proxy.url}${path}`);
  return page;
}

/** The distributor's sign-in page in the overlay's frame: the subscriber signs in there. */
async function signInWithProvider(page: Page, { axe = false } = {}): Promise<void> {
  await page.getByRole('button', { name: PROVIDER }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const frame = page.frameLocator('iframe');
  await frame.getByLabel("Nom d'utilisateur").waitFor();
  if (axe) expect(await axeViolations(page), 'the overlay and its frame').toEqual([]);
  await frame.getByLabel("Nom d'utilisateur").fill(SUBSCRIBER.username);
  await frame.getByLabel('Mot de passe').fill(SUBSCRIBER.password);
  await frame.getByRole('button', { name: 'Se connecter' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a visitor in the United States (country from the trusted proxy)', () => {
  test('the login page lists the providers and no email form; the distributor signs the subscriber in; a title plays without an ad; signed out, play asks to log in to watch', async () => {
    const page = await visit(`/details/vod/${FREE_FILM}`, US_ADDRESS, `${CONSENT}\n${RECORD_PHASES}`);
    const adRequests: string[] = [];
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (/\/(vast|ads)\b/.test(path)) adRequests.push(path);
    });

    // Not signed in with a provider: the play button says so and leads to /login.
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A button of the server's HTML acts once React has hydrated it (a tap before its code has run
    // is not replayed: docs/adr/0043): the page is live first.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Se connecter pour regarder' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: PROVIDER }).waitFor();
    expect(await page.getByLabel('Adresse e-mail').count(), 'no email form').toBe(0);
    expect(await page.getByRole('link', { name: /aide/i }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page), 'the provider sign-in').toEqual([]);

    await signInWithProvider(page, { axe: true });
    // Back to the player the play button remembered: it plays the film, with no ad.
    await page.waitForURL(new RegExp(`/player/${FREE_FILM}`));
    await waitForContent(page);
    const steps = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
    expect(steps.map((s) => s.split(':')[0]).filter((k) => k !== 'loading')).not.toContain('ad');
    expect(await phase(page)).toBe('content');
    expect(adRequests, 'no ad request in the US').toEqual([]);

    // Signing out forgets the provider: play asks to log in to watch again.
    await page.goto(`${proxy.url}/login`);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.goto(`${proxy.url}/details/vod/${FREE_FILM}`);
    await page.getByRole('button', { name: 'Se connecter pour regarder' }).waitFor();
    expect(
      await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage)),
      'no provider token kept',
    ).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  }, 180_000);

  test('a provider token stored and not yet exchanged signs in at once, without a click; one already used is not accepted twice', async () => {
    const page = await visit('/login', US_ADDRESS);
    await signInWithProvider(page);
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    /** The app's session gone (another tab signed it out…), `providerToken` stored (or the one stored kept). */
    const storeWithoutSession = (providerToken: string | null) =>
      page.evaluate((token) => {
        const stored = JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as {
          state: Record<string, unknown>;
        };
        if (token === null && typeof stored.state.providerToken !== 'string')
          throw new Error('no provider token stored');
        localStorage.setItem(
          'antenne-session',
          JSON.stringify({
            ...stored,
            state: {
              ...stored.state,
              ...(token === null ? {} : { providerToken: token, selectedProvider: 'antenne-test' }),
              token: null,
              user: null,
              status: 'anonymous',
            },
          }),
        );
      }, providerToken);

    // The stored token was exchanged at the sign-in: a media token signs in once (ADR 0041), so
    // /login is refused it quietly, forgets it and lists the providers.
    await storeWithoutSession(null);
    await page.goto(`${proxy.url}/login`);
    await page.waitForFunction(
      () =>
        (
          JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as {
            state?: { providerToken?: unknown };
          }
        ).state?.providerToken === null,
    );
    const provider = page.getByRole('button', { name: PROVIDER });
    await provider.waitFor();
    expect(await provider.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');

    // A token the distributor issued that no sign-in exchanged yet (a sign-in interrupted before
    // the app's call): /login signs in with it at once.
    const fresh = await page.evaluate(async (credentials) => {
      const res = await fetch('/tv-providers/antenne-test/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(credentials).toString(),
      });
      return /data-media-token="([^"]+)"/.exec(await res.text())?.[1] ?? '';
    }, SUBSCRIBER);
    expect(fresh).toMatch(/^eyJ/);
    await storeWithoutSession(fresh);
    await page.goto(`${proxy.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    expect(await page.getByRole('dialog').count(), 'no overlay opened').toBe(0);
    await page.goto(`${proxy.url}/player/${FREE_FILM}`);
    await waitForContent(page);
  }, 180_000);
});

describe('a visitor in France', () => {
  test('the login page is unchanged: the email form and the social sign-ins, no provider', async () => {
    const page = await visit('/login', FR_ADDRESS);
    await page.getByLabel('Adresse e-mail').waitFor();
    expect(await page.getByRole('button', { name: PROVIDER }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Créer un compte' }).count()).toBe(1);
  }, 60_000);

  test('an X-Forwarded-For the browser sets does not make it American', async () => {
    proxy.visitor = FR_ADDRESS;
    const { page } = await suite.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': US_ADDRESS } });
    await page.goto(`${proxy.url}/login`);
    await page.getByLabel('Adresse e-mail').waitFor();
    expect(await page.getByRole('button', { name: PROVIDER }).count()).toBe(0);
  }, 60_000);
});
