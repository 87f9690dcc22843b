import { afterEach, describe, expect, test } from 'vitest';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { smallCatalogue } from './helpers.js';

const V1 = '/v1/customer/antenne/businessunit/monde';

describe.each(engines)('the demo catalogue at start (%s)', (engine) => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.cleanup();
    testDb = undefined;
  });

  test('an empty catalogue receives Antenne Monde once; the API then lists it in five languages', async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const first = await importDemoIfEmpty(database.db, TENANT);
      expect(first?.ok).toBe(true);
      expect(await importDemoIfEmpty(database.db, TENANT)).toBeUndefined();
    } finally {
      await database.destroy();
    }
    const app = await buildTestApp(testDb);
    try {
      const count = async (type: string) =>
        (await app.inject(`${V1}/content/asset?assetType=${type}&pageSize=1&onlyPublished=false`)).json()
          .totalCount;
      expect(await count('MOVIE')).toBeGreaterThanOrEqual(60);
      // At least 60 films visible to a visitor in France (some are future, expired or limited to other countries).
      const visible = (
        await app.inject(`${V1}/content/asset?assetType=MOVIE&pageSize=1&allowedCountry=FR`)
      ).json().totalCount;
      expect(visible).toBeGreaterThanOrEqual(60);
      expect(await count('TV_SHOW')).toBeGreaterThanOrEqual(12);
      expect(await count('PODCAST')).toBeGreaterThanOrEqual(8);
      expect(await count('TV_CHANNEL')).toBeGreaterThanOrEqual(6);
      const films = (
        await app.inject(`${V1}/content/asset?assetType=MOVIE&pageSize=200&fieldSet=ALL`)
      ).json();
      for (const film of films.items) {
        expect(film.localized.map((l: { locale: string }) => l.locale).sort(), film.assetId).toEqual([
          'ar',
          'de',
          'en',
          'es',
          'fr',
        ]);
      }
      const home = await app.inject(
        '/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich/component/home',
      );
      expect(home.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  test('a catalogue that already has an asset is never touched', async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      expect((await importCatalogue(database.db, smallCatalogue(), TENANT)).ok).toBe(true);
      expect(await importDemoIfEmpty(database.db, TENANT)).toBeUndefined();
      const assets = await database.db.selectFrom('asset').select('id').execute();
      expect(assets.length).toBe(smallCatalogue().assets.length);
    } finally {
      await database.destroy();
    }
  });
});
