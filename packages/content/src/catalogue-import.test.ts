import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// The server's real import validation (a relative import: tests only; the package does not depend on the server).
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';
import { seedIfEmpty } from '../../../apps/server/src/db/seed.js';
import { importCatalogue } from '../../../apps/server/src/modules/catalogue/import-service.js';
import { demoCatalogue } from './index.js';
import { assets, components, doc } from './catalogue.test-helpers.js';

/** The real server import of the demo catalogue: validation, idempotence. */
describe('the server import', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-content-'));
  const handle = openDatabase({ databaseUrl: '', dataDir });
  const tenant = { customer: 'antenne', businessUnit: 'monde' };
  afterAll(async () => {
    await handle.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('accepts the document, inserts everything, and a second import changes nothing', async () => {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { ...tenant, version: '0.0.0-test' });
    const first = await importCatalogue(handle.db, demoCatalogue(), tenant);
    if (!first.ok) expect(first.errors.slice(0, 20)).toEqual([]);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.assets.inserted).toBe(assets.length);
    expect(first.products.inserted).toBe(doc.products?.length);
    expect(first.tags.inserted).toBe(doc.tags?.length);
    expect(first.seasons.inserted).toBe(doc.seasons?.length);
    expect(first.components.inserted + first.components.updated).toBe(components.length);

    const second = await importCatalogue(handle.db, demoCatalogue(), tenant);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.changed).toBe(false);
    expect(second.version).toBe(first.version);
    expect(second.assets).toEqual({ inserted: 0, updated: 0, unchanged: assets.length });
    expect(second.components.unchanged).toBe(components.length);
  }, 60_000);
});
