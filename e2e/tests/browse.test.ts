import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshotOnFailure } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

/** Browsing the demo broadcaster: the home page's hero and lanes, a mosaic, a category page. */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

afterEach(async (ctx) => {
  await screenshotOnFailure(page, ctx.task.name, ctx.task.result?.state === 'fail');
  await context?.close();
  context = undefined;
  page = undefined;
});

async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  ({ context, page } = await newPage(browser, { viewport }));
  await page.goto(`${server.url}${path}`);
  return page;
}

const hero = (p: Page) => p.getByRole('region', { name: 'À la une' });

describe('home page', () => {
  test('the hero turns to its next item after 5 s, and stays put once paused', async () => {
    const p = await open('/');
    const current = () => hero(p).locator('a').first().getAttribute('href');
    await hero(p).waitFor();
    const first = await current();
    await p.mouse.move(1200, 790); // away from the hero: hovering it holds the rotation
    await expect.poll(current, { timeout: 8_000, intervals: [250] }).not.toBe(first);
    await hero(p).getByRole('button', { name: 'Mettre en pause le défilement' }).click();
    await p.mouse.move(1200, 790);
    const paused = await current();
    await p.waitForTimeout(6_000);
    expect(await current()).toBe(paused);
    expect(await hero(p).getByRole('button', { name: 'Reprendre le défilement' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('a lane with more than 10 titles shows 10 and "Voir plus" leads to its mosaic with all of them', async () => {
    const p = await open('/');
    const lane = p.getByRole('region', { name: 'Cinéma francophone' });
    await lane.scrollIntoViewIfNeeded();
    await expect.poll(() => lane.getByRole('article').count(), { timeout: 10_000 }).toBe(10);
    await lane.getByRole('link', { name: /Voir plus/ }).click();
    await p.waitForURL(/\/mosaic\/home-cinema$/);
    await p.getByRole('heading', { level: 1, name: 'Cinéma francophone' }).waitFor();
    await expect.poll(() => p.getByRole('article').count(), { timeout: 10_000 }).toBeGreaterThan(10);
  });

  test('lane arrows: the end arrow shows while titles are hidden; after scrolling the start arrow appears', async () => {
    const p = await open('/');
    const lane = p.getByRole('region', { name: 'Cinéma francophone' });
    await lane.scrollIntoViewIfNeeded();
    const next = lane.getByRole('button', { name: /^Titres suivants/ });
    const previous = lane.getByRole('button', { name: /^Titres précédents/ });
    await next.waitFor();
    expect(await previous.count()).toBe(0);
    await next.click();
    await previous.waitFor({ timeout: 5_000 });
  });

  test('cards carry the CSA icon and a badge; a card leads to the title details', async () => {
    const p = await open('/');
    const lane = p.getByRole('region', { name: 'Séries à découvrir' });
    await lane.scrollIntoViewIfNeeded();
    await lane.getByRole('article').first().waitFor();
    expect(await p.getByRole('img', { name: /^Déconseillé aux moins de \d+ ans$/ }).count()).toBeGreaterThan(0);
    expect(await p.getByText('Nouveaux épisodes').count()).toBeGreaterThan(0);
    const firstCard = lane.getByRole('article').first().locator('a').first();
    const href = await firstCard.getAttribute('href');
    expect(href).toMatch(/^\/details\/vod\//);
  });
});

describe('category page', () => {
  test('/vod/page-jeunesse shows its title, a back button and its lanes', async () => {
    const p = await open('/vod/page-jeunesse');
    await p.getByRole('heading', { level: 1, name: 'Jeunesse' }).waitFor();
    expect(await p.getByRole('button', { name: 'Retour' }).count()).toBe(1);
    await expect.poll(() => p.getByRole('region').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  });

  test('an unknown category goes to the not-found page', async () => {
    const p = await open('/vod/nope');
    await p.waitForURL(/\/notFound$/);
  });
});
