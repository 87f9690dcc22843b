import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetListSchema, ErrorBodySchema, paths, type AssetList, type ErrorBody } from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import type { Engine } from '../../src/db/database.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

/** The documented example of docs/catalogue-format.md, parsed afresh (tests may change their copy). */
export function smallCatalogue(): CatalogueDocument {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/catalogue-small.json');
  return JSON.parse(readFileSync(file, 'utf8')) as CatalogueDocument;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test documents are edited freely, the importer validates them
export type CatalogueDocument = Record<string, any>;

export const OPEN = { fromDate: '2020-01-01T00:00:00Z', toDate: '2099-12-31T23:59:59Z' };

let publication = 0;

/** A minimal valid asset of the import format, published everywhere unless `publications` says otherwise. */
export function extraAsset(assetId: string, overrides: CatalogueDocument = {}): CatalogueDocument {
  return {
    assetId,
    type: 'MOVIE',
    localized: [{ locale: 'fr', title: assetId }],
    publications: [{ publicationId: `pub-${assetId}-${++publication}`, ...OPEN, products: ['gratuit'] }],
    created: '2023-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The small catalogue plus titles that exercise paging, sorting, geo and publication windows. */
export function readApiCatalogue(): CatalogueDocument {
  const doc = smallCatalogue();
  const clip = (id: string, sortingTitle: string, created: string) =>
    extraAsset(id, {
      type: 'CLIP',
      created,
      localized: [{ locale: 'fr', title: sortingTitle, sortingTitle }],
    });
  doc.assets.push(
    clip('clip-zebre', 'Zèbre', '2023-01-04T00:00:00Z'),
    clip('clip-elan', 'Élan', '2023-01-02T00:00:00Z'),
    clip('clip-abricot', 'abricot', '2023-01-03T00:00:00Z'),
    clip('clip-eau', 'Eau', '2023-01-01T00:00:00Z'),
    extraAsset('film-canada', {
      publications: [
        {
          publicationId: 'pub-film-canada',
          fromDate: '2020-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          countries: ['CA'],
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('film-futur', {
      publications: [
        {
          publicationId: 'pub-film-futur',
          fromDate: '2099-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('film-expire', {
      publications: [
        {
          publicationId: 'pub-film-expire',
          fromDate: '2020-01-01T00:00:00Z',
          toDate: '2020-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('quartier-s2e1', {
      type: 'EPISODE',
      tvShowId: 'serie-quartier',
      seasonId: 'quartier-s2',
      season: 2,
      episode: 1,
      localized: [{ locale: 'fr', title: 'Nouvelle saison' }],
    }),
    extraAsset('quartier-s2e2-futur', {
      type: 'EPISODE',
      tvShowId: 'serie-quartier',
      seasonId: 'quartier-s2',
      season: 2,
      episode: 2,
      publications: [
        {
          publicationId: 'pub-s2e2',
          fromDate: '2099-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
  );
  doc.seasons.push({ seasonId: 'quartier-s2', tvShowId: 'serie-quartier', season: 2 });
  return doc;
}

const isAssetList = Compile(AssetListSchema);
const isErrorBody = Compile(ErrorBodySchema);

/**
 * The read API's set-up: a database of `engine` holding readApiCatalogue, an app on it (built before
 * the tests of the calling describe, closed after them), and the request helpers its tests share.
 */
export function readApiApp(engine: Engine) {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const result = await importCatalogue(database.db, readApiCatalogue(), TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await database.destroy();
    }
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const assets = paths.assets(TENANT);
  const list = async (query: string) => {
    const res = await get(`${assets}?client=json&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AssetList>();
    expect(isAssetList.Check(body)).toBe(true);
    return body;
  };
  const ids = (body: AssetList) => body.items.map((a) => a.assetId);
  const badRequest = async (url: string, field: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
    const body = res.json<ErrorBody>();
    expect(isErrorBody.Check(body)).toBe(true);
    expect(body.message).toBe('BAD_REQUEST');
    expect(body.extendedMessage).toContain(field);
  };
  return { get, assets, list, ids, badRequest };
}
