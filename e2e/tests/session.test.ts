import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consentCookieScript } from '../support/browser.js';
import { DEMO_SUBSCRIBER } from '../support/demo-session.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * A session that ends elsewhere (issue 13): a sign-out in another tab is noticed at once, and a
 * session the server no longer accepts offers to sign in again and comes back to the page, in
 * Chromium against the real server, signed in as the demo subscriber of the README.
 */

const suite = useBrowserSuite({ AUTH_SIGN_IN_LIMIT: '100' });
const FILM = '/details/vod/film-le-dernier-ete-de-l-empire';
const SESSION_KEY = 'antenne-session';

const sessionToken = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { token?: string | null } }).state?.token ??
      null,
    SESSION_KEY,
  );

/** Signs in from /login (the page the app is on), then picks the Démo profile. */
async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(DEMO_SUBSCRIBER.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_SUBSCRIBER.password);
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
  await page.getByRole('button', { name: 'Démo' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${suite.server.url}/login`);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect.poll(() => sessionToken(page)).toBeNull();
}

describe('a session that ends elsewhere', () => {
  test('two tabs: signing out in one, the other notices at once — its favourite asks to sign in, no error', async () => {
    const { context, page: first } = await suite.newPage();
    await first.goto(`${suite.server.url}/login`);
    await signIn(first);
    await first.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    const second = await context.newPage();
    await second.goto(`${suite.server.url}${FILM}`);
    const favourite = second.getByRole('button', { name: 'Ajouter aux favoris' });
    await favourite.waitFor();

    await signOut(first);
    // The second tab was not reloaded: it read the sign-out from the shared storage.
    await favourite.click();
    const dialog = second.getByRole('dialog', { name: 'Connexion requise' });
    await dialog.waitFor();
    expect(await second.getByRole('dialog').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await second.waitForURL(/\/login$/);
    await signIn(second);
    await second.waitForURL(new RegExp(`${FILM}$`));
  }, 90_000);

  test('a session the server no longer accepts: the next personal action offers to sign in again, then comes back', async () => {
    const { page: first } = await suite.newPage();
    await first.goto(`${suite.server.url}/login`);
    await signIn(first);
    await first.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    const stored = await first.evaluate((key) => localStorage.getItem(key), SESSION_KEY);

    // Another window holding the same session (its storage apart: no storage event reaches it).
    const other = await suite.browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    try {
      await other.addInitScript(consentCookieScript([], false));
      await other.addInitScript(
        ([key, value]) => {
          if (sessionStorage.getItem('seeded') === null) {
            localStorage.setItem(key!, value!);
            sessionStorage.setItem('seeded', '1');
          }
        },
        [SESSION_KEY, stored] as const,
      );
      const second = await other.newPage();
      await second.goto(`${suite.server.url}${FILM}`);
      const favourite = second.getByRole('button', { name: 'Ajouter aux favoris' });
      await favourite.waitFor();

      await signOut(first);
      await favourite.click();
      const prompt = second.getByRole('dialog', { name: 'Session terminée' });
      await prompt.waitFor();
      expect(await sessionToken(second)).toBeNull();
      await prompt.getByRole('button', { name: 'Se reconnecter' }).click();
      await second.waitForURL(/\/login$/);
      await signIn(second);
      await second.waitForURL(new RegExp(`${FILM}$`));
      // Signed in again, the action works.
      await second.getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await expect
        .poll(() => second.getByRole('button', { name: 'Dans mes favoris' }).getAttribute('aria-pressed'))
        .toBe('true');
    } finally {
      await other.close();
    }
  }, 90_000);
});
