import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { importDemoIfEmpty } from '../src/modules/catalogue/demo-content.js';
import { scriptSafeJson } from '../src/modules/web-app/bootstrap.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from './helpers/test-app.js';

const BOOTSTRAP = /<script type="application\/json" id="antenne-bootstrap">(.*?)<\/script>\n/s;
const withoutBootstrap = (html: string) => html.replace(BOOTSTRAP, '');
const bootstrapOf = (html: string) =>
  JSON.parse(BOOTSTRAP.exec(html)?.[1] ?? 'null') as {
    version: number;
    queries: { key: unknown[]; data: unknown }[];
    heroImage?: string;
  };

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

describe('serving the web app', () => {
  let testDb: TestDatabase;
  let webDistDir: string;
  let app: App;
  let notBuilt: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    webDistDir = mkdtempSync(path.join(tmpdir(), 'antenne-web-'));
    mkdirSync(path.join(webDistDir, 'assets'));
    mkdirSync(path.join(webDistDir, 'locales'));
    writeFileSync(path.join(webDistDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("app");\n'.repeat(200));
    writeFileSync(path.join(webDistDir, 'locales', 'fr.json'), '{"HOME":"Accueil"}');
    writeFileSync(path.join(webDistDir, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(path.join(webDistDir, '.vite'));
    writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), '{}');
    app = await buildTestApp(testDb, { config: { webDistDir } });
    notBuilt = await buildTestApp(testDb, { config: { webDistDir: path.join(webDistDir, 'missing') } });
  });
  afterAll(async () => {
    await app?.close();
    await notBuilt?.close();
    await testDb?.cleanup();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  test.each([
    '/',
    '/index.html',
    '/login',
    '/details/vod/abc_123',
    '/legal/mentions-legales',
    '/no/such/page',
  ])('%s answers index.html, never cached', async (url) => {
    const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The page as built, plus the startup answers embedded before </head> (web-app/bootstrap.ts).
    expect(withoutBootstrap(res.body)).toBe(INDEX);
    const keys = bootstrapOf(res.body).queries.map((q) => q.key[0]);
    expect(keys).toEqual(
      expect.arrayContaining(['config', 'contractCountries', 'locationFilters', 'structure']),
    );
  });

  test('hashed assets are cached for a year, immutable', async () => {
    const res = await app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('other files get a short cache and an ETag that answers 304', async () => {
    for (const url of ['/locales/fr.json', '/robots.txt']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const etag = res.headers.etag;
      expect(etag).toBeTruthy();
      const again = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
    }
    expect((await app.inject('/locales/fr.json')).json()).toEqual({ HOME: 'Accueil' });
  });

  test.each([
    '/v2/whitelabel/nothing',
    '/assets/app-old999.js',
    '/locales/xx.json',
    '/favicon.ico',
    '/.vite/manifest.json',
  ])(
    'a missing API path or file, or the build manifest (%s), is a 404 JSON body, not the web app',
    async (url) => {
      const res = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ httpCode: 404, message: 'NOT_FOUND' });
    },
  );

  test('a client that does not accept HTML gets the 404 body', async () => {
    const res = await app.inject({ url: '/some/page', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ httpCode: 404, message: 'NOT_FOUND' });
  });

  test('without a built web app, pages answer 503 saying how to build it, and the API still works', async () => {
    const page = await notBuilt.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('npm run build');
    expect((await notBuilt.inject('/config/config_web.json')).statusCode).toBe(200);
  });
});

describe('the startup answers embedded in index.html', () => {
  let testDb: TestDatabase;
  let webDistDir: string;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    const database = testDb.open();
    try {
      await importDemoIfEmpty(database.db, TENANT);
    } finally {
      await database.destroy();
    }
    webDistDir = mkdtempSync(path.join(tmpdir(), 'antenne-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), INDEX);
    app = await buildTestApp(testDb, { config: { webDistDir } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  test('the home page carries the startup calls, the home component, its first blocks and the visible lanes, under the web app’s keys', async () => {
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' }, remoteAddress: '127.0.0.1' });
    const bootstrap = bootstrapOf(res.body);
    const byKey = new Map(bootstrap.queries.map((q) => [JSON.stringify(q.key), q.data]));
    expect(byKey.get('["config"]')).toMatchObject({ customer: 'antenne', businessUnit: 'monde' });
    expect(byKey.get('["structure",{"filters":"DEVICE:WEB","allowedCountry":"FR"}]')).toMatchObject({
      id: 'sandwich',
    });
    expect(byKey.get('["component","home","FR"]')).toMatchObject({ id: 'home', appType: 'page' });
    expect(byKey.get('["component","home-hero","FR"]')).toMatchObject({ appType: 'herobanner' });
    // Each embedded lane answers exactly what the API answers to the web app's own call.
    const lanes = bootstrap.queries.filter((q) => q.key[0] === 'content');
    expect(lanes.length).toBeGreaterThanOrEqual(3);
    for (const lane of lanes) {
      const [, url, country, token, pageSize] = lane.key as [string, string, string, null, null];
      expect([country, token, pageSize]).toEqual(['FR', null, null]);
      const direct = await app.inject({ url, query: { onlyPublished: 'true', allowedCountry: 'FR' } });
      expect(lane.data).toEqual(direct.json());
    }
    // Personal lanes are a visitor's sign-in card: no content embedded for them.
    expect(lanes.some((q) => String(q.key[1]).includes('recommend/continue'))).toBe(false);
    // The hero's first image is preloaded with a high priority.
    expect(bootstrap.heroImage).toBe('/images/assets/film-ete-a-dakar/background.png');
    expect(res.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/assets/film-ete-a-dakar/background.png?w=1280"',
    );
  });

  test('other pages carry the startup calls only; the JSON cannot close its script element', async () => {
    const res = await app.inject({ url: '/details/vod/x', headers: { accept: 'text/html' } });
    const bootstrap = bootstrapOf(res.body);
    expect(bootstrap.queries.map((q) => q.key.join(' ')).sort()).toEqual([
      'component footer FR',
      'component main-menu FR',
      'config',
      'contractCountries',
      'locationFilters',
      'structure [object Object]',
    ]);
    expect(scriptSafeJson({ text: '</script><script>alert(1)</script>' })).not.toMatch(/<|>/);
    expect(JSON.parse(scriptSafeJson({ text: '</script>\u2028' }))).toEqual({ text: '</script>\u2028' });
  });
});
