import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { demoCatalogue } from '@antenne/content';
import { collectImageUrls } from '@antenne/content/images';
import { expect, test } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { playbackPaths } from '@antenne/contract';
import { demoSessionToken } from '../support/demo-session.js';
import { waitForDemoMedia } from '../support/server.js';

const V1 = '/v1/customer/antenne/businessunit/monde';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` (`node scripts/start.mjs`) on a free port over `dataDir`, ready once /readyz answers. */
async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let ready = false;
  while (!ready && Date.now() - started < 60_000 && child.exitCode === null) {
    ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ready, `ready within 60 s; output:\n${output}`).toBe(true);
  return { child, url, output: () => output, exited };
}

async function stop(started: Started): Promise<void> {
  const stopAsked = Date.now();
  started.child.kill('SIGTERM');
  expect(await started.exited, `exit code after SIGTERM; output:\n${started.output()}`).toBe(0);
  expect(Date.now() - stopAsked).toBeLessThan(5_000);
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

interface Asset {
  assetId: string;
  type: string;
  localized: { locale: string; title?: string; description?: string; images?: { url: string }[] }[];
  medias: { format: string; locator?: string; drm?: string }[];
}

/** Every asset of the catalogue, published or not, page by page. */
async function allAssets(url: string): Promise<Asset[]> {
  const assets: Asset[] = [];
  for (let page = 1; ; page++) {
    const body = await json<{ items: Asset[]; totalCount: number }>(
      `${url}${V1}/content/asset?pageSize=200&pageNumber=${page}&onlyPublished=false&fieldSet=ALL`,
    );
    assets.push(...body.items);
    if (assets.length >= body.totalCount || body.items.length === 0) return assets;
  }
}

/** GETs every URL (a few at a time) and returns those that did not answer 200. */
async function failing(base: string, paths: string[]): Promise<string[]> {
  const bad: string[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await fetch(`${base}${path}`);
        await response.arrayBuffer();
        if (response.status !== 200) bad.push(`${response.status} ${path}`);
      }
    }),
  );
  return bad;
}

/** The status of every URL (a few at a time). */
async function statuses(base: string, paths: string[]): Promise<number[]> {
  const result: number[] = [];
  const queue = [...new Set(paths)];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await fetch(`${base}${path}`);
        await response.arrayBuffer();
        result.push(response.status);
      }
    }),
  );
  return result;
}

const count = async (url: string, query: string) =>
  (await json<{ totalCount: number }>(`${url}${V1}/content/asset?${query}&pageSize=1`)).totalCount;

// The README's `npm start` is `node scripts/start.mjs`: it builds only what is stale (nothing
// here, `npm run test:e2e` built it), migrates and seeds a fresh DATA_DIR, loads the demo
// catalogue, prepares the demo media (from the machine's cache, CACHE_DIR, when another run
// built them) and serves the app. A second start over the same DATA_DIR adds nothing.
test('npm start serves the whole demo: every title in five languages, every image and stream answering; a restart rebuilds and duplicates nothing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'antenne-start-'));
  let first: Started | undefined;
  let second: Started | undefined;
  try {
    first = await npmStart(dataDir);
    const { url } = first;
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect((await fetch(`${url}/config/config_web.json`)).status).toBe(200);
    expect(first.output()).toContain('loaded the demo catalogue (Antenne Monde)');
    await waitForDemoMedia(url);

    // Counts per type, as a visitor in France sees them.
    expect(await count(url, 'assetType=MOVIE&allowedCountry=FR')).toBeGreaterThanOrEqual(60);
    expect(await count(url, 'assetType=TV_SHOW')).toBeGreaterThanOrEqual(12);
    expect(await count(url, 'assetType=EPISODE')).toBeGreaterThanOrEqual(12 * 2 * 4);
    expect(await count(url, 'assetType=PODCAST')).toBeGreaterThanOrEqual(8);
    expect(await count(url, 'assetType=TV_CHANNEL')).toBeGreaterThanOrEqual(6);
    expect(await count(url, 'assetType=CLIP')).toBeGreaterThanOrEqual(10);

    const assets = await allAssets(url);
    const images = new Set<string>(collectImageUrls(demoCatalogue()));
    // One asset per demo stream folder (/demo-media/<item>-<hash>).
    const streams = new Map<string, Asset[]>();
    for (const asset of assets) {
      // Every title in French (original) and English, German, Spanish, Arabic, with a title and a description.
      expect(asset.localized.map((l) => l.locale).sort(), asset.assetId).toEqual([
        'ar',
        'de',
        'en',
        'es',
        'fr',
      ]);
      for (const l of asset.localized) {
        expect(l.title, `${asset.assetId} ${l.locale}`).toBeTruthy();
        expect(l.description, `${asset.assetId} ${l.locale}`).toBeTruthy();
        for (const image of l.images ?? []) images.add(image.url);
      }
      // Every asset points at a demo stream: HLS and DASH, or DASH alone when encrypted (ClearKey).
      const formats = asset.medias.map((m) => m.format).sort();
      if (asset.medias.some((m) => m.drm === 'CENC')) expect(formats, asset.assetId).toEqual(['DASH']);
      else expect(formats, asset.assetId).toEqual(['DASH', 'HLS']);
      for (const media of asset.medias) {
        const stream = (media.locator ?? '').split('/').slice(0, 3).join('/');
        streams.set(stream, [...(streams.get(stream) ?? []), asset]);
      }
    }
    expect(images.size).toBeGreaterThan(1000);
    expect(await failing(url, [...images])).toEqual([]);
    // Media answer only through a play token: unsigned, every manifest is refused…
    const unsigned = assets.flatMap((a) => a.medias.map((m) => m.locator ?? ''));
    expect((await statuses(url, unsigned)).filter((s) => s !== 403)).toEqual([]);
    // …and each demo stream plays for the demo subscriber: every signed manifest answers.
    const token = await demoSessionToken(url, 'http://localhost:8080');
    const signed: string[] = [];
    for (const [stream, candidates] of streams) {
      let played = false;
      for (const asset of candidates) {
        const play = await fetch(
          `${url}${playbackPaths.play({ customer: 'antenne', businessUnit: 'monde' }, asset.assetId)}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        if (play.status !== 200) {
          await play.arrayBuffer();
          continue;
        }
        const body = (await play.json()) as { formats: { mediaLocator: string }[] };
        signed.push(...body.formats.map((f) => f.mediaLocator));
        played = true;
        break;
      }
      expect(played, `a title playing ${stream}`).toBe(true);
    }
    expect(await failing(url, signed)).toEqual([]);
    // The config's avatars answer too; the demo subscriber of the README signs in at once.
    const config = (await (await fetch(`${url}/config/config_web.json`)).json()) as {
      avatars: { url: string }[];
    };
    expect(config.avatars.length).toBeGreaterThan(0);
    expect(
      await failing(
        url,
        config.avatars.map((a) => a.url),
      ),
    ).toEqual([]);
    expect(first.output()).toContain('created the demo subscriber');
    const signIn = await fetch(`${url}/identity/sign-in/email`, {
      method: 'POST',
      // As a browser on the default PUBLIC_URL would post it (the identity service checks the origin).
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
      body: JSON.stringify({ email: 'demo@antenne.example', password: 'Antenne-demo-2026' }),
    });
    expect(signIn.status).toBe(200);
    await stop(first);
    first = undefined;

    // The same DATA_DIR again: nothing encoded or rendered, nothing imported twice.
    second = await npmStart(dataDir);
    await waitForDemoMedia(second.url);
    expect(await allAssets(second.url)).toHaveLength(assets.length);
    expect(second.output()).not.toContain('loaded the demo catalogue');
    expect(second.output()).not.toContain('preparing media: encoding');
    expect(second.output()).not.toContain('demo images rendered');
    expect(second.output()).toContain('demo media ready (from the cache)');
    expect(second.output()).not.toContain('created the demo subscriber');
    await stop(second);
    second = undefined;
  } finally {
    for (const started of [first, second])
      if (started?.child.exitCode === null) started.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 420_000);
