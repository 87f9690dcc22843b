import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { FREE_FILM, playerFlows, showControls, waitForContent } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * The React Aria parts, unpatched under React 19 (issue 31), driven by the keyboard alone in
 * Chromium: the search combo box, the season picker, the account tabs and the player's menus.
 */

const suite = useBrowserSuite();
const { signInDemo, openDetails } = playerFlows(suite);

/** The focused element's accessible text (its label, else its text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });

/** Presses `key` until the focused element's text is `name` (at most `tries` times). */
async function pressUntilFocused(page: Page, key: string, name: string, tries = 8): Promise<void> {
  for (let i = 0; i < tries && (await focused(page)) !== name; i++) await page.keyboard.press(key);
  expect(await focused(page)).toBe(name);
}

const live = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

describe('by keyboard alone', () => {
  test('the search combo box: type, move to a suggestion with the arrows, Enter searches it', async () => {
    const page = await suite.open('/search');
    await live(page);
    const box = page.getByRole('combobox');
    await box.focus();
    await page.keyboard.type('dak');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await options.first().waitFor({ timeout: 5_000 });
    const first = (await options.first().innerText()).trim();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => options.first().evaluate((option) => option.getAttribute('data-focused') !== null))
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^\d+ résultats?$/ }).waitFor();
    expect(await box.inputValue()).toBe(first);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox', { name: 'Suggestions' }).count()).toBe(0);
  });

  test('the season picker: the arrow key changes the season and its episodes', async () => {
    const page = await suite.open('/details/vod/redbee:serie-rue-saint-denis');
    await live(page);
    const episodes = page.getByRole('region', { name: 'Épisodes' });
    await episodes.getByRole('article').first().waitFor();
    const before = await episodes.getByRole('article').allInnerTexts();
    await page.getByRole('combobox', { name: 'Saison' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('list', { name: 'Saison 2' }).waitFor();
    await expect.poll(() => episodes.getByRole('article').allInnerTexts()).not.toEqual(before);
  });

  test('the account tabs and the player’s subtitles menu', async () => {
    const { page } = await suite.newPage();
    await signInDemo(page);
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    const account = page.getByRole('tab', { name: 'Mon compte' });
    const profiles = page.getByRole('tab', { name: 'Profils' });
    await account.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => profiles.getAttribute('aria-selected')).toBe('true');
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /Ajouter un profil/ })
      .waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => account.getAttribute('aria-selected')).toBe('true');

    await openDetails(page, FREE_FILM);
    await page.getByRole('link', { name: 'Regarder', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/player/${FREE_FILM}`));
    await waitForContent(page);
    await showControls(page);
    const subtitles = page.getByRole('button', { name: 'Sous-titres', exact: true });
    await subtitles.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await pressUntilFocused(page, 'ArrowDown', 'Français');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    // shaka's text display shows, in French (as in player.test.ts).
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('.shaka-text-container')?.getAttribute('lang') ?? null),
      )
      .toBe('fr');
    await subtitles.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio', { name: 'Français' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Sous-titres');
  });
});
