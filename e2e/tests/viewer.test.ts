import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { scrollToFooter } from '../support/footer.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * What a viewer meets while browsing the demo: the home page's favourites lane, the footer's custom
 * pages, and search suggestions that lead to their titles, grouped by kind.
 */

const suite = useBrowserSuite();

/** The demo subscriber of the README, on its main profile. */
async function signInDemo(page: Page): Promise<void> {
  await page.goto(`${suite.server.url}/login`);
  await page.getByLabel('Adresse e-mail').fill('demo@antenne.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Antenne-demo-2026');
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
  await page.getByRole('button', { name: 'Démo' }).click();
  await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
}

describe('the home page’s favourites lane', () => {
  test('the demo subscriber favourites a title and finds it in "Mes favoris" on the home page', async () => {
    const { page } = await suite.newPage({ viewport: { width: 1280, height: 800 } });
    await signInDemo(page);
    const lane = page.getByRole('region', { name: 'Mes favoris' });
    await lane.scrollIntoViewIfNeeded();
    await lane.getByText('Aucune donnée disponible').waitFor();

    await page.goto(`${suite.server.url}/details/vod/film-vent-du-vieux-port`);
    await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
    await page.getByRole('button', { name: 'Dans mes favoris' }).waitFor();

    await page.getByRole('link', { name: 'Antenne Accueil' }).click();
    await lane.scrollIntoViewIfNeeded();
    await lane.getByRole('article').first().waitFor();
    expect(await lane.getByRole('article').count()).toBe(1);
    expect(await lane.getByRole('article').getByText('Le Vent du Vieux-Port').count()).toBe(1);
    expect(await lane.getByText('Aucune donnée disponible').count()).toBe(0);

    // After a reload too (the lane reads the server's list, not what the page remembered).
    await page.reload();
    await lane.scrollIntoViewIfNeeded();
    await lane.getByRole('article').getByText('Le Vent du Vieux-Port').waitFor();
  });
});

describe('the footer’s custom pages', () => {
  const PAGES = ['Qui sommes-nous ?', 'Nous contacter', 'Agenda culturel', 'Programme TV', 'Nos partenaires'];

  test.each(PAGES)('"%s" shows its text under its title', async (name) => {
    const page = await suite.open('/');
    const link = (await scrollToFooter(page)).getByRole('link', { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL(/\/vod\//);
    const heading = page.getByRole('heading', { level: 1, name });
    await heading.waitFor();
    const main = page.getByRole('main');
    await expect
      .poll(async () => (await main.innerText()).replace(name, '').trim().length, { timeout: 10_000 })
      .toBeGreaterThan(60);
    expect(new URL(page.url()).pathname).not.toBe('/notFound');
  });
});

describe('search', () => {
  const box = (page: Page) => page.getByRole('combobox', { name: 'Rechercher un programme' });

  /** Types `text`, waits for the suggestions and picks the one named `suggestion`. */
  async function pick(page: Page, text: string, suggestion: string): Promise<void> {
    await box(page).fill(text);
    await page.getByRole('option', { name: suggestion, exact: true }).click();
    await page.waitForURL(/\/search\?q=/);
  }

  test('a podcast episode, an episode, a trailer and a channel suggestion each lead to their title, in its group', async () => {
    const page = await suite.open('/search');
    const cases = [
      { text: 'contes pour', suggestion: "Contes pour s'endormir : le port", group: 'Épisode de podcast' },
      {
        text: 'bande-annonce : le vent',
        suggestion: 'Bande-annonce : Le Vent du Vieux-Port',
        group: 'Bande-annonce',
      },
      { text: 'antenne monde sp', suggestion: 'Antenne Monde Sport', group: 'Chaîne' },
      { text: 'le dep', suggestion: 'Le Départ', group: 'Épisode' },
      { text: 'la ligue', suggestion: 'La Ligue des quartiers', group: 'Série' },
    ];
    for (const { text, suggestion, group } of cases) {
      await pick(page, text, suggestion);
      const results = page.getByRole('region', { name: group });
      await results.getByText(suggestion, { exact: true }).first().waitFor();
      expect(await page.getByRole('heading', { level: 2, name: /^0 résultat/ }).count(), suggestion).toBe(0);
    }
  });

  test('several words in any order find the titles holding all of them; podcasts have their group', async () => {
    const page = await suite.open('/search');
    await box(page).fill('ENDORMIR contes');
    await box(page).press('Enter');
    await page
      .getByRole('region', { name: 'Podcast' })
      .getByText("Contes pour s'endormir", { exact: true })
      .waitFor();
    const groups = await page.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(groups.map((g) => g.toLowerCase())).toEqual(['podcast', 'épisode de podcast']);
  });
});
