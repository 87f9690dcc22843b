import { paths, type Asset, type AssetList } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { smallCatalogue } from './helpers.js';

describe.each(engines)('catalogue answers caching (%s)', (engine) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
    const result = await importCatalogue(database.db, smallCatalogue(), TENANT);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    // Re-read the catalogue version on every request, as a second process would after its delay.
    app = await buildTestApp(testDb, { cacheCheckEveryMs: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await testDb?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const filmUrl = `${paths.asset(TENANT, 'film-ete-indien')}?client=json&allowedCountry=FR`;

  test('public answers carry an ETag, Cache-Control and Vary; If-None-Match gives 304', async () => {
    const first = await get(filmUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(filmUrl, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // The same request spelled differently (parameter order, client=json) is the same answer.
    const reordered = await get(`${paths.asset(TENANT, 'film-ete-indien')}?allowedCountry=FR`, {
      'if-none-match': etag,
    });
    expect(reordered.statusCode).toBe(304);
    // Another country is another answer.
    const other = await get(`${paths.asset(TENANT, 'film-ete-indien')}?allowedCountry=BE`);
    expect(other.headers.etag).not.toBe(etag);
  });

  test('the structure calls are cached the same way', async () => {
    const url = `${paths.wlComponent(TENANT, 'home')}?client=json`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const again = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const config = await get(paths.wlConfig(TENANT), { 'if-none-match': first.headers.etag as string });
    expect(config.statusCode).toBe(200);
    expect(config.headers.etag).toBeDefined();
  });

  test('after an import that changes a title, the next read answers the new title with a new ETag', async () => {
    const before = await get(filmUrl);
    const listBefore = await get(`${paths.assets(TENANT)}?assetIds=film-ete-indien`);
    expect(before.json<Asset>().localized?.[0]?.title).toBe("L'Été indien");

    const doc = smallCatalogue();
    doc.assets[0].localized[0].title = 'L’Été indien — version restaurée';
    const result = await importCatalogue(database.db, doc, TENANT);
    expect(result).toMatchObject({ ok: true, changed: true });

    const after = await get(filmUrl, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<Asset>().localized?.[0]?.title).toBe('L’Été indien — version restaurée');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listAfter = await get(`${paths.assets(TENANT)}?assetIds=film-ete-indien`);
    expect(listAfter.json<AssetList>().items[0]?.localized?.[0]?.title).toBe(
      'L’Été indien — version restaurée',
    );
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
  });

  test('errors are not cached as answers: an unknown asset stays 404 and has no ETag', async () => {
    const res = await get(paths.asset(TENANT, 'nope'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      httpCode: 404,
      message: 'UNKNOWN_ASSET',
      extendedMessage: 'unknown asset nope',
    });
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
