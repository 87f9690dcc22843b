import { afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { startSmtpCapture } from '../../apps/server/test/helpers/smtp-capture.js';
import { useBrowserSuite } from './suite.js';

/** The user the local OpenID Connect provider signs in. */
export const OIDC_USER = {
  sub: 'oidc-e2e-1',
  email: 'nadia@example.org',
  email_verified: true,
  name: 'Nadia K.',
};

/**
 * The browser suite of the account tests: a real SMTP server (SMTP_URL) and a real local OpenID
 * Connect provider (OIDC_*) started before the server, stopped after the file; with the flows that
 * register, sign in and read the mails of that server.
 */
export function useAccountsSuite() {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
  let provider: OAuth2Server | undefined;

  const suite = useBrowserSuite(async () => {
    smtp = await startSmtpCapture();
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, OIDC_USER));
    provider.service.on('beforeUserinfo', (response) => {
      response.body = OIDC_USER;
    });
    return {
      SMTP_URL: smtp.url,
      OIDC_ISSUER_URL: provider.issuer.url!,
      OIDC_CLIENT_ID: 'antenne-e2e',
      OIDC_CLIENT_SECRET: 'e2e-secret',
      OIDC_NAME: 'Fournisseur de test',
      // Every sign-in here comes from 127.0.0.1, a dozen within a minute; the limit itself (5 by
      // default) is proven by apps/server/test/identity/identity.test.ts.
      AUTH_SIGN_IN_LIMIT: '100',
    };
  });

  afterAll(async () => {
    await smtp?.stop();
    await provider?.stop();
  });

  const mails = () => smtp!;

  async function register(page: Page, email: string, password: string, birthday = '01012000') {
    await page.goto(`${suite.server.url}/create-account`);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmation du mot de passe').fill(password);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Nom', { exact: true }).fill('Diallo');
    await page.getByLabel('Prénom').fill('Awa');
    await page.getByLabel('Date de naissance', { exact: true }).pressSequentially(birthday);
    await page.getByText('Femme', { exact: true }).click();
    await page.getByText('Je certifie avoir 16 ans ou plus').click();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
  }

  /** The link of the newest mail to `to` whose text has `kind` (verify-email, reset-password ...). */
  async function linkIn(to: string, kind: string, count = 1): Promise<string> {
    const mail = await mails().waitFor(to, count);
    const link = new RegExp(`https?://\\S+${kind}\\S+`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no ${kind} link in:\n${mail.text}`);
    return link;
  }

  async function signIn(page: Page, email: string, password: string) {
    if (!page.url().endsWith('/login')) await page.goto(`${suite.server.url}/login`);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  }

  return { suite, mails, register, linkIn, signIn };
}

/** The session token the web app keeps in localStorage (null when signed out). */
export const sessionToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as { state?: { token?: string } }).state
        ?.token ?? null,
  );

/** WCAG contrast ratio of two computed colours, rgb() or rgba(); a transparent one has none (1:1). */
export function contrast(a: string, b: string): number {
  if ([a, b].some((color) => /^rgba\(.*,\s*0\)$/.test(color) || color === 'transparent')) return 1;
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
