import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCatalogueVersion } from '../../src/db/catalogue-version.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { extraAsset, smallCatalogue } from './helpers.js';

describe.each(engines)('catalogue import (%s)', (engine) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
  });
  afterAll(async () => {
    await database?.destroy();
    await testDb?.cleanup();
  });

  const count = async (
    table: 'asset' | 'asset_localized' | 'asset_tag' | 'publication' | 'season' | 'tag' | 'product',
  ) => {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  test('an invalid file lists every error with its JSON path and writes nothing', async () => {
    const doc = smallCatalogue();
    doc.assets[3].localized[0].title = 42;
    doc.assets.push({ ...doc.assets[0] });
    const before = await readCatalogueVersion(database.db);
    const shape = await importCatalogue(database.db, doc, TENANT);
    expect(shape.ok).toBe(false);
    expect(shape.ok ? [] : shape.errors).toContain('assets[3].localized[0].title: expected string');

    const meaning = smallCatalogue();
    meaning.assets.push({ ...meaning.assets[0] });
    meaning.assets[0].publications[0].products = ['premium'];
    meaning.assets[1].publications[0].fromDate = '2100-01-01T00:00:00Z';
    meaning.assets[2].tvShowId = 'nowhere';
    meaning.assets[3].seasonId = 'no-season';
    meaning.assets[0].localized[1].locale = 'xx';
    const structure = meaning.structure.components;
    structure[0].components.pageBody.push({ appType: 'carousel', referenceId: 'nowhere' });
    structure[1].components.heroBannerItems[0].actions.default.assetId = 'no-film';
    structure[3].components.menuItems[0].actions.default.verb = 'Fly';
    const result = await importCatalogue(database.db, meaning, TENANT);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        'assets[4].assetId: duplicate asset id film-ete-indien (first at assets[0].assetId)',
        'assets[0].publications[0].products[0]: unknown product premium',
        'assets[1].publications[0].fromDate: 2100-01-01T00:00:00Z is after toDate 2099-12-31T23:59:59Z',
        'assets[2].tvShowId: unknown asset nowhere',
        'assets[3].seasonId: unknown season no-season',
        'assets[0].localized[1].locale: unknown locale xx (one of ar, de, en, es, fr)',
        'structure.components[0].components.pageBody[2].referenceId: unknown component nowhere',
        'structure.components[1].components.heroBannerItems[0].actions.default.assetId: unknown asset no-film',
        'structure.components[3].components.menuItems[0].actions.default.verb: expected one of NavigateToPage, NavigateToDetails, PlayAsset, ExternalLink',
      ]),
    );
    expect(await count('asset')).toBe(0);
    expect(await count('product')).toBe(0);
    expect(await readCatalogueVersion(database.db)).toBe(before);
  });

  test('the small catalogue imports; a second import changes nothing and keeps the version', async () => {
    const before = await readCatalogueVersion(database.db);
    const first = await importCatalogue(database.db, smallCatalogue(), TENANT);
    expect(first).toMatchObject({ ok: true, changed: true, version: before + 1 });
    expect(first.ok && first.assets).toEqual({ inserted: 4, updated: 0, unchanged: 0 });
    const counts = {
      asset: await count('asset'),
      asset_localized: await count('asset_localized'),
      asset_tag: await count('asset_tag'),
      publication: await count('publication'),
      season: await count('season'),
      tag: await count('tag'),
      product: await count('product'),
    };
    expect(counts).toEqual({
      asset: 4,
      asset_localized: 6,
      asset_tag: 2,
      publication: 4,
      season: 1,
      tag: 1,
      product: 1,
    });
    const rowsBefore = await database.db.selectFrom('asset').selectAll().orderBy('id').execute();

    const second = await importCatalogue(database.db, smallCatalogue(), TENANT);
    expect(second).toMatchObject({ ok: true, changed: false, version: before + 1 });
    expect(second.ok && second.assets).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    expect(second.ok && second.components.inserted + second.components.updated).toBe(0);
    expect(await database.db.selectFrom('asset').selectAll().orderBy('id').execute()).toEqual(rowsBefore);
    expect(await count('publication')).toBe(4);
  });

  test('a changed asset replaces its children wholesale and bumps the version once', async () => {
    const before = await readCatalogueVersion(database.db);
    const doc = smallCatalogue();
    doc.assets[0].localized = [{ locale: 'fr', title: 'L’Été indien (version restaurée)' }];
    doc.assets[0].tags = [];
    doc.assets.push(extraAsset('film-extra'));
    const result = await importCatalogue(database.db, doc, TENANT);
    expect(result).toMatchObject({ ok: true, changed: true, version: before + 1 });
    expect(result.ok && result.assets).toEqual({ inserted: 1, updated: 1, unchanged: 3 });
    const localized = await database.db
      .selectFrom('asset_localized')
      .selectAll()
      .where('asset_id', '=', 'film-ete-indien')
      .execute();
    expect(localized.map((l) => l.title)).toEqual(['L’Été indien (version restaurée)']);
    const tags = await database.db
      .selectFrom('asset_tag')
      .selectAll()
      .where('asset_id', '=', 'film-ete-indien')
      .execute();
    expect(tags).toEqual([]);
  });

  test('the structure lands in the white-label tables with derived reference URLs', async () => {
    const home = await database.db
      .selectFrom('wl_component')
      .selectAll()
      .where('id', '=', 'home')
      .executeTakeFirstOrThrow();
    const body = JSON.parse(home.body) as {
      components: { pageBody: { referenceUrl: string; type: string }[] };
    };
    expect(body.components.pageBody[1]).toMatchObject({
      type: 'ComponentReference',
      referenceUrl:
        '/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich/component/home-comedies',
    });
    const carousel = await database.db
      .selectFrom('wl_component')
      .selectAll()
      .where('id', '=', 'home-comedies')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(carousel.body).contentUrl.url).toBe(
      '/v1/customer/antenne/businessunit/monde/content/asset?query=tags.subcategory:comedie&sort=-created&pageSize=10',
    );
  });

  test('a file for another business unit is refused', async () => {
    const doc = smallCatalogue();
    doc.businessUnit = 'ailleurs';
    const result = await importCatalogue(database.db, doc, TENANT);
    expect(result.ok ? [] : result.errors).toEqual([
      'businessUnit: the file is for ailleurs, the server for monde',
    ]);
  });

  test('a structure imported before the first start survives the seed', async () => {
    const fresh = await createTestDatabase(engine, { seed: false });
    const handle = fresh.open();
    try {
      expect(await importCatalogue(handle.db, smallCatalogue(), TENANT)).toMatchObject({ ok: true });
      expect(await seedIfEmpty(handle.db, { ...TENANT, version: '9.9.9' })).toEqual({ seeded: true });
      const home = await handle.db
        .selectFrom('wl_component')
        .select('body')
        .where('id', '=', 'home')
        .executeTakeFirstOrThrow();
      expect(
        JSON.parse(home.body).components.pageBody.map((r: { referenceId: string }) => r.referenceId),
      ).toEqual(['home-hero', 'home-comedies']);
    } finally {
      await handle.destroy();
      await fresh.cleanup();
    }
  });
});
