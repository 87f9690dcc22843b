import { describe, expect, test } from 'vitest';
// The server's real import validation (a relative import: tests only; the package does not depend on the server).
import { importCatalogue } from '../../../apps/server/src/modules/catalogue/import-service.js';
import { buildTestApp, createTestDatabase } from '../../../apps/server/test/helpers/test-app.js';
import type { Asset } from './index.js';
import { demoCatalogue } from './index.js';
import { assets, components, NOW, tagIds } from './catalogue.test-helpers.js';

/** The carousel queries of the demo catalogue, read from the real server. */
describe('the carousels read from the server', () => {
  test('every asset query of the structure answers with published items', async () => {
    const testDb = await createTestDatabase('sqlite');
    const database = testDb.open();
    const app = await buildTestApp(testDb, { clock: () => NOW });
    try {
      const result = await importCatalogue(database.db, demoCatalogue(), {
        customer: 'antenne',
        businessUnit: 'monde',
      });
      expect(result.ok).toBe(true);
      const sizes: Record<string, number> = {};
      for (const c of components) {
        if (c.contentUrl?.type !== 'AssetQuery') continue;
        const url = c.contentUrl.url.replace('{customer}', 'antenne').replace('{businessUnit}', 'monde');
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${c.id} ${response.body.slice(0, 200)}`).toBe(200);
        const body = response.json<{ items: { assetId: string }[] }>();
        sizes[c.id] = body.items.length;
        expect(body.items.length, c.id).toBeGreaterThan(0);
      }
      // a category lane lists exactly that category's published titles
      const published = (a: Asset) =>
        a.publications?.some((p) => Date.parse(p.fromDate) <= NOW && NOW <= Date.parse(p.toDate));
      for (const category of ['jeunesse', 'documentaires', 'sport', 'musique']) {
        const expected = assets.filter(
          (a) => published(a) && tagIds(a).includes(`category:${category}`),
        ).length;
        expect(sizes[`page-${category}-recents`], category).toBe(Math.min(20, expected));
      }
      expect(sizes['home-cinema']).toBeGreaterThan(10);
      expect(sizes['home-populaires']).toBeGreaterThan(10);
    } finally {
      await app.close();
      await database.destroy();
      await testDb.cleanup();
    }
  }, 60_000);
});
