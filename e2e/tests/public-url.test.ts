import { afterAll, describe, expect, test } from 'vitest';
import { startSmtpCapture } from '../../apps/server/test/helpers/smtp-capture.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Issue 13 item 9: the server's PUBLIC_URL is not the address the browser uses (the default
 * http://localhost:8080 while the server listens on another port, opened at 127.0.0.1). In the
 * embedded mode the visitor still registers, gets a verification mail linking back to the address
 * they used, and signs in.
 */

let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;

const suite = useBrowserSuite(async () => {
  smtp = await startSmtpCapture();
  return { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:8080' };
});

afterAll(async () => {
  await smtp?.stop();
});

describe('PUBLIC_URL differs from the address in the browser', () => {
  test('register, follow the mail link, sign in: all at http://127.0.0.1:<port> while PUBLIC_URL is http://localhost:8080', async () => {
    const { page } = await suite.newPage();
    const url = suite.server.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toBe('http://localhost:8080');
    const email = 'ailleurs@example.com';
    await page.goto(`${url}/create-account`);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Motdepasse1!');
    await page.getByLabel('Confirmation du mot de passe').fill('Motdepasse1!');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Nom', { exact: true }).fill('Ndiaye');
    await page.getByLabel('Prénom').fill('Moussa');
    await page.getByLabel('Date de naissance', { exact: true }).pressSequentially('02031985');
    await page.getByText('Homme', { exact: true }).click();
    await page.getByText('Je certifie avoir 16 ans ou plus').click();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page
      .getByRole('dialog', { name: 'Validez votre adresse e-mail' })
      .getByRole('button', { name: 'OK' })
      .click();

    const mail = await smtp!.waitFor(email);
    const link = /https?:\/\/\S+verify-email\S+/.exec(mail.text)?.[0] ?? '';
    expect(new URL(link).origin).toBe(url);
    await page.goto(link);
    await page.getByText('Votre adresse e-mail est confirmée : vous pouvez vous connecter.').waitFor();

    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Motdepasse1!');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
  });
});
