import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { launchBrowser, screenshotOnFailure } from '../support/browser.js';
import { playbackPaths } from '@antenne/contract';
import { demoSessionToken } from '../support/demo-session.js';
import { startServer, waitForDemoMedia, type RunningServer } from '../support/server.js';

/**
 * A demo stream played in Chromium by shaka-player (the player the web app uses), through both
 * manifests: time advances, the ladder's three renditions, the subtitles and the audio
 * description are what the player sees, through the signed manifests of the play call. The player
 * page's own journey is e2e/tests/player.test.ts; here shaka runs bare on the app's origin.
 */

const V1 = '/v1/customer/antenne/businessunit/monde';
const shakaFile = createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js');

let server: RunningServer;
let token: string | undefined;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  await waitForDemoMedia(server.url);
  browser = await launchBrowser();
}, 320_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async (ctx) => {
  await screenshotOnFailure(page, ctx.task.name, ctx.task.result?.state === 'fail');
  await context?.close();
  context = undefined;
  page = undefined;
});

interface Played {
  advancedTo: number;
  heights: number[];
  texts: { language: string; label: string | null }[];
  audios: {
    language: string;
    label: string | null;
    roles: string[];
    accessibilityPurpose: string | null | undefined;
  }[];
  error: string | null;
}

/** The part of shaka-player's API this test uses (its compiled build is loaded as a plain script). */
interface ShakaPlayer {
  attach(video: HTMLVideoElement): Promise<void>;
  addEventListener(type: 'error', listener: (event: { detail: { code: number } }) => void): void;
  load(url: string): Promise<void>;
  getManifest(): { variants: { video: { height: number } | null }[] };
  getTextTracks(): { language: string; label: string | null }[];
  getAudioTracks(): {
    language: string;
    label: string | null;
    roles: string[];
    accessibilityPurpose?: string | null;
  }[];
  destroy(): Promise<void>;
  seekRange(): { start: number; end: number };
}
interface Shaka {
  polyfill: { installAll(): void };
  Player: new () => ShakaPlayer;
}

