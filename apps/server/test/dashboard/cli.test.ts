import { dashboardPaths } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { runCli } from '../helpers/cli.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

/** `staff-grant <email> [--revoke]` as an administrator runs it (from the sources, on SQLite). */
describe('staff-grant command', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const grant = (...args: string[]) => runCli('staff-grant.ts', testDb, args);

  test('grants the staff role by email, which opens the report; --revoke closes it again', async () => {
    const app = await buildTestApp(testDb, { verifyIdToken: testVerifyIdToken });
    try {
      const { sessionToken } = await login(app, 'uid-cli-staff', 'editor@example.com');
      const report = () =>
        app.inject({ method: 'GET', url: dashboardPaths.report(TENANT), headers: bearer(sessionToken) });
      expect((await report()).statusCode).toBe(403);

      const granted = await grant('Editor@example.com');
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toMatch(/account acc_\w+ \(Editor@example.com\): now staff/);
      expect((await report()).statusCode).toBe(200);
      expect((await grant('editor@example.com')).stdout).toContain('already staff');

      const revoked = await grant('editor@example.com', '--revoke');
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain('now not staff');
      expect((await report()).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  }, 60_000);

  test('an unknown email exits 1; a wrong usage exits 2', async () => {
    const unknown = await grant('nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account with the email nobody@example.com');
    for (const args of [[], ['a@example.com', 'b@example.com'], ['--revoke'], ['--staff']]) {
      const usage = await grant(...args);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toContain('usage: staff-grant <email> [--revoke]');
    }
  }, 60_000);
});
