import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paths, queryKeys, type ConfigWeb, type StructureParams } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { App } from '../src/app.js';
import { importDemoIfEmpty } from '../src/modules/catalogue/demo-content.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from './helpers/test-app.js';

const BOOTSTRAP = /<script type="application\/json" id="antenne-bootstrap">(.*?)<\/script>\n/s;
const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
type Query = { key: unknown[]; data: unknown };

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * The startup answers embedded in index.html are read in-process from the services
 * (web-app/bootstrap.ts): each must be, byte for byte, what the HTTP call the web app makes for
 * the same visitor answers, under the key the web app reads it with (the contract's queryKeys).
 */
describe.each(engines)('the in-process bootstrap against the HTTP answers (%s)', (engine) => {
  let testDb: TestDatabase;
  let webDistDir: string;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
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
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
  });

  /** The URL (and query) of the web app's call behind each key. */
  function callOf(
    config: ConfigWeb,
    params: StructureParams,
    key: unknown[],
  ): { url: string; query?: Record<string, string> } {
    const [resource, id, country] = key as [string, unknown, string];
    const structure = { paymentMethodPreview: 'false', ...params };
    switch (resource) {
      case 'config':
        return { url: paths.configWeb() };
      case 'contractCountries':
        return { url: paths.contractCountries() };
      case 'locationFilters':
        return { url: paths.filters(config) };
      case 'structure':
        return { url: paths.wlConfig(config), query: structure };
      case 'component':
        expect(country).toBe(params.allowedCountry);
        return { url: paths.wlComponent(config, String(id)), query: structure };
      case 'content':
        return { url: String(id), query: { onlyPublished: 'true', allowedCountry: country } };
      default:
        throw new Error(`no call known for the key ${JSON.stringify(key)}`);
    }
  }

  test.each([
    { visitor: 'a desktop browser in an unknown place', remoteAddress: '127.0.0.1', userAgent: DESKTOP },
    { visitor: 'a phone in the United States', remoteAddress: '8.8.8.8', userAgent: PHONE },
  ])('$visitor: every embedded answer is the HTTP answer to the same request', async (visitor) => {
    const headers = { accept: 'text/html', 'user-agent': visitor.userAgent };
    const inject = vi.spyOn(app, 'inject');
    const page = await app.inject({ url: '/', headers, remoteAddress: visitor.remoteAddress });
    // One request: the page itself, with no round trip through the router for its answers.
    expect(inject).toHaveBeenCalledTimes(1);
    inject.mockRestore();

    const bootstrap = JSON.parse(BOOTSTRAP.exec(page.body)?.[1] ?? 'null') as { queries: Query[] };
    const config = bootstrap.queries.find((q) => q.key[0] === 'config')?.data as ConfigWeb;
    expect(config).toMatchObject(TENANT);
    const resources = bootstrap.queries.map((q) => q.key[0]);
    expect(resources).toEqual(
      expect.arrayContaining(['config', 'contractCountries', 'locationFilters', 'structure', 'component']),
    );
    expect(resources.filter((r) => r === 'content').length).toBeGreaterThanOrEqual(3);

    const params = bootstrap.queries.find((q) => q.key[0] === 'structure')?.key[1] as StructureParams;
    for (const query of bootstrap.queries) {
      const call = callOf(config, params, query.key);
      const direct = await app.inject({
        method: 'GET',
        url: call.url,
        query: { ...call.query, client: 'json' },
        headers: { 'user-agent': visitor.userAgent },
        remoteAddress: visitor.remoteAddress,
      });
      expect(direct.statusCode, call.url).toBe(200);
      expect(JSON.stringify(query.data), call.url).toBe(JSON.stringify(JSON.parse(direct.body)));
    }

    // The keys are the contract's, which the web app's API files read with.
    const filters = bootstrap.queries.find((q) => q.key[0] === 'locationFilters')?.data as {
      countryCode: string | null;
      filters: { type: string; value: string }[];
    };
    const country = filters.countryCode ?? 'FR';
    const joined = filters.filters.map((f) => `${f.type}:${f.value}`).join(',');
    const keys = bootstrap.queries.map((q) => JSON.stringify(q.key));
    expect(keys).toContain(JSON.stringify(queryKeys.structure({ filters: joined, allowedCountry: country })));
    expect(keys).toContain(JSON.stringify(queryKeys.component('home', country)));
  });

  test('the device filter is the visitor’s own, as its filters call answers', async () => {
    const page = await app.inject({
      url: '/details/vod/x',
      headers: { accept: 'text/html', 'user-agent': PHONE },
      remoteAddress: '127.0.0.1',
    });
    const bootstrap = JSON.parse(BOOTSTRAP.exec(page.body)?.[1] ?? 'null') as { queries: Query[] };
    const keys = bootstrap.queries.map((q) => JSON.stringify(q.key));
    expect(keys).toContain('["structure",{"filters":"DEVICE:MOBILE","allowedCountry":"FR"}]');
  });
});
