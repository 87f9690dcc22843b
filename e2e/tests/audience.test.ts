import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../support/paths.js';
import {
  FREE_FILM,
  RECORD_PHASES,
  SERIES,
  V1,
  navigateInApp,
  phase,
  playerFlows,
  video,
  waitForContent,
  waitForContentPlaying,
} from '../support/player.js';
import { waitForDemoMedia } from '../support/server.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Issue 17 end to end: what a visitor's cookie choice lets through, and what the broadcaster's
 * staff then read on the dashboard. Refusing: no analytics, ad or crash request leaves the page, the
 * ad slots collapse, the pre-roll is skipped. Accepting: the home slots show a house ad; a home
 * visit, a search with no result, a playback to the end and a thrown error reach the dashboard.
 * (The banner, the footer entry and axe on them: consent.test.ts; the dashboard's 403 and axe:
 * dashboard.test.ts; the pre-roll played with consent: player.test.ts.)
 */

const suite = useBrowserSuite();
const { signInDemo, openDetails } = playerFlows(suite);
const run = promisify(execFile);

/** Requests only an accepted optional category may make. */
const OPTIONAL = /\/(ads|vast|analytics|crash)(\/|\?|$)/;

const banner = (page: Page) => page.getByRole('dialog', { name: 'Consentement aux cookies' });
const homeSlots = (page: Page) => page.locator('[data-ad-slot]');

function watchOptional(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (OPTIONAL.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** Throws, in the page, an error nothing catches (a crash), the same one `times` times. */
async function crash(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await page.addScriptTag({
      content: `setTimeout(() => { throw new Error('e2e: the remote control is missing'); }, 0);`,
    });
  }
}

/** The series' last episode, its length in seconds. */
async function lastEpisode(): Promise<{ assetId: string; seconds: number }> {
  const episodes = (await (
    await fetch(`${suite.server.url}${V1}/content/asset?assetType=EPISODE&pageSize=200&fieldSet=ALL`)
  ).json()) as {
    items: {
      assetId: string;
      tvShowId?: string;
      season?: string;
      episode?: string;
      medias?: { durationMillis?: number }[];
    }[];
  };
  const last = episodes.items
    .filter((e) => e.tvShowId === SERIES)
    .sort((a, b) => Number(a.season) - Number(b.season) || Number(a.episode) - Number(b.episode))
    .at(-1)!;
  return { assetId: last.assetId, seconds: Math.floor((last.medias?.[0]?.durationMillis ?? 30_000) / 1000) };
}

test('prepare: the demo media are built', async () => {
  await waitForDemoMedia(suite.server.url);
}, 320_000);

describe('consent and audience', () => {
  test('refusing: the slots collapse, the pre-roll is skipped, and no analytics, ad or crash request leaves the page', async () => {
    const { page } = await suite.newPage({
      consent: 'undecided',
      initScript: RECORD_PHASES,
      bypassCSP: true,
    });
    const optional = watchOptional(page);
    await page.goto(`${suite.server.url}/`);
    await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await homeSlots(page).count()).toBe(0);

    await signInDemo(page);
    await page.goto(`${suite.server.url}/search?q=xylophone-introuvable`);
    await page.getByText('Aucun résultat ne correspond à votre recherche.').waitFor();
    await openDetails(page, FREE_FILM);
    // A crash in this document, which then lives on for the seconds the player takes to start.
    await crash(page, 1);
    await page.getByRole('link', { name: 'Regarder', exact: true }).click();
    await waitForContent(page);
    const kinds = (await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases))
      .map((step) => step.split(':')[0])
      .filter((kind) => kind !== 'loading');
    expect(kinds).toEqual(['bumper', 'bumper', 'content']);
    // Leaving the page sends what is queued (sendBeacon): nothing, without consent.
    await page.goto(`${suite.server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(optional).toEqual([]);
  }, 240_000);

  test('accepting: a house ad in the home slots; a visit, a search with no result, a playback to the end and a crash reach the dashboard', async () => {
    const { page } = await suite.newPage({ consent: 'undecided', bypassCSP: true });
    await page.goto(`${suite.server.url}/`);
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await banner(page).waitFor({ state: 'hidden' });

    // The house ad: a link with its image, labelled as an advertisement.
    const slot = homeSlots(page).first();
    await slot.scrollIntoViewIfNeeded();
    await slot.getByRole('link').getByRole('img').waitFor();
    expect(await slot.getAttribute('aria-label')).toBe('Publicité');

    // A thrown error, twice: one report (its fingerprint), a second after.
    const crashReport = page.waitForRequest((r) => /\/analytics\/crash$/.test(new URL(r.url()).pathname));
    await crash(page, 2);
    await crashReport;

    await signInDemo(page);
    await page.goto(`${suite.server.url}/search?q=xylophone-introuvable`);
    await page.getByText('Aucun résultat ne correspond à votre recherche.').waitFor();

    // A playback to the end: the series' last episode, taken to its last seconds once playing.
    const episode = await lastEpisode();
    await openDetails(page, SERIES);
    await navigateInApp(page, `/player/${episode.assetId}`);
    await waitForContentPlaying(page);
    expect(await phase(page)).toBe('content');
    await video(page).evaluate(
      (v: HTMLVideoElement, to: number) => (v.currentTime = to),
      episode.seconds - 4,
    );
    await page.waitForURL(new RegExp(`/details/vod/${SERIES}`), { timeout: 30_000 });

    // The staff role, as an administrator grants it; then the dashboard (a full load: the page
    // left sends its queued events).
    await run(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/cli/staff-grant.js'), 'demo@antenne.example'],
      {
        env: { ...process.env, DATA_DIR: suite.server.dataDir, DATABASE_URL: '' },
      },
    );
    const cell = (table: string, row: string | RegExp) =>
      page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: row });
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.server.url}/dashboard`);
          await page.getByRole('table', { name: 'Audience quotidienne' }).waitFor({ state: 'attached' });
          return {
            emptySearch: await cell('Recherches sans résultat', 'xylophone-introuvable').count(),
            crash: await cell('Plantages signalés', 'e2e: the remote control is missing')
              .innerText()
              .catch(() => ''),
            ended: await cell('Complétion des lectures', /100\s%\svus/)
              .innerText()
              .catch(() => ''),
          };
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toMatchObject({
        emptySearch: 1,
        crash: expect.stringMatching(/\t1\t|\b1\b/),
        ended: expect.stringMatching(/\b1\b/),
      });
    const audience = await page
      .getByRole('table', { name: 'Audience quotidienne' })
      .getByRole('row')
      .last()
      .innerText();
    expect(audience).toMatch(/\d/);
  }, 300_000);
});
