import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { paths } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from './helpers/test-app.js';

// Headers, compression and the OpenAPI document do not depend on the engine.
describe('HTTP behaviour', () => {
  let testDb: TestDatabase;
  let app: App;
  let httpsApp: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    app = await buildTestApp(testDb);
    httpsApp = await buildTestApp(testDb, { config: { publicUrl: 'https://tv.example.com' } });
  });
  afterAll(async () => {
    await app?.close();
    await httpsApp?.close();
    await testDb?.cleanup();
  });

  describe('security headers', () => {
    test.each(['/healthz', '/config/config_web.json', '/v2/nope', '/some/app/route'])(
      'are set on %s',
      async (url) => {
        const res = await app.inject(url);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("media-src 'self' blob: https:");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['x-dns-prefetch-control']).toBe('off');
      },
    );

    test('Strict-Transport-Security only when PUBLIC_URL is https', async () => {
      expect((await app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
      expect((await httpsApp.inject('/healthz')).headers['strict-transport-security']).toMatch(
        /^max-age=\d+/,
      );
    });
  });

  describe('compression', () => {
    const url = paths.wlConfig(TENANT);

    test('a large answer is sent with brotli when asked', async () => {
      const plain = await app.inject(url);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    test('gzip when brotli is not accepted', async () => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')).id).toBe('sandwich');
    });

    test('a small answer is not compressed', async () => {
      const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });

  test('the OpenAPI document lists the API paths with their schemas', async () => {
    const res = await app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Antenne API');
    for (const path of [
      '/healthz',
      '/readyz',
      '/config/config_web.json',
      '/config.json',
      '/contracts-countries.json',
      '/v2/location',
      '/v2/whitelabel/customer/{customer}/businessunit/{businessUnit}/filters',
      '/v2/whitelabel/customer/{customer}/businessunit/{businessUnit}/config/{configId}',
      '/v2/whitelabel/customer/{customer}/businessunit/{businessUnit}/config/{configId}/component/{componentId}',
    ]) {
      expect(doc.paths[path], path).toHaveProperty('get');
    }
    expect(Object.keys(doc.paths)).not.toContain('/api/docs/openapi.json');
  });
});
