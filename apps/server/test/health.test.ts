import { ErrorBodySchema, HealthSchema, ReadySchema } from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestDatabase, engines, testConfig, type TestDatabase } from './helpers/test-app.js';

describe.each(engines)('health probes (%s)', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  test('GET /healthz answers ok without touching the database, /readyz answers ready', async () => {
    const database = testDb.open();
    const app = await buildApp({ config: testConfig(testDb), database });
    try {
      const health = await app.inject('/healthz?client=json');
      expect(health.statusCode).toBe(200);
      expect(Compile(HealthSchema).Check(health.json())).toBe(true);

      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(Compile(ReadySchema).Check(ready.json())).toBe(true);
      expect(ready.json()).toEqual({ status: 'ready', database: engine });

      // The database goes away: alive, but no longer ready.
      await database.destroy();
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const down = await app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(Compile(ErrorBodySchema).Check(down.json())).toBe(true);
      expect(down.json()).toMatchObject({ httpCode: 503, message: 'SERVICE_UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});
