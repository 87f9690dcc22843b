import { describe, expect, test } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { contrast, OIDC_USER, sessionToken, useAccountsSuite } from '../support/accounts.js';
import { axeViolations } from '../support/axe.js';

/**
 * Accounts in Chromium against the real server: mail through a real SMTP server this file starts
 * (SMTP_URL), social sign-in through a real local OpenID Connect provider (OIDC_*).
 */

const { suite, mails, register, linkIn, signIn } = useAccountsSuite();

const TENANT = { customer: 'antenne', businessUnit: 'monde' };
const FILM = { id: 'film-le-dernier-ete-de-l-empire' };

describe('an account from registration to deletion', () => {
  test('register → verification mail → sign in → pick a profile → favourite → My content → change password → sign out → sign in again → delete → sign-in fails', async () => {
    // bypassCSP: axe checks the signed-in screens on the way.
    const { page } = await suite.newPage({ bypassCSP: true });
    const email = 'awa.diallo@example.com';
    await register(page, email, 'Motdepasse1!');
    const validate = page.getByRole('dialog', { name: 'Validez votre adresse e-mail' });
    await validate.waitFor();
    await validate.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/login(\?|$)/);

    // Signing in before verifying: the popup says the account must be verified.
    await signIn(page, email, 'Motdepasse1!');
    await page.getByRole('dialog', { name: 'Connexion' }).waitFor();
    await page.keyboard.press('Escape');

    // The verification mail, in French, with its link: following it verifies the address.
    const mail = await mails().waitFor(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    await page.goto(await linkIn(email, 'verify-email'));
    await page.waitForURL(/\/login(\?|$)/);

    await signIn(page, email, 'Motdepasse1!');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    const firstToken = await sessionToken(page);
    expect(firstToken).toMatch(/^ses_/);

    // A second profile in the household: the next sign-in asks who is watching.
    const created = await page.evaluate(
      async ([path, token]) =>
        (
          await fetch(path!, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ displayName: 'Enfants', child: true }),
          })
        ).status,
      [accountPaths.profiles(TENANT), firstToken] as const,
    );
    expect(created).toBe(200);
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => sessionToken(page)).toBeNull();
    await signIn(page, email, 'Motdepasse1!');
    await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
    expect(await axeViolations(page), 'the profile picker').toEqual([]);
    await page.getByRole('button', { name: 'Enfants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    // Favourite a film on its details page: it shows in My content.
    await page.goto(`${suite.server.url}/details/vod/${FILM.id}`);
    const favourite = page.getByRole('button', { name: 'Ajouter aux favoris' });
    await favourite.click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Dans mes favoris' }).getAttribute('aria-pressed'))
      .toBe('true');
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    await page.goto(`${suite.server.url}/mycontent`);
    const lane = page.getByRole('region', { name: 'Mes favoris' });
    await lane.getByRole('article').first().waitFor();
    expect(await lane.getByRole('article').count()).toBe(1);
    expect(await lane.innerText()).toContain(title);

    // « Enfants » is a child profile, restricted (ADR 0012): the account settings are the main
    // profile's. Back to it (it has no PIN, so only the confirmation is asked).
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('tab', { name: 'Profils' }).click();
    await page.getByRole('button', { name: 'Changer de profil pour Awa Diallo' }).click();
    await page
      .getByRole('dialog', { name: 'Regarder en tant que Awa Diallo ?' })
      .getByRole('button', { name: 'Changer de profil' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    // Change the password from the account settings, sign out, sign in with the new one.
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe(email);
    expect(await axeViolations(page), 'the account settings').toEqual([]);
    await page.getByRole('tab', { name: 'Profils' }).click();
    await page.getByRole('button', { name: /Ajouter un profil/ }).waitFor();
    expect(await axeViolations(page), 'the profiles tab').toEqual([]);
    await page.getByRole('tab', { name: 'Mon compte' }).click();
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    await dialog.getByLabel('Mot de passe actuel').fill('Motdepasse1!');
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2?mdp');
    await dialog.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau2?mdp');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Votre mot de passe a été modifié.').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => sessionToken(page)).toBeNull();
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, email, 'Motdepasse1!');
    await expect
      .poll(() => page.getByLabel('Mot de passe', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await signIn(page, email, 'Nouveau2?mdp');
    await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
    await page.getByRole('button', { name: 'Awa Diallo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    // Delete the account (a recent sign-in): back home signed out; signing in fails since.
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer votre compte ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => sessionToken(page)).toBeNull();
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, email, 'Nouveau2?mdp');
    await expect.poll(() => page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await sessionToken(page)).toBeNull();
  });
});

