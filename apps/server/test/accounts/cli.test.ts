import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { loginRequest, testVerifyIdToken } from './helpers.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/household-status.ts');

/** `household-status <email> <status>` as an administrator runs it (from the sources, on SQLite). */
describe('household-status command', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const status = (...args: string[]) =>
    run(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', CLI, ...args], {
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

  test('suspends a household by its email, which then cannot sign in; ACTIVE restores it', async () => {
    const app = await buildTestApp(testDb, { verifyIdToken: testVerifyIdToken });
    try {
      expect((await loginRequest(app, 'uid-cli', 'cli@example.com')).statusCode).toBe(200);
      const suspended = await status('CLI@example.com', 'SUSPENDED_HOUSEHOLD');
      expect(suspended.code, suspended.stderr).toBe(0);
      expect(suspended.stdout).toMatch(/household acc_\w+ \(CLI@example.com\): ACTIVE → SUSPENDED_HOUSEHOLD/);
      const refused = await loginRequest(app, 'uid-cli', 'cli@example.com');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'SUSPENDED_HOUSEHOLD' });

      const restored = await status('cli@example.com', 'ACTIVE');
      expect(restored.code, restored.stderr).toBe(0);
      expect((await loginRequest(app, 'uid-cli', 'cli@example.com')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 30_000);

  test('an unknown email exits 1; an unknown status or a wrong usage exits 2', async () => {
    const unknown = await status('nobody@example.com', 'ACTIVE');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no household with the email nobody@example.com');
    const badStatus = await status('cli@example.com', 'BANNED');
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain(
      'unknown status "BANNED": expected one of ACTIVE, SUSPENDED_HOUSEHOLD, INACTIVE_HOUSEHOLD',
    );
    const usage = await status('cli@example.com');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: household-status <email>');
  }, 30_000);
});
