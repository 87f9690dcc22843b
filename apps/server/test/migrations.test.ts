import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { readCatalogueVersion } from '../src/db/catalogue-version.js';
import { createTestDatabase, engines, TENANT, type TestDatabase } from './helpers/test-app.js';

describe.each(engines)('migrations and seed (%s)', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine, { migrate: false, seed: false });
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  test('the first run applies every migration in name order; a second run applies nothing', async () => {
    const database = testDb.open();
    try {
      const first = await migrateToLatest(database.db);
      expect(first.applied).toEqual(Object.keys(migrations).sort());
      const second = await migrateToLatest(database.db);
      expect(second.applied).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  test('the seed fills an empty database once and bumps the catalogue version', async () => {
    const database = testDb.open();
    try {
      const options = { ...TENANT, version: '9.9.9', now: new Date('2026-11-22T00:00:00Z') };
      expect(await seedIfEmpty(database.db, options)).toEqual({ seeded: true });
      expect(await readCatalogueVersion(database.db)).toBe(1);
      expect(await seedIfEmpty(database.db, options)).toEqual({ seeded: false });
      expect(await readCatalogueVersion(database.db)).toBe(1);
      const components = await database.db.selectFrom('wl_component').select('id').execute();
      expect(components.map((c) => c.id)).toContain('home');
    } finally {
      await database.destroy();
    }
  });
});

describe.runIf(engines.includes('postgres'))('seed on a shared PostgreSQL', () => {
  test('two processes seeding an empty database at once: one seeds, the other skips, nothing doubles', async () => {
    const testDb = await createTestDatabase('postgres', { seed: false });
    const [a, b] = [testDb.open(), testDb.open()];
    try {
      const options = { ...TENANT, version: '9.9.9' };
      const reports = await Promise.all([seedIfEmpty(a.db, options), seedIfEmpty(b.db, options)]);
      expect(reports.map((r) => r.seeded).sort()).toEqual([false, true]);
      const configs = await a.db.selectFrom('web_config').select('customer').execute();
      expect(configs).toHaveLength(1);
      expect(await readCatalogueVersion(a.db)).toBe(1);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
      await testDb.cleanup();
    }
  });
});

describe.runIf(engines.includes('postgres'))('migrations beside other schemas', () => {
  test("tables of another schema created and dropped meanwhile (another process's tests or migrations) fail no migration", async () => {
    const [own, other] = await Promise.all([
      createTestDatabase('postgres', { seed: false }),
      createTestDatabase('postgres', { migrate: false, seed: false }),
    ]);
    const database = own.open();
    const churn = other.open();
    let churning = true;
    // Tables with a serial column appear and go in the other schema, as fast as the server allows.
    const churned = (async () => {
      for (let round = 0; churning; round++) {
        const names = Array.from({ length: 10 }, (_, i) => `churn_${round}_${i}`);
        for (const name of names)
          await sql`create table ${sql.id(name)} (id serial primary key)`.execute(churn.db);
        for (const name of names) await sql`drop table ${sql.id(name)}`.execute(churn.db);
      }
    })();
    try {
      for (let run = 0; run < 40; run++) expect((await migrateToLatest(database.db)).applied).toEqual([]);
    } finally {
      churning = false;
      await churned;
      await Promise.all([database.destroy(), churn.destroy()]);
      await Promise.all([own.cleanup(), other.cleanup()]);
    }
  }, 60_000);
});

test('migration names are date-prefixed so that name order is execution order', () => {
  for (const name of Object.keys(migrations)) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/);
});
