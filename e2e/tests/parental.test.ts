import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  accountPaths,
  identityPaths,
  NO_PASSWORD_CREDENTIALS,
  PARENTAL_PIN_HEADER,
  type UserProfiles,
} from '@antenne/contract';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Parental controls in Chromium (issue 13, item 2; ADR 0012), on the README's demo subscriber:
 * « Démo » (main profile, PIN 1234) and « Enfants » (child, « tous publics »). The steps on
 * « Enfants » — set a PIN on the main profile, untick « Profil enfant », switch to « Démo » without
 * the PIN, reach « Supprimer mon compte » — each fail now, in the page and at the server; and its
 * search leaves out a -16 title. Also item 17: a reload before choosing a profile asks again.
 */

const suite = useBrowserSuite({ AUTH_SIGN_IN_LIMIT: '100' });

const TENANT = { customer: 'antenne', businessUnit: 'monde' };
const DEMO = { email: 'demo@antenne.example', password: 'Antenne-demo-2026', pin: '1234' };
/** Rated -16 in the demo catalogue (film-les-nuits-d-abidjan). */
const ADULT_TITLE = "Les Nuits d'Abidjan";

async function signIn(page: Page): Promise<void> {
  await page.goto(`${suite.server.url}/login`);
  await page.getByLabel('Adresse e-mail').fill(DEMO.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
}

async function choose(page: Page, profile: 'Démo' | 'Enfants'): Promise<void> {
  await page.getByRole('button', { name: profile }).click();
  await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
}

/** The search results' titles for `text`, once the page has answered. */
async function searchTitles(page: Page, text: string): Promise<string> {
  await page.goto(`${suite.server.url}/search?q=${encodeURIComponent(text)}`);
  await page.getByRole('heading', { level: 2, name: /résultats?$/ }).waitFor();
  return page.getByRole('main').innerText();
}

describe('the « Enfants » profile cannot switch the parental controls off', () => {
  test('the issue’s steps are each refused (page and server); its search leaves out a -16 title; « Démo » opens with its PIN only', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    await choose(page, 'Enfants');

    // Its search: the -16 title is left out (it is there for « Démo », below).
    const childSearch = await searchTitles(page, 'Abidjan');
    expect(childSearch).not.toContain(ADULT_TITLE);

    // Account → no « Mon compte » tab, no « Supprimer mon compte »; Profils: nothing to change but its own name and avatar.
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('tab', { name: 'Profils' }).click();
    await page.getByRole('button', { name: 'Modifier le profil Enfants' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Mon compte' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Supprimer mon compte' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Modifier le profil Démo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ajouter un profil' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Modifier le profil Enfants' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le profil Enfants' });
    await edit.waitFor();
    expect(await edit.getByRole('checkbox', { name: 'Profil enfant' }).count()).toBe(0);
    expect(await edit.getByLabel('Nouveau code parental (4 chiffres)').count()).toBe(0);
    await edit.getByRole('button', { name: 'Annuler' }).click();

    // The same steps sent by hand with « Enfants »' session and the family browser's identity cookie: refused by the server.
    const refusals = await page.evaluate(
      async ({ paths, pinHeader, noPassword }) => {
        const token = (
          JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as { state: { token: string } }
        ).state.token;
        const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const { profiles } = (await (await fetch(paths.profiles, { headers: auth })).json()) as UserProfiles;
        const main = profiles.find((p) => p.owner)!.userId;
        const child = profiles.find((p) => !p.owner)!.userId;
        const call = async (url: string, init: RequestInit) => {
          const res = await fetch(url, { credentials: 'include', ...init });
          return `${res.status} ${((await res.json()) as { message?: string }).message}`;
        };
        return {
          mainPin: await call(`${paths.profiles}/${main}`, {
            method: 'PUT',
            headers: auth,
            body: JSON.stringify({ pinCode: '0000' }),
          }),
          untickChild: await call(`${paths.profiles}/${child}`, {
            method: 'PUT',
            headers: auth,
            body: JSON.stringify({ child: false }),
          }),
          switchNoPin: await call(`${paths.profiles}/${main}/select`, { headers: auth }),
          switchWrongPin: await call(`${paths.profiles}/${main}/select`, {
            headers: { ...auth, [pinHeader]: '0000' },
          }),
          deleteAccount: await call(paths.userDelete, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify(noPassword),
          }),
          identityDelete: await call(paths.identityDelete, { method: 'POST', headers: auth, body: '{}' }),
          identityPassword: await call(paths.identityPassword, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ currentPassword: 'Antenne-demo-2026', newPassword: 'Enfant-libre-2026' }),
          }),
        };
      },
      {
        // Paths as text (functions do not cross into the page): user/profile, then /{id} and /{id}/select.
        paths: {
          profiles: accountPaths.profiles(TENANT),
          userDelete: accountPaths.userDelete(TENANT),
          identityDelete: identityPaths.deleteUser,
          identityPassword: identityPaths.changePassword,
        },
        pinHeader: PARENTAL_PIN_HEADER,
        noPassword: NO_PASSWORD_CREDENTIALS,
      },
    );
    expect(refusals).toEqual({
      mainPin: '403 PROFILE_RESTRICTED',
      untickChild: '403 PROFILE_RESTRICTED',
      switchNoPin: '403 PARENTAL_PIN_REQUIRED',
      switchWrongPin: '403 INVALID_PIN_CODE',
      deleteAccount: '403 PROFILE_RESTRICTED',
      identityDelete: '403 PROFILE_RESTRICTED',
      identityPassword: '403 PROFILE_RESTRICTED',
    });

    // Switching to « Démo » asks for its PIN: a wrong one is refused, the right one opens it.
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('tab', { name: 'Profils' }).click();
    await page.getByRole('button', { name: 'Changer de profil pour Démo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regarder en tant que Démo ?' });
    await dialog.waitFor();
    const pin = dialog.getByLabel('Code parental (4 chiffres)');
    await pin.fill('0000');
    await pin.press('Enter');
    await dialog.getByText('Code incorrect').waitFor();
    await pin.fill(DEMO.pin);
    await pin.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    // As « Démo »: the -16 title is found, and the account settings are there.
    expect(await searchTitles(page, 'Abidjan')).toContain(ADULT_TITLE);
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('tab', { name: 'Mon compte' }).waitFor();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).waitFor();
  }, 120_000);
});

describe('a reload before choosing a profile', () => {
  test('shows « Qui regarde ? » again, and the profile chosen then is the one watching', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Mon compte' }).count()).toBe(0);
    await choose(page, 'Enfants');
    const profile = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as {
            state?: { profile?: { displayName?: string } };
          }
        ).state?.profile?.displayName,
    );
    expect(profile).toBe('Enfants');
  }, 60_000);
});
