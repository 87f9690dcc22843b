import type { Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { playbackPaths } from '@antenne/contract';
import { axeViolations } from '../support/axe.js';
import {
  CONSENT,
  currentTime,
  FREE_FILM,
  GEO_FILM,
  navigateInApp,
  PARENTAL_PIN,
  phase,
  playerFlows,
  RECORD_CSP,
  RECORD_PHASES,
  RENTAL_FILM,
  SERIES,
  showControls,
  TENANT,
  CA_ADDRESS,
  V1,
  video,
  waitForContent,
  waitForContentPlaying,
} from '../support/player.js';
import { waitForDemoMedia } from '../support/server.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Playback in Chromium, signed in as the demo subscriber of the README, against the real built
 * server with the demo media: the playlist (brand bumper, classification bumper, VAST pre-roll,
 * content), the overlay's controls, the bookmark and resume, a ClearKey title, the end of a
 * series, and each refusal the play call can answer.
 */

// X-Forwarded-For is honoured from the browser's loopback address, standing for a proxy in front
// (the geo-blocking case sends one, as a CDN would).
const suite = useBrowserSuite({ TRUST_PROXY: 'loopback', AUTH_SIGN_IN_LIMIT: '100' });
const { signInDemo, openDetails } = playerFlows(suite);

test('prepare: the demo media are built', async () => {
  await waitForDemoMedia(suite.server.url);
}, 320_000);

describe('signed in as the demo subscriber', () => {
  test('a free film: brand bumper, classification bumper, ad with its beacons, then the content; seek, pause, subtitles; leave at 20 s, resume near 20 s', async () => {
    const { page } = await suite.newPage({ initScript: `${CONSENT}\n${RECORD_PHASES}`, bypassCSP: true });
    const beacons: string[] = [];
    /** The eventsink posts without a bearer (the beacon as the page is left): their statuses. */
    const headerless: number[] = [];
    page.on('response', (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname === playbackPaths.adTracking(TENANT) && response.status() === 204)
        beacons.push(url.searchParams.get('event') ?? '');
      if (
        url.pathname === playbackPaths.eventsinkSend(TENANT) &&
        !response.request().headers()['authorization']
      )
        headerless.push(response.status());
    });
    await signInDemo(page);
    await openDetails(page, FREE_FILM);
    await page.getByRole('link', { name: 'Regarder', exact: true }).click();
    await page.waitForURL(new RegExp(`/player/${FREE_FILM}`));

    // The ad: labelled with its remaining time, no seeking; the overlay passes axe then too.
    await expect.poll(() => phase(page), { timeout: 60_000, interval: 250 }).toBe('ad');
    await showControls(page);
    await page.getByText(/^Publicité · \d+:\d\d$/).waitFor();
    expect(await page.getByRole('slider', { name: 'Position de lecture' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Avancer de 10 secondes' }).count()).toBe(0);
    expect(await axeViolations(page), 'the overlay during the ad').toEqual([]);

    await waitForContent(page);
    await showControls(page);
    expect(await axeViolations(page), 'the overlay during the film').toEqual([]);
    const steps = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
    const kinds = steps.map((s) => s.split(':')[0]);
    // Brand bumper, then the classification bumper, then the ad, then the film (loading steps aside).
    expect(kinds.filter((k) => k !== 'loading')).toEqual(['bumper', 'bumper', 'ad', 'content']);
    expect(steps.filter((s) => s.startsWith('bumper:'))).toEqual([
      'bumper:bumper-brand',
      'bumper:bumper-csa-12',
    ]);
    expect(kinds.indexOf('ad')).toBeGreaterThan(kinds.lastIndexOf('bumper'));
    expect(kinds.indexOf('content')).toBeGreaterThan(kinds.indexOf('ad'));
    // The VAST tracking beacons the ad fired reached the server.
    for (const event of ['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'])
      expect(beacons).toContain(event);

    // The content plays: time advances.
    await waitForContentPlaying(page);
    const t0 = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);

    // +10 s, then −10 s.
    await showControls(page);
    let before = await currentTime(page);
    await page.getByRole('button', { name: 'Avancer de 10 secondes' }).click();
    expect(await currentTime(page)).toBeGreaterThanOrEqual(before + 9);
    before = await currentTime(page);
    const readAt = Date.now();
    await page.getByRole('button', { name: 'Reculer de 10 secondes' }).click();
    // Back 10 s from where the film was at the click: it played on between the two reads (a second
    // on a busy machine), so at most that much past `before - 10`.
    expect(await currentTime(page)).toBeLessThanOrEqual(before - 10 + (Date.now() - readAt) / 1000 + 0.1);

    // Pause: time stands still; resume: it moves again.
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await currentTime(page);
    await page.waitForTimeout(1200);
    expect(await currentTime(page)).toBeCloseTo(paused, 1);
    await page.getByRole('button', { name: 'Lecture' }).click();
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(paused + 0.5);

    // Subtitles on (French): shaka's text display shows, in French; then off (engine.ts).
    await page.getByRole('button', { name: 'Sous-titres', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    const showing = () =>
      page.evaluate(() => document.querySelector('.shaka-text-container')?.getAttribute('lang') ?? null);
    await expect.poll(showing).toBe('fr');
    await page.getByRole('button', { name: 'Sous-titres', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Aucun' }).click();
    await expect.poll(showing).toBeNull();

    // Leave at about 20 s of the film.
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 19));
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(20);
    await showControls(page);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(new RegExp(`/details/vod/${FREE_FILM}`));
    // The beacon sent on leaving carried the play session's beacon token and was accepted.
    await expect.poll(() => headerless.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(
      headerless.every((status) => status === 200),
      `beacon statuses ${headerless.join(',')}`,
    ).toBe(true);
    // The details page shows the progress and offers to resume.
    await page.getByRole('progressbar').waitFor();
    const resume = page.getByRole('link', { name: /Reprendre/ });
    await resume.waitFor();
    const href = await resume.getAttribute('href');
    const seconds = Number(/\/player\/[^/]+\/(\d+)/.exec(href ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(19);
    expect(seconds).toBeLessThanOrEqual(24);

    // Reopen: after the playlist, the film starts near 20 s.
    await resume.click();
    await waitForContent(page);
    // The phase turns to content as the film starts loading (the <video> may still hold the ad's
    // end, 12–15 s, or 0): within 10 s it is at the resume point, which playing from 0 cannot reach.
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(18);
    expect(await currentTime(page)).toBeLessThan(27);
  }, 240_000);

  test('ad and film without a console warning or a CSP violation; subtitles above the control bar while it shows', async () => {
    // No bypassCSP here: the app's own policy applies, and its violations are collected.
    const { page } = await suite.newPage({ initScript: `${CONSENT}\n${RECORD_PHASES}\n${RECORD_CSP}` });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        messages.push(`${message.type()}: ${message.text()}`);
    });
    await signInDemo(page);
    await openDetails(page, FREE_FILM);
    // From here on, the playback: the ad, then the film (from the start or the bookmark).
    messages.length = 0;
    await page
      .getByRole('link', { name: /^(Regarder|Reprendre)/ })
      .first()
      .click();
    await expect.poll(() => phase(page), { timeout: 60_000, interval: 250 }).toBe('ad');
    await waitForContentPlaying(page);

    await showControls(page);
    await page.getByRole('button', { name: 'Sous-titres', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    const cue = page.locator('.shaka-text-container span').first();
    await cue.waitFor({ timeout: 60_000 });
    const bottomBar = page.locator('[data-visible] > div').last();
    /** The cue's bottom edge (NaN between two cues: the poll asks again). */
    const cueBottom = async () => {
      const box = await cue.boundingBox();
      return box ? box.y + box.height : Number.NaN;
    };

    // Controls showing: the cue sits above the bar, the whole of it visible.
    await showControls(page);
    await expect
      .poll(async () => (await page.locator('[data-visible]').getAttribute('data-visible')) === 'true')
      .toBe(true);
    const bar = (await bottomBar.boundingBox())!;
    await expect.poll(cueBottom, { timeout: 10_000 }).toBeLessThanOrEqual(bar.y + 1);
    // Controls hidden (3 s without a move while playing): the cue goes back down, below where the bar was.
    await expect
      .poll(() => page.locator('[data-visible]').getAttribute('data-visible'), { timeout: 10_000 })
      .toBe('false');
    await expect.poll(cueBottom, { timeout: 30_000 }).toBeGreaterThan(bar.y);

    expect(
      await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
      'CSP violations',
    ).toEqual([]);
    expect(messages, 'console warnings and errors during the ad and the film').toEqual([]);
  }, 240_000);

  test('a trailer ends: back to the page, without asking for a next episode', async () => {
    const { page } = await suite.newPage({ initScript: RECORD_PHASES });
    const next: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/next')) next.push(request.url());
    });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') messages.push(message.text());
    });
    await signInDemo(page);
    const film = (await (
      await fetch(`${suite.server.url}${V1}/content/asset/${FREE_FILM}?fieldSet=ALL`)
    ).json()) as {
      linkedEntities?: { entityId: string; linkType: string }[];
    };
    const trailerId = film.linkedEntities?.find((link) => link.linkType === 'TRAILER')?.entityId;
    expect(trailerId, 'the film has a trailer').toBeDefined();
    const trailer = (await (
      await fetch(`${suite.server.url}${V1}/content/asset/${trailerId}?fieldSet=ALL`)
    ).json()) as {
      type: string;
      medias?: { durationMillis?: number }[];
    };
    expect(trailer.type).toBe('CLIP');
    const duration = Math.floor((trailer.medias?.[0]?.durationMillis ?? 30_000) / 1000);
    await openDetails(page, FREE_FILM);
    // Straight to its last seconds (the route's progress), as a resume would.
    await navigateInApp(page, `/player/${trailerId}/${duration - 3}`);
    await waitForContent(page);
    await page.waitForURL(new RegExp(`/details/vod/${FREE_FILM}`), { timeout: 30_000 });
    expect(next, 'requests for a next episode').toEqual([]);
    expect(
      messages.filter((text) => /404/.test(text)),
      'no 404 in the console',
    ).toEqual([]);
  }, 180_000);

  test('the ClearKey title plays: its licence comes from the server with the play token', async () => {
    const { page } = await suite.newPage({ initScript: RECORD_PHASES });
    const licences: number[] = [];
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname === playbackPaths.clearKeyLicense(TENANT))
        licences.push(response.status());
    });
    await signInDemo(page);
    const assets = (await (
      await fetch(`${suite.server.url}${V1}/content/asset?assetType=MOVIE&pageSize=200&fieldSet=ALL`)
    ).json()) as {
      items: { assetId: string; medias?: { drm?: string }[] }[];
    };
    const encrypted = assets.items.find((a) => a.medias?.some((m) => m.drm === 'CENC'));
    expect(encrypted, 'a demo film is encrypted').toBeDefined();
    await openDetails(page, encrypted!.assetId);
    await page.getByRole('link', { name: /^Regarder/ }).click();
    await waitForContentPlaying(page);
    const t0 = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(t0 + 1.5);
    expect(licences).toContain(200);
  }, 180_000);

  test('the last episode of a series ends: the player goes back', async () => {
    const { page } = await suite.newPage({ initScript: RECORD_PHASES });
    await signInDemo(page);
    const episodes = (await (
      await fetch(`${suite.server.url}${V1}/content/asset?assetType=EPISODE&pageSize=200&fieldSet=ALL`)
    ).json()) as {
      items: {
        assetId: string;
        tvShowId?: string;
        season?: string;
        episode?: string;
        duration?: number;
        medias?: { durationMillis?: number }[];
      }[];
    };
    const last = episodes.items
      .filter((e) => e.tvShowId === SERIES)
      .sort((a, b) => Number(a.season) - Number(b.season) || Number(a.episode) - Number(b.episode))
      .at(-1);
    expect(last?.medias?.[0]?.durationMillis, 'its catalogue length (ADR 0028)').toBe(last?.duration ?? -1);
    await openDetails(page, SERIES);
    const duration = Math.floor((last!.medias?.[0]?.durationMillis ?? 30_000) / 1000);
    // To its last seconds once playing (a resume point in the last 5 % starts over: RESUME_MAX_SHARE).
    await navigateInApp(page, `/player/${last!.assetId}`);
    await waitForContentPlaying(page);
    await video(page).evaluate((v: HTMLVideoElement, to: number) => (v.currentTime = to), duration - 4);
    await page.waitForURL(new RegExp(`/details/vod/${SERIES}`), { timeout: 30_000 });
  }, 180_000);

  test('a rental without a ticket: the not-entitled message', async () => {
    const { page } = await suite.newPage();
    await signInDemo(page);
    await openDetails(page, RENTAL_FILM);
    await page.getByRole('link', { name: /^Regarder/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/droits|louer|achat|abonnement/i);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(new RegExp(`/details/vod/${RENTAL_FILM}`));
  }, 120_000);

  test('a title not published in the visitor country: the geo-blocking message', async () => {
    const { page } = await suite.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': CA_ADDRESS } });
    await signInDemo(page);
    await page.goto(`${suite.server.url}/player/${GEO_FILM}`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/pays|région/i);
  }, 120_000);

  test('a child profile and a -12 film: the parental PIN (wrong, then right)', async () => {
    const { page } = await suite.newPage({ initScript: RECORD_PHASES, bypassCSP: true });
    await signInDemo(page, 'Enfants');
    await openDetails(page, FREE_FILM);
    await page.getByRole('link', { name: /^Regarder/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await axeViolations(page), 'the parental PIN dialog').toEqual([]);
    const pin = dialog.getByLabel(/code/i);
    await pin.fill('0000');
    await pin.press('Enter');
    await dialog.getByText('Code incorrect').waitFor();
    await pin.fill(PARENTAL_PIN);
    await pin.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => phase(page), { timeout: 30_000 }).toMatch(/bumper|ad|content/);
  }, 120_000);
});

test('media are refused without a valid play token', async () => {
  const url = suite.server.url;
  const films = (await (
    await fetch(`${url}${V1}/content/asset?assetType=MOVIE&pageSize=5&fieldSet=ALL`)
  ).json()) as {
    items: { medias: { format: string; locator: string }[] }[];
  };
  const manifest = films.items[0]!.medias.find((m) => m.format === 'HLS')!.locator;
  const segment = manifest.replace('master.m3u8', 'seg-0-00001.m4s');
  const playlist = manifest.replace('master.m3u8', 'media_0.m3u8');
  for (const path of [manifest, playlist]) expect((await fetch(`${url}${path}`)).status, path).toBe(403);
  const unsigned = await fetch(`${url}${segment}`);
  expect(unsigned.status).toBe(403);
  expect(((await unsigned.json()) as { message: string }).message).toBe('INVALID_PLAY_TOKEN');
  const forged = await fetch(`${url}/play/v1.forged.token${segment}`);
  expect(forged.status).toBe(403);
});
