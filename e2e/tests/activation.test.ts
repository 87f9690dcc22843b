import { expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { playerFlows, waitForContent } from '../support/player.js';
import { waitForDemoMedia } from '../support/server.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Device activation (issue 18): the big screen (/tv) shows a code; the demo subscriber, signed in
 * in another window, types it on /activation (a wrong code first: red input, cleared by typing);
 * the big screen signs in within 10 s, moves with the arrow keys and plays a title.
 */

const suite = useBrowserSuite({ AUTH_SIGN_IN_LIMIT: '100' });
const { signInDemo } = playerFlows(suite);

test('prepare: the demo media are built', async () => {
  await waitForDemoMedia(suite.server.url);
}, 320_000);

test('a TV shows a code, a signed-in user activates it, the TV signs in within 10 s and plays a title', async () => {
  // The big screen: a browser of its own (another context: no session shared with the phone).
  let tvContext: BrowserContext | undefined;
  try {
    const big = await newPage(suite.browser, { viewport: { width: 1920, height: 1080 }, bypassCSP: true });
    tvContext = big.context;
    const tv = big.page;
    await tv.goto(`${suite.server.url}/tv`);
    await tv.getByRole('heading', { level: 1, name: 'Antenne sur votre téléviseur' }).waitFor();
    const codeText = tv.getByTestId('tv-activation-code');
    await codeText.waitFor();
    const code = (await codeText.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[1-9A-F]{6}$/);
    expect(await tv.getByRole('img', { name: "Code QR de la page d'activation" }).isVisible()).toBe(true);
    await expect.poll(() => tv.getByText(`${suite.server.url}/activation`).count()).toBe(1);
    // axe is injected inline: these pages bypass the app's CSP.
    expect(await axeViolations(tv)).toEqual([]);

    // The phone: the demo subscriber signs in, then /activation.
    const { page: phone } = await suite.newPage({ bypassCSP: true });
    await signInDemo(phone);
    await phone.goto(`${suite.server.url}/activation`);
    const input = phone.getByLabel("Code d'activation");
    await input.waitFor();
    const validate = phone.getByRole('button', { name: 'Valider' });

    // Empty, then a wrong code: the input turns red; typing clears it.
    await validate.click();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('zzzzzz');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBeNull();
    expect(await input.inputValue()).toBe('ZZZZZZ');
    await validate.click();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(255, 77, 79)');
    await phone.getByText("Ce code n'est pas valide ou a expiré.").waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await input.press('End');
    await input.press('Backspace');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBeNull();

    // The right code, typed in lower case: shown in upper case, accepted.
    await input.fill(code.toLowerCase());
    await validate.click();
    await phone.getByRole('heading', { level: 1, name: 'Félicitations !' }).waitFor();
    await phone.getByText('Votre appareil est activé.').waitFor();
    const confirmedAt = Date.now();
    expect(await axeViolations(phone)).toEqual([]);

    // The TV signs in within 10 s (it polls every 5 s) as the household's confirming profile.
    await tv.getByText('Connecté en tant que Démo').waitFor({ timeout: 10_000 });
    expect(Date.now() - confirmedAt).toBeLessThan(10_000);

    // 10-foot home: the first card has the focus; the arrow keys move it along the lane.
    const firstLane = tv.locator('section[aria-labelledby^="tv-lane-"]').first();
    const cards = firstLane.getByRole('button');
    await expect.poll(() => cards.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await tv.keyboard.press('ArrowRight');
    expect(await cards.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    // Focus seen across a room: a 6 px ring.
    expect(await cards.nth(1).evaluate((el) => getComputedStyle(el).outlineWidth)).toBe('6px');
    await tv.waitForLoadState('networkidle');
    expect(await axeViolations(tv)).toEqual([]);

    // A free film, chosen with the remote's OK: the player plays it.
    const film = tv.getByRole('button', { name: 'Neige sur Montréal' }).first();
    await film.focus();
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/player\/film-neige-sur-montreal$/);
    await waitForContent(tv);

    // Home on the phone.
    await phone.getByRole('link', { name: "Retour à l'accueil" }).click();
    await phone.waitForURL(`${suite.server.url}/`);
  } finally {
    await tvContext?.close();
  }
}, 120_000);

test('a visitor on /activation sees the login page first, and comes back to it once signed in', async () => {
  const page = await suite.open('/activation');
  await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('Adresse e-mail').fill('demo@antenne.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Antenne-demo-2026');
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
  await page.getByRole('button', { name: 'Démo' }).click();
  await page.getByRole('heading', { level: 1, name: 'Activer un appareil' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/activation');
});
