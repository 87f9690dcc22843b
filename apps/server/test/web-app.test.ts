import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from './helpers/test-app.js';

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
  ])('%s answers index.html as built, never cached, when the build has no server entry', async (url) => {
    const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The browser draws the page (the server renders pages only with the web app's server entry:
    // test/web-app/page-render.test.ts).
    expect(res.body).toBe(INDEX);
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
