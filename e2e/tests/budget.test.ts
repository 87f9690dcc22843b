import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { useBrowserSuite } from '../support/suite.js';
import { repoRoot } from '../support/paths.js';

/**
 * The home route's JavaScript until it is interactive: at most 130 KB gzip (issue 31: React 19
 * itself runs the app, docs/adr/0043; the open-source peer ships 711 KB before its first paint).
 * Measured twice: on the build's chunk graph (deterministic), and in Chromium on what a visitor's
 * browser fetched before the page marked itself live (hydrated).
 */
const BUDGET_BYTES = 130 * 1024;

const webDist = join(repoRoot, 'apps', 'web', 'dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each chunk's modules, as the build wrote them (apps/web/vite.config.ts, moduleGraph). */
const readModules = (dist: string): Record<string, string[]> =>
  JSON.parse(readFileSync(join(dist, '.vite', 'modules.json'), 'utf8')) as Record<string, string[]>;

const readManifest = (): Manifest =>
  JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipBytes = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files `keys` load before running: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

function report(sizes: Map<string, number>): string {
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const lines = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`);
  return `${kb(total)} gzip of JavaScript (budget ${kb(BUDGET_BYTES)}):\n${lines.join('\n')}`;
}

const suite = useBrowserSuite();

describe('the runtime', () => {
  test('React 19 itself: react-dom is what the browser bundle and the server render import, and no Preact', () => {
    const client = Object.values(readModules(webDist)).flat();
    const server = Object.values(readModules(join(webDist, '.ssr'))).flat();
    expect(client).toContain('node_modules/react-dom/client.js');
    expect(
      client.some((id) => /^node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/.test(id)),
    ).toBe(true);
    expect(server).toContain('node_modules/react-dom/static.node.js');
    for (const ids of [client, server]) {
      expect(
        ids.filter((id) => /(^|\/)node_modules\/(preact|preact-render-to-string|@preact)\//.test(id)),
      ).toEqual([]);
      expect(ids).toContain('node_modules/react/index.js');
    }
  });
});

describe('the JavaScript budget of the home route', () => {
  test('the entry and the home page with their static imports weigh at most 130 KB gzip (build graph)', () => {
    const manifest = readManifest();
    // The entry, the app's start it imports at once (main.tsx) with the app's code it imports
    // (start.tsx), and the home page.
    const files = staticClosure(manifest, [
      'index.html',
      'src/start.tsx',
      'src/start-app.tsx',
      'src/features/home/home-page.tsx',
    ]);
    const sizes = new Map(
      [...files].filter((f) => f.endsWith('.js')).map((f) => [f, gzipBytes(readFileSync(join(webDist, f)))]),
    );
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    console.info(report(sizes));
    expect(total, report(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);

    // Code splitting holds: no other page rides along with the first screen.
    for (const page of [
      'details/vod-details-page',
      'search/search-page',
      'settings/settings-page',
      'player/player-page',
      'account/login-page',
      'live/guide-page',
      'details/epg-details-page',
    ]) {
      const chunk = manifest[`src/features/${page}.tsx`];
      expect(chunk, `${page} is its own chunk`).toBeDefined();
      expect(files.has(chunk!.file), `${page} is not loaded by the home route`).toBe(false);
    }
  });

  test('in Chromium, the scripts run until the home page is interactive (hydrated) weigh at most 130 KB gzip', async () => {
    const { page } = await suite.newPage({ viewport: { width: 412, height: 823 } });
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = response.body();
      // Only the scripts run before the page is live are read; the others' bodies may fail once
      // the page closes, which is no error of the page's.
      body.catch(() => undefined);
      bodies.set(new URL(response.url()).pathname, body);
    });
    // The scripts the page had fetched at the moment it marked itself live (html[data-hydrated]),
    // read in the page itself: the first screen is in the server's HTML (e2e/tests/ssr.test.ts),
    // what counts is the code that runs before it answers.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.documentElement.hasAttribute('data-hydrated')) return;
        observer.disconnect();
        (window as unknown as { __live: string[] }).__live = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js'));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(`${suite.server.url}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'À la une' }).waitFor();
    await page.getByRole('region', { name: 'Nouveautés' }).getByRole('article').first().waitFor();
    const live = new Set(await page.evaluate(() => (window as unknown as { __live: string[] }).__live));
    for (const path of [...bodies.keys()]) if (!live.has(path)) bodies.delete(path);

    const fetched = [...bodies.keys()];
    const sizes = new Map(
      await Promise.all(fetched.map(async (path) => [path, gzipBytes(await bodies.get(path)!)] as const)),
    );
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    console.info(report(sizes));
    expect(fetched.length).toBeGreaterThan(0);
    expect(total, report(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(
      fetched.filter((path) =>
        /(vod-details|epg-details|search|settings|player|login|guide)-page/.test(path),
      ),
    ).toEqual([]);
  });
});
