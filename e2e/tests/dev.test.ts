import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { playbackPaths } from '@antenne/contract';
import { launchBrowser, newPage, screenshotOnFailure } from '../support/browser.js';
import { repoRoot } from '../support/paths.js';
import { freePort, waitForDemoMedia } from '../support/server.js';

/**
 * The developer's loop: `npm run dev` (the server from its TypeScript sources with
 * NODE_ENV=development, Vite's dev server in front of it) on free ports; in Chromium, through
 * Vite's port only, the demo subscriber signs in (the identity service trusts Vite's origin, its
 * cookies stick) and the ClearKey title plays (media behind the play token and the licence go
 * through Vite's proxy). Then both processes stop on SIGINT, as on Ctrl-C.
 */

const TENANT = { customer: 'antenne', businessUnit: 'monde' };
const V1 = '/v1/customer/antenne/businessunit/monde';

let dev: ChildProcess;
let exited: Promise<number | null>;
let output = '';
let apiUrl = '';
let webUrl = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page | undefined;

beforeAll(async () => {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  webUrl = `http://localhost:${webPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'antenne-e2e-dev-'));
  dev = spawn('npm', ['run', 'dev'], {
    cwd: repoRoot,
    // Its own process group: the test signals it as a terminal's Ctrl-C does.
    detached: true,
    env: {
      ...process.env,
      PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
  const reachable = (url: string) =>
    fetch(url).then(
      (r) => r.status,
      () => 0,
    );
  const answers = (url: string) => async () => {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited (${dev.exitCode}):\n${output}`);
    expect(await reachable(url)).toBe(200);
  };
  await vi.waitFor(answers(`${apiUrl}/readyz`), { timeout: 120_000, interval: 500 });
  await waitForDemoMedia(apiUrl);
  await vi.waitFor(answers(`${webUrl}/`), { timeout: 60_000, interval: 500 });
  browser = await launchBrowser();
}, 420_000);

afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  await screenshotOnFailure(page, ctx.task.name, failed);
  if (failed) console.error(`[e2e] npm run dev said:\n${output.slice(-5000)}`);
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  if (dev?.pid !== undefined && dev.exitCode === null) {
    try {
      process.kill(-dev.pid, 'SIGINT');
    } catch {
      // already stopping
    }
  }
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
});

test('the server runs in development mode: readable log lines, not JSON', () => {
  expect(output).toMatch(/INFO.*server listening|INFO.*listening/i);
  expect(output).not.toMatch(/^\{"level":/m);
});

test('through Vite’s port: the demo subscriber signs in and the ClearKey title plays', async () => {
  ({ context, page } = await newPage(browser));
  const licences: number[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === playbackPaths.clearKeyLicense(TENANT))
      licences.push(response.status());
  });
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('Adresse e-mail').fill('demo@antenne.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Antenne-demo-2026');
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Démo' }).click();
  await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor({ timeout: 60_000 });

  const assets = (await (
    await fetch(`${webUrl}${V1}/content/asset?assetType=MOVIE&pageSize=200&fieldSet=ALL`)
  ).json()) as { items: { assetId: string; medias?: { drm?: string }[] }[] };
  const encrypted = assets.items.find((a) => a.medias?.some((m) => m.drm === 'CENC'));
  expect(encrypted, 'a demo film is encrypted').toBeDefined();
  await page.goto(`${webUrl}/details/vod/${encrypted!.assetId}`);
  await page.getByRole('link', { name: /^Regarder/ }).click();

  const video = page.locator('video[data-phase]');
  await expect
    .poll(() => video.getAttribute('data-phase'), { timeout: 120_000, interval: 250 })
    .toBe('content');
  const currentTime = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(0.5);
  const t0 = await currentTime();
  await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(t0 + 1.5);
  expect(licences).toContain(200);
}, 300_000);

test('Ctrl-C stops the server and Vite: both ports close', async () => {
  process.kill(-dev.pid!, 'SIGINT');
  await exited;
  const closed = async (url: string) =>
    fetch(url).then(
      () => false,
      () => true,
    );
  await expect.poll(() => closed(`${apiUrl}/readyz`), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => closed(`${webUrl}/`), { timeout: 20_000 }).toBe(true);
}, 60_000);
