import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoDatabase } from './helpers.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/epg-import.ts');
const SAMPLE = path.resolve(import.meta.dirname, '../fixtures/xmltv-sample.xml');

/** `npm run epg:import -- <file.xml>` as a person runs it (from the sources, on SQLite). */
describe('epg:import command', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await demoDatabase('sqlite');
  }, 120_000);
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

  test('the sample: exit 1, its malformed time named with file and line, nothing imported', async () => {
    const result = await importFile(SAMPLE);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('1 error(s), nothing imported');
    expect(result.stderr).toContain(`${SAMPLE}: line 39: start "2026-11-24 21:00" is not an XMLTV time`);
  }, 60_000);

  test('fixed: exit 0, the counts, and what was skipped or corrected', async () => {
    const fixed = path.join(testDb.options.dataDir, 'fixed.xml');
    writeFileSync(
      fixed,
      readFileSync(SAMPLE, 'utf8').replace('start="2026-11-24 21:00"', 'start="20261124210000 +0100"'),
    );
    const result = await importFile(fixed);
    expect(result.stderr).toContain('channel "tv5monde.example" is none of the catalogue\'s channels');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('programmes: 8 inserted, 0 updated, 0 unchanged');
    const again = await importFile(fixed);
    expect(again.stdout).toContain('nothing changed');
  }, 60_000);
});