describe('registration and sign-in refusals', () => {
  test('under 16: the popup, and no account is created (no mail)', async () => {
    const { page } = await suite.newPage();
    const before = mails().mails.length;
    const year = new Date().getFullYear() - 12;
    await register(page, 'young@example.com', 'Motdepasse1!', `0101${year}`);
    await page
      .getByRole('dialog')
      .getByText('Vous ne pouvez pas créer de compte si vous avez moins de 16 ans.')
      .waitFor();
    await page.waitForTimeout(500);
    expect(
      mails()
        .mails.slice(before)
        .some((m) => m.to.includes('young@example.com')),
    ).toBe(false);
  });

  test('a wrong password: red borders and no message', async () => {
    const page = await suite.open('/login');
    await signIn(page, 'awa.unknown@example.com', 'Faux1!motdepasse');
    await expect.poll(() => page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Mot de passe', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  test('forgot password: the typed address receives a reset mail whose link sets a new password', async () => {
    const { page } = await suite.newPage();
    const email = 'oubli@example.com';
    await register(page, email, 'Motdepasse1!');
    await page
      .getByRole('dialog', { name: 'Validez votre adresse e-mail' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.goto(await linkIn(email, 'verify-email'));
    await page.waitForURL(/\/login(\?|$)/);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
    await dialog.getByRole('textbox').fill(email);
    await dialog.getByRole('button', { name: 'Valider' }).click();
    const reset = await mails().waitFor(email, 2);
    expect(reset.subject).toBe('Réinitialisez votre mot de passe');
    const link = await linkIn(email, 'reset-password', 2);
    expect(link).toContain('/identity/reset-password/');
    // The link opens the new-password page; the new password then signs in, the old one no more.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' }).waitFor();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Oublie3#remplace');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Oublie3#remplace');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Votre mot de passe a été changé.').waitFor();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await signIn(page, email, 'Motdepasse1!');
    await expect.poll(() => page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    await signIn(page, email, 'Oublie3#remplace');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
  });
});

describe('registration (issue 13 item 13)', () => {
  test('registered in one browser, signed in first from another device: the account settings show the name, birthday and sex', async () => {
    const email = 'deux.appareils@example.com';
    const { page: registering } = await suite.newPage();
    await register(registering, email, 'Motdepasse1!', '15061990');
    await registering
      .getByRole('dialog', { name: 'Validez votre adresse e-mail' })
      .getByRole('button', { name: 'OK' })
      .click();
    await registering.goto(await linkIn(email, 'verify-email'));
    await registering.waitForURL(/\/login(\?|$)/);

    // Another device: a fresh browser context, nothing of the registering one in its storage.
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, email, 'Motdepasse1!');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await expect.poll(() => page.getByLabel('Nom', { exact: true }).inputValue()).toBe('Diallo');
    expect(await page.getByLabel('Prénom').inputValue()).toBe('Awa');
    expect(await page.getByRole('textbox', { name: /Date de naissance/ }).inputValue()).toBe('15/06/1990');
    expect(await page.getByRole('radio', { name: 'Femme' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(email);
  });

  test('the « 16 ans ou plus » checkbox shows its outline in every state (3:1 against the card, WCAG 1.4.11)', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.url}/create-account`);
    await page.getByLabel('Adresse e-mail').fill('case@example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Motdepasse1!');
    await page.getByLabel('Confirmation du mot de passe').fill('Motdepasse1!');
    await page.getByRole('button', { name: 'Suivant' }).click();
    const label = page.getByText('Je certifie avoir 16 ans ou plus');
    await label.waitFor();
    const outline = () =>
      label.evaluate((element) => {
        const box = element.querySelector('span[aria-hidden="true"]') as HTMLElement;
        const style = getComputedStyle(box);
        let node: HTMLElement | null = box.parentElement;
        let background = 'rgba(0, 0, 0, 0)';
        while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(background)) {
          background = getComputedStyle(node).backgroundColor;
          node = node.parentElement;
        }
        return {
          width: parseFloat(style.borderTopWidth),
          style: style.borderTopStyle,
          color: style.borderTopColor,
          background,
        };
      });
    const states: Record<string, Awaited<ReturnType<typeof outline>>> = { unticked: await outline() };
    await label.click();
    states.ticked = await outline();
    for (const [state, { width, style, color, background }] of Object.entries(states)) {
      expect({ state, width: width >= 1, style }).toEqual({ state, width: true, style: 'solid' });
      expect({ state, contrast: contrast(color, background) >= 3 }, `${color} on ${background}`).toEqual({
        state,
        contrast: true,
      });
    }
  });

  test('the legal notice links the terms of use, the personal-data page and the privacy information, each to its own page', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.server.url}/create-account`);
    const terms = page.getByRole('link', { name: "Conditions générales d'utilisation" });
    await terms.waitFor();
    expect(await terms.getAttribute('href')).toBe('/legal/conditions-d-utilisation');
    expect(
      await page.getByRole('link', { name: 'Gestion des données personnelles' }).getAttribute('href'),
    ).toBe('/legal/gestion-des-donnees-personnelles');
    expect(await page.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      '/legal/informations-vie-privee',
    );
    const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await opened.getByRole('heading', { level: 1, name: "Conditions d'utilisation" }).waitFor();
  });
});

describe('change of email (issue 13 item 3)', () => {
  test('the new address takes effect once its mails are followed: the settings show it, and it signs in', async () => {
    const { page } = await suite.newPage();
    const email = 'ancienne@example.com';
    const next = 'nouvelle@example.com';
    await register(page, email, 'Motdepasse1!');
    await page
      .getByRole('dialog', { name: 'Validez votre adresse e-mail' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.goto(await linkIn(email, 'verify-email'));
    await page.waitForURL(/\/login(\?|$)/);
    await signIn(page, email, 'Motdepasse1!');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('button', { name: "Modifier l'adresse e-mail" }).click();
    const dialog = page.getByRole('dialog', { name: "Modifier l'adresse e-mail" });
    await dialog.getByLabel('Nouvelle adresse e-mail').fill(next);
    await dialog.getByLabel('Mot de passe').fill('Motdepasse1!');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(`Un e-mail de confirmation a été envoyé à ${next}.`, { exact: false }).waitFor();
    // Not confirmed yet: the account keeps its address.
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(email);

    // The confirmation, then the verification of the new address (better-auth's two steps).
    await page.goto(await linkIn(next, 'verify-email'));
    await page.goto(await linkIn(next, 'verify-email', 2));
    await page.goto(`${suite.server.url}/login`);
    await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe(next);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => sessionToken(page)).toBeNull();
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, next, 'Motdepasse1!');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
  });
});

describe('social sign-in', () => {
  test('the OpenID Connect provider: its button, the provider and back, signed in at home', async () => {
    const page = await suite.open('/login');
    await page.getByRole('button', { name: 'Continuer avec Fournisseur de test' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => sessionToken(page)).toMatch(/^ses_/);
    await page.goto(`${suite.server.url}/login`);
    await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe(OIDC_USER.email);
  });
});
