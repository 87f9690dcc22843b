/**
 * Time to first frame: a click on a title's play button → the first frame of the content drawn,
 * in the system Chromium, against the built server on loopback (fresh DATA_DIR, the demo media
 * from CACHE_DIR). The played title is a trailer: no bumper and no ad come before it, so the
 * figure is the app's own path (route chunk, play call, shaka, manifest, first segments).
 *
 *   npm run bench:play             (builds first, from the repository root)
 *   BENCH_PLAY_RUNS=9 npm run bench:play -w bench
 *
 * Baseline in the same run and browser: shaka-player alone on a bare page loading the same
 * signed manifest (no app, no route, no play call) — what the player and the machine allow at
 * best. Prints the median and every run of both, and their ratio. Target: ≤ 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { playbackPaths } from '@antenne/contract';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.js';
import { median } from '../support/median.js';
import { boundedInt, startApp, stop } from '../support/server.js';

const RUNS = boundedInt(process.env.BENCH_PLAY_RUNS, 5, 1, 21);
const TARGET_MS = 1000;
const FILM = 'film-neige-sur-montreal';
const TENANT = { customer: 'antenne', businessUnit: 'monde' };
const FLAGS = [...CHROMIUM_FLAGS, '--disable-quic'];
const shakaFile = createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js');

/** Waits until the demo media are attached (the first start on a machine builds them). */
async function waitForDemoMedia(url: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { demoMedia?: string };
    if (ready.demoMedia === 'ready') return;
    if (ready.demoMedia === 'failed') throw new Error('the demo media could not be prepared');
    if (Date.now() > deadline) throw new Error('the demo media were not ready within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** In the page: the time of the last click, and of the first frame the content's <video> draws. */
const PROBE = `
  window.__clickAt = undefined; window.__frameAt = undefined;
  document.addEventListener('click', () => { window.__clickAt = performance.now(); window.__frameAt = undefined; }, true);
  new MutationObserver(() => {
    const video = document.querySelector('video[data-phase="content"]');
    if (!video || video.__probed) return;
    video.__probed = true;
    const first = () => { if (window.__frameAt === undefined) window.__frameAt = performance.now(); };
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(first);
    else video.addEventListener('playing', first, { once: true });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
`;

async function appRun(page: Page, url: string, trailerLink: string): Promise<number> {
  await page.goto(`${url}/details/vod/${FILM}`);
  const link = page.getByRole('link', { name: trailerLink, exact: true });
  await link.waitFor();
  await link.click();
  await page.waitForFunction(
    () => (window as unknown as { __frameAt?: number }).__frameAt !== undefined,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __frameAt: number; __clickAt: number };
    return w.__frameAt - w.__clickAt;
  });
}

async function baselineRun(page: Page, url: string, manifest: string): Promise<number> {
  await page.goto(`${url}/robots.txt`);
  await page.addScriptTag({ path: shakaFile });
  return page.evaluate(async (manifestUrl) => {
    interface Shaka {
      polyfill: { installAll(): void };
      Player: new () => { attach(v: HTMLVideoElement): Promise<void>; load(u: string): Promise<void> };
    }
    const shaka = (window as unknown as { shaka: Shaka }).shaka;
    shaka.polyfill.installAll();
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const started = performance.now();
    const frame = new Promise<number>((resolve) =>
      video.requestVideoFrameCallback(() => resolve(performance.now())),
    );
    const player = new shaka.Player();
    await player.attach(video);
    await player.load(manifestUrl);
    return (await frame) - started;
  }, `${url}${manifest}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-bench-play-'));
const app = await startApp({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [...FLAGS, '--autoplay-policy=no-user-gesture-required'],
});
try {
  console.log(`bench:play — ${RUNS} run(s), ${app.url}; waiting for the demo media…`);
  await waitForDemoMedia(app.url);
  const trailerLink = 'Bande-annonce';
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 720 } });
  await context.addInitScript(PROBE);
  const appPage = await context.newPage();
  // The trailer's signed manifest, as the app gets it, for the baseline.
  const details = (await (
    await fetch(`${app.url}/v1/customer/antenne/businessunit/monde/content/asset/${FILM}?fieldSet=ALL`)
  ).json()) as {
    linkedEntities?: { entityId: string; linkType: string }[];
  };
  const trailerId = details.linkedEntities?.find((l) => l.linkType === 'TRAILER')?.entityId;
  if (trailerId === undefined) throw new Error(`${FILM} has no trailer`);
  const play = (await (await fetch(`${app.url}${playbackPaths.play(TENANT, trailerId)}`)).json()) as {
    formats?: { format: string; mediaLocator: string }[];
  };
  const manifest = play.formats?.find((f) => f.format === 'DASH')?.mediaLocator;
  if (manifest === undefined)
    throw new Error(`the trailer ${trailerId} has no DASH format: ${JSON.stringify(play)}`);
  const basePage = await (await browser.newContext({ bypassCSP: true })).newPage();

  // One warm-up of each (the route's chunk and shaka's compile are cached like a returning visitor's).
  await appRun(appPage, app.url, trailerLink);
  await baselineRun(basePage, app.url, manifest);
  const appTimes: number[] = [];
  const baseTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    appTimes.push(await appRun(appPage, app.url, trailerLink));
    baseTimes.push(await baselineRun(basePage, app.url, manifest));
  }
  const appMedian = median(appTimes);
  const baseMedian = median(baseTimes);
  const ms = (values: number[]) => values.map((v) => `${Math.round(v)}`).join(', ');
  console.log(`play click → first frame of content (${FILM}'s trailer, no bumper or ad):`);
  console.log(`  app       median ${Math.round(appMedian)} ms   runs: ${ms(appTimes)}`);
  console.log(
    `  baseline  median ${Math.round(baseMedian)} ms   runs: ${ms(baseTimes)}   (shaka alone on a bare page, same manifest)`,
  );
  console.log(`  ratio app/baseline ${(appMedian / baseMedian).toFixed(2)}`);
  console.log(`target ≤ ${TARGET_MS} ms: ${appMedian <= TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await stop(app);
  rmSync(dataDir, { recursive: true, force: true });
}
