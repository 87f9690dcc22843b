import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCatalogueVersion } from '../../src/db/catalogue-version.js';
import { createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/catalog-import.ts');
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/catalogue-small.json');

/** `npm run catalog:import -- <file>` as a person runs it (from the sources, on SQLite). */
describe('catalog:import command', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const importFile = (file: string) =>
    run(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', CLI, file], {
      env: {
        ...process.env,
        DATA_DIR: testDb.options.dataDir,
        DATABASE_URL: '',
        CUSTOMER: TENANT.customer,
        BUSINESS_UNIT: TENANT.businessUnit,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  test('imports the example, then finds nothing to change', async () => {
    const first = await importFile(FIXTURE);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('assets: 4 inserted, 0 updated, 0 unchanged');
    expect(first.stdout).toContain('catalogue version 1');
    const second = await importFile(FIXTURE);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('nothing changed (catalogue version 1)');
  }, 30_000);

  test('an invalid file exits 1 listing its errors, and writes nothing', async () => {
    const bad = path.join(testDb.options.dataDir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ version: 1, assets: [{ assetId: 'x', type: 'FILM', localized: [{ locale: 'fr' }] }] }),
    );
    const result = await importFile(bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 error(s), nothing imported');
    expect(result.stderr).toContain('assets[0].type: expected one of MOVIE, TV_SHOW');
    expect(result.stderr).toContain('assets[0].localized[0].title: required');
    const database = testDb.open();
    try {
      expect(await readCatalogueVersion(database.db)).toBe(1);
    } finally {
      await database.destroy();
    }
  }, 30_000);
});
