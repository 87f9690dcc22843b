import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CHANNELS,
  detailsPath,
  findOnAir,
  findProgramme,
  onAirAt,
  startOf,
  timeAdvances,
} from '../support/live.js';
import { CONSENT, playerFlows, showControls, waitForContentPlaying } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Live TV in Chromium (issue 15, "Done when"): the guide by keyboard, a channel outside the
 * package, live (the live badge, go to live after seeking back), start-over and catch-up, on the
 * real server and its wall clock.
 */

const suite = useBrowserSuite();
const { signInDemo } = playerFlows(suite);

async function signedInPage(): Promise<Page> {
  const { page } = await suite.newPage({ initScript: CONSENT });
  await signInDemo(page);
  return page;
}

test('the guide opens from the menu and, by keyboard only, a programme opens its details', async () => {
  const page = await suite.open('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Keyboard only: focus moves by Tab, the menu and the links are pressed with Enter.
  const menu = page.getByRole('button', { name: 'Menu' });
  for (let i = 0; i < 15 && !(await menu.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  const guideLink = page.getByRole('link', { name: 'Guide TV' }).first();
  await guideLink.waitFor();
  for (let i = 0; i < 15 && !(await guideLink.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/guide$/);
  const grid = page.getByRole('grid');
  await grid.waitFor();
  // Into the grid: its one tab stop (the programme on air on the first channel).
  const stop = grid.locator('[tabindex="0"]');
  await stop.waitFor();
  for (let i = 0; i < 30 && !(await stop.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  // The focused programme's name (its content: the label around the visible title).
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  const onAir = await focused();
  expect(onAir).toMatch(/^Antenne Monde, /);
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).not.toBe(onAir);
  await page.keyboard.press('ArrowDown');
  await expect.poll(focused).toMatch(/^Antenne Monde Info, /);
  const chosen = await focused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/details\/epg\/chaine-antenne-monde-info%23\d+$/);
  const title = page.getByRole('heading', { level: 1 });
  await title.waitFor();
  expect(chosen).toContain(await title.textContent());
});

test('a channel outside the demo subscriber’s package answers not entitled', async () => {
  const page = await signedInPage();
  await page.goto(`${suite.server.url}/player/${CHANNELS.sport}`);
  await page.getByText('Contenu non inclus dans votre offre').waitFor({ timeout: 20_000 });
  await page.goto(`${suite.server.url}/player/${CHANNELS.afrique}`);
  await page.getByText('Contenu non inclus dans votre offre').waitFor({ timeout: 20_000 });
});

test('a channel of the package plays live: time advances', async () => {
  const page = await signedInPage();
  await page.goto(`${suite.server.url}/player/${CHANNELS.monde}`);
  await waitForContentPlaying(page);
  const [before, after] = await timeAdvances(page);
  expect(after).toBeGreaterThan(before + 1);
});

test('live: the badge shows at the live edge; seeking back offers go to live, which returns to the edge', async () => {
  const page = await signedInPage();
  await page.goto(`${suite.server.url}/player/${CHANNELS.monde}`);
  await waitForContentPlaying(page);
  await showControls(page);
  await page.getByText('Direct', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Revenir au direct' }).count()).toBe(0);
  const edge = () =>
    page
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) => v.seekable.end(v.seekable.length - 1) - v.currentTime);
  // Back 30 s within the window, as the overlay's −10 s would, three times.
  for (let i = 0; i < 3; i++) {
    await showControls(page);
    await page.getByRole('button', { name: 'Reculer de 10 secondes' }).click();
  }
  await expect.poll(edge, { timeout: 10_000 }).toBeGreaterThan(20);
  await showControls(page);
  const goLive = page.getByRole('button', { name: 'Revenir au direct' });
  await goLive.click();
  await expect.poll(edge, { timeout: 10_000 }).toBeLessThan(10);
  await showControls(page);
  await page.getByText('Direct', { exact: true }).waitFor();
});

test('start over plays the programme on air from its start', async () => {
  const programme = await findOnAir(suite.server.url, 'STARTOVER');
  const page = await signedInPage();
  await page.goto(`${suite.server.url}${detailsPath(programme)}`);
  await page.getByRole('link', { name: 'Reprendre depuis le début' }).click();
  await page.waitForURL(new RegExp(`/player/${encodeURIComponent(programme.programId)}$`));
  await waitForContentPlaying(page);
  const [before, after] = await timeAdvances(page);
  expect(after).toBeGreaterThan(before + 1);
  // From its start: the window opens at the programme's start (the timeline is wall-clock
  // seconds, program-date-time) and the playhead is there, not at the live edge.
  const [windowStart, windowEnd, position] = await page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => [v.seekable.start(0), v.seekable.end(0), v.currentTime]);
  const startSeconds = startOf(programme) / 1000;
  expect(Math.abs(windowStart - startSeconds)).toBeLessThan(2);
  expect(position - startSeconds).toBeGreaterThanOrEqual(0);
  expect(position - startSeconds).toBeLessThan(60);
  // Behind the live edge (unless the programme began less than two minutes ago).
  if (Date.now() - startOf(programme) > 120_000) expect(windowEnd - position).toBeGreaterThan(60);
});

test('a programme of yesterday plays as catch-up', async () => {
  const yesterday = Date.now() - 86_400_000;
  const programme = await findProgramme(suite.server.url, CHANNELS.monde, yesterday, (p) =>
    onAirAt(startOf(p) + 1, 'CATCHUP')(p),
  );
  const page = await signedInPage();
  await page.goto(`${suite.server.url}${detailsPath(programme)}`);
  await page.getByText('Terminé', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Regarder', exact: true }).click();
  await page.waitForURL(new RegExp(`/player/${encodeURIComponent(programme.programId)}$`));
  await waitForContentPlaying(page);
  const [before, after] = await timeAdvances(page);
  expect(after).toBeGreaterThan(before + 1);
});