async function play(manifest: string): Promise<Played> {
  // The app's Content-Security-Policy allows only its own bundles; shaka is injected inline here.
  context = await browser.newContext({ bypassCSP: true });
  page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.addScriptTag({ path: shakaFile });
  return page.evaluate(async (url): Promise<Played> => {
    const shaka = (window as unknown as { shaka: Shaka }).shaka;
    shaka.polyfill.installAll();
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const player = new shaka.Player();
    await player.attach(video);
    let error: string | null = null;
    player.addEventListener('error', (event) => (error = `shaka error ${event.detail.code}`));
    try {
      await player.load(url);
    } catch (e) {
      return {
        advancedTo: 0,
        heights: [],
        texts: [],
        audios: [],
        error: `load: ${(e as { code?: number }).code ?? String(e)}`,
      };
    }
    await video.play();
    const started = Date.now();
    while (video.currentTime < 2.5 && Date.now() - started < 20_000 && error === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The manifest's renditions (the variant track list leaves out those ABR disabled for a while,
    // e.g. 720p when a headless, software-decoding Chromium drops frames).
    const variants = player.getManifest().variants;
    const heights = [...new Set(variants.map((v) => v.video?.height ?? 0))].sort((a, b) => a - b);
    const texts = player.getTextTracks().map((t) => ({ language: t.language, label: t.label }));
    const audios = player.getAudioTracks().map((t) => ({
      language: t.language,
      label: t.label,
      roles: t.roles,
      accessibilityPurpose: t.accessibilityPurpose,
    }));
    const advancedTo = video.currentTime;
    await player.destroy();
    return { advancedTo, heights, texts, audios, error };
  }, `${server.url}${manifest}`);
}

interface Looped {
  duration: number;
  seekEnd: number;
  /** currentTime reached after a seek to 28 s (the 30-s programme loops at 30 s). */
  across: number;
  ended: boolean;
  error: string | null;
}

/** Plays across the first loop point (28 → 32.5 s), then the last 3 seconds to the end. */
async function playLooped(manifest: string): Promise<Looped> {
  context = await browser.newContext({ bypassCSP: true });
  page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.addScriptTag({ path: shakaFile });
  return page.evaluate(async (url): Promise<Looped> => {
    const shaka = (window as unknown as { shaka: Shaka }).shaka;
    shaka.polyfill.installAll();
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const player = new shaka.Player();
    await player.attach(video);
    let error: string | null = null;
    player.addEventListener('error', (event) => (error = `shaka error ${event.detail.code}`));
    const until = async (done: () => boolean, ms: number) => {
      const started = Date.now();
      while (!done() && error === null && Date.now() - started < ms)
        await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await player.load(url);
    await video.play();
    await until(() => video.currentTime > 0.5, 20_000);
    video.currentTime = 28;
    await until(() => video.currentTime > 32.5, 30_000);
    const across = video.currentTime;
    const ranges: string[] = [];
    for (let i = 0; i < video.buffered.length; i++)
      ranges.push(`${video.buffered.start(i)}-${video.buffered.end(i)}`);
    if (across <= 32.5)
      error = `stuck at ${across}, paused ${video.paused}, readyState ${video.readyState}, buffered ${ranges.join(' ')}`;
    const { end: seekEnd } = player.seekRange();
    const duration = video.duration;
    video.currentTime = duration - 3;
    await until(() => video.ended, 20_000);
    const ended = video.ended;
    await player.destroy();
    return { duration, seekEnd, across, ended, error };
  }, `${server.url}${manifest}`);
}

/** The signed manifests of a title, as the play call gives them to the demo subscriber. */
async function mediasOf(assetId: string): Promise<Record<string, string>> {
  token ??= await demoSessionToken(server.url);
  const play = await fetch(
    `${server.url}${playbackPaths.play({ customer: 'antenne', businessUnit: 'monde' }, assetId)}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(play.status).toBe(200);
  const body = (await play.json()) as { formats: { format: string; mediaLocator: string }[] };
  return Object.fromEntries(body.formats.map((f) => [f.format, f.mediaLocator]));
}

/** The first published film on a free offer (the trailers' and ads' offers aside) whose stream is the given programme. */
async function filmPlaying(programme: string): Promise<string> {
  const films = (await (
    await fetch(`${server.url}${V1}/content/asset?assetType=MOVIE&pageSize=200&fieldSet=ALL`)
  ).json()) as {
    items: { assetId: string; medias: { locator: string }[]; publications?: { products: string[] }[] }[];
  };
  const film = films.items.find(
    (f) =>
      f.medias.some((m) => m.locator.startsWith(`/demo-media/${programme}-`)) &&
      f.publications?.some((p) => p.products.some((id) => id === 'gratuit' || id === 'gratuit-pub')),
  );
  if (film === undefined) throw new Error(`no free film plays ${programme}`);
  return film.assetId;
}

test('a demo film plays in Chromium through its DASH manifest: time advances, three renditions, subtitles, audio description', async () => {
  const medias = await mediasOf(await filmPlaying('programme-1'));
  const played = await play(medias.DASH as string);
  expect(played.error).toBeNull();
  expect(played.advancedTo).toBeGreaterThan(2);
  expect(played.heights).toEqual([360, 540, 720]);
  expect(played.texts.map((t) => t.language).sort()).toEqual(['ar', 'en', 'fr']);
  expect(played.texts.find((t) => t.language === 'fr')?.label).toBe('Français');
  expect(played.audios).toHaveLength(2);
  const described = played.audios.find((a) => a.accessibilityPurpose === 'visually impaired');
  expect(described?.language).toBe('fr');
  expect(described?.label).toBe('Français (audiodescription)');
});

test('the same title plays through its HLS master playlist', async () => {
  const medias = await mediasOf(await filmPlaying('programme-1'));
  const played = await play(medias.HLS as string);
  expect(played.error).toBeNull();
  expect(played.advancedTo).toBeGreaterThan(2);
  expect(played.heights).toEqual([360, 540, 720]);
  expect(played.texts.map((t) => t.language).sort()).toEqual(['ar', 'en', 'fr']);
  expect(played.audios.map((a) => a.label).sort()).toEqual(['Français', 'Français (audiodescription)']);
  // CHARACTERISTICS="public.accessibility.describes-video" is what shaka reads as audio description.
  expect(played.audios.find((a) => a.label === 'Français (audiodescription)')?.accessibilityPurpose).toBe(
    'visually impaired',
  );
});

test('a demo film plays at its catalogue length, HLS and DASH: its programme looped, across a loop point and to its end', async () => {
  const assetId = await filmPlaying('programme-1');
  const film = (await (await fetch(`${server.url}${V1}/content/asset/${assetId}?fieldSet=ALL`)).json()) as {
    duration: number;
  };
  expect(film.duration).toBeGreaterThan(30 * 60_000);
  const medias = await mediasOf(assetId);
  for (const format of ['HLS', 'DASH']) {
    const played = await playLooped(medias[format] as string);
    expect(played.error, format).toBeNull();
    expect(Math.abs(played.duration - film.duration / 1000), format).toBeLessThan(0.5);
    expect(Math.abs(played.seekEnd - film.duration / 1000), format).toBeLessThan(2.5);
    expect(played.across, format).toBeGreaterThan(32.5);
    expect(played.ended, format).toBe(true);
    await context?.close();
    context = undefined;
  }
});
