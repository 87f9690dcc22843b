import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crashPaths, ErrorBodySchema, paths, ReadySchema, type CrashReport } from '@antenne/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { RETRY_AFTER_SECONDS } from '../src/lib/errors.js';
import { SERVER_VERSION } from '../src/lib/version.js';
import {
  createTestDatabase,
  engines,
  memoryLogger,
  TENANT,
  TEST_DATABASE_URL,
  testConfig,
  type TestDatabase,
} from './helpers/test-app.js';

/**
 * The database going away while the app runs (issue 30 items 1 and 9, ADR 0042), in-process: the
 * app lives, says 503 with Retry-After while it cannot reach the database, 507 while its disk is
 * full, and serves again by itself. The PostgreSQL restart under load, with the server as a real
 * process, is test/postgres-restart.test.ts.
 */

const ACCEPTED = 'v1;analytics=1;advertising=0;at=1795000000';
const checkError = Compile(ErrorBodySchema);
const checkReady = Compile(ReadySchema);

const crashReport = (fingerprint: string): CrashReport => ({
  consent: ACCEPTED,
  fingerprint,
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (app.js:1:2)\n'.repeat(20),
  route: '/details/film-1',
  release: '0.1.0+abc123',
  kind: 'error',
});

/** A write any visitor can make: a crash report (204 when stored). */
const postCrash = (app: App, fingerprint: string) =>
  app.inject({
    method: 'POST',
    url: crashPaths.crash(TENANT),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(crashReport(fingerprint)),
  });

const fingerprintOf = (i: number) => `f${String(i).padStart(9, '0')}`;

describe.skipIf(!TEST_DATABASE_URL)('a PostgreSQL that drops its connections (postgres)', () => {
  // A database of this test's own: its backends are terminated, nobody else's.
  const name = `antenne_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-outage-'));
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const memory = memoryLogger();
  let database: DatabaseHandle;
  let app: App;
  let fingerprints = 0;

  /** Ends every session of the test's database (as a PostgreSQL restart or a pooler would). */
  const terminateAll = async () => {
    const { rows } = await admin.query<{ done: boolean }>(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return rows.length;
  };
  const sessions = async () =>
    Number(
      (
        await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [
          name,
        ])
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const setup = openDatabase({ databaseUrl: url.href, dataDir });
    try {
      await migrateToLatest(setup.db);
      await seedIfEmpty(setup.db, { ...TENANT, version: SERVER_VERSION });
    } finally {
      await setup.destroy();
    }
    database = openDatabase({ databaseUrl: url.href, dataDir, poolSize: 4, log: memory.logger });
    const ours: TestDatabase = {
      engine: 'postgres',
      options: { databaseUrl: url.href, dataDir },
      open: () => database,
      cleanup: async () => {},
    };
    const config = testConfig(ours, {
      crashes: { rateLimitPerMinute: 9999, retentionDays: 30, sentryDsn: '' },
    });
    // The catalogue version is read on every request: no answer comes from the cache.
    app = await buildApp({ config, database, logger: memory.logger, cacheCheckEveryMs: 0 });
    // A request whose query runs until the test cuts it off.
    app.get('/test/long-query', async () => {
      await sql`select pg_sleep(30)`.execute(database.db);
      return { done: true };
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await admin.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** How many idle connections the pool has said it lost since the log had `since` lines. */
  const idleLost = (since: number) =>
    memory
      .lines()
      .slice(since)
      .filter((line) => String(line.msg).startsWith('an idle database connection was lost')).length;

  /** Several requests at once, so that the pool holds several idle connections afterwards. */
  const warmPool = async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postCrash(app, fingerprintOf(++fingerprints))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 204));
  };

  test('every idle connection terminated: the app lives, logs it, and the next requests succeed', async () => {
    await warmPool();
    expect(await sessions()).toBeGreaterThanOrEqual(2);
    const linesBefore = memory.lines().length;
    const terminated = await terminateAll();
    expect(terminated).toBeGreaterThanOrEqual(2);
    // The pool hears of each loss (an 'error' event that, unheard, used to kill the process).
    await vi.waitFor(() => expect(idleLost(linesBefore)).toBe(terminated), { timeout: 5000, interval: 20 });

    const ready = await app.inject('/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'postgres' });
    expect((await app.inject(paths.configWeb())).statusCode).toBe(200);
    const write = await postCrash(app, fingerprintOf(++fingerprints));
    expect(write.statusCode, write.body).toBe(204);
    await warmPool();
  });

  test('a request whose query is cut off answers 503 with Retry-After in the error body; the next ones succeed', async () => {
    const pending = app.inject('/test/long-query');
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          "select 1 from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'",
          [name],
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 5000, interval: 20 },
    );
    const linesBefore = memory.lines().length;
    const terminated = await terminateAll();
    const cut = await pending;
    expect(cut.statusCode, cut.body).toBe(503);
    expect(cut.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(checkError.Check(cut.json())).toBe(true);
    expect(cut.json()).toEqual({
      httpCode: 503,
      message: 'SERVICE_UNAVAILABLE',
      extendedMessage: `the database is unreachable; retry in ${RETRY_AFTER_SECONDS} seconds`,
    });

    // The connection that failed was dropped, not put back; the idle ones go as their end arrives.
    await vi.waitFor(() => expect(idleLost(linesBefore)).toBe(terminated - 1), {
      timeout: 5000,
      interval: 20,
    });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await postCrash(app, fingerprintOf(++fingerprints))).statusCode).toBe(204);
  });

  test('while the database refuses connections: /readyz and requests answer 503 with Retry-After; back by themselves after', async () => {
    await warmPool();
    const linesBefore = memory.lines().length;
    await admin.query(`alter database ${name} with allow_connections false`);
    await terminateAll();
    try {
      await vi.waitFor(async () => expect((await app.inject('/readyz')).statusCode).toBe(503), {
        timeout: 5000,
        interval: 20,
      });
      const ready = await app.inject('/readyz');
      expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(ready.json()).toEqual({
        httpCode: 503,
        message: 'SERVICE_UNAVAILABLE',
        extendedMessage: 'database unreachable',
      });
      for (const res of [
        await postCrash(app, fingerprintOf(++fingerprints)),
        await app.inject(paths.configWeb()),
        // better-auth catches the database's error and answers 500 in its own words: still a 503.
        await app.inject({
          method: 'POST',
          url: '/identity/sign-in/email',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'someone@example.com', password: 'a password of some length' },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        expect(res.json()).toMatchObject({ httpCode: 503, message: 'SERVICE_UNAVAILABLE' });
        expect(res.json<{ extendedMessage: string }>().extendedMessage).toMatch(/database is unreachable/);
      }
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`);
    }
    await vi.waitFor(async () => expect((await app.inject('/readyz')).statusCode).toBe(200), {
      timeout: 5000,
      interval: 50,
    });
    expect((await postCrash(app, fingerprintOf(++fingerprints))).statusCode).toBe(204);
    expect((await app.inject(paths.configWeb())).statusCode).toBe(200);
    // Said once when it went, once when it came back (not a line per failed query).
    const said = memory
      .lines()
      .slice(linesBefore)
      .map((line) => String(line.msg));
    expect(said.filter((msg) => msg.startsWith('database unreachable'))).toHaveLength(1);
    expect(said.filter((msg) => msg === 'database reachable again')).toHaveLength(1);
  });
});

describe.each(engines)('a full disk (%s)', (engine) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
    app = await buildApp({
      config: testConfig(testDb, { crashes: { rateLimitPerMinute: 9999, retentionDays: 30, sentryDsn: '' } }),
      database,
      cacheCheckEveryMs: 0,
    });
    // PostgreSQL's disk cannot be filled here: its own disk_full error (53100), raised by a write.
    app.post('/test/disk-full-write', async () => {
      await sql`do $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
        database.db,
      );
      return { done: true };
    });
    // A library that catches the database's error and fails in its own words (better-auth answers 500).
    app.post('/test/swallowed-write', async () => {
      try {
        if (engine === 'postgres')
          await sql`do $$ begin raise exception 'no space' using errcode = 'disk_full'; end $$`.execute(
            database.db,
          );
        else await sql`create table filler (x text)`.execute(database.db);
      } catch {
        throw new Error('the library failed');
      }
      return { done: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** Fills the database until a write is refused for want of space; answers that refusal. */
  async function fillUp() {
    if (engine === 'postgres') return app.inject({ method: 'POST', url: '/test/disk-full-write' });
    // SQLite raises SQLITE_FULL past max_page_count, as it does when the disk has no room left.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database.db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(database.db);
    for (let i = 0; i < 1000; i++) {
      const res = await postCrash(app, fingerprintOf(i));
      if (res.statusCode !== 204) return res;
    }
    throw new Error('the database never filled up');
  }

  test('a write with no room answers 507 INSUFFICIENT_STORAGE; /readyz says degraded: disk full until a write succeeds', async () => {
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready', database: engine });

    const refused = await fillUp();
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(checkError.Check(refused.json())).toBe(true);
    expect(refused.json()).toEqual({
      httpCode: 507,
      message: 'INSUFFICIENT_STORAGE',
      extendedMessage:
        "the server's disk is full: nothing can be saved until space is freed (reading still works)",
    });

    const degraded = await app.inject('/readyz');
    expect(degraded.statusCode).toBe(200);
    expect(checkReady.Check(degraded.json())).toBe(true);
    expect(degraded.json()).toEqual({ status: 'degraded', reason: 'disk full', database: engine });
    // Reading still works meanwhile.
    expect((await app.inject(paths.configWeb())).statusCode).toBe(200);
    // The same answer when a library swallowed the database's error in this request.
    const swallowed = await app.inject({ method: 'POST', url: '/test/swallowed-write' });
    expect(swallowed.statusCode, swallowed.body).toBe(507);
    expect(swallowed.json()).toMatchObject({ httpCode: 507, message: 'INSUFFICIENT_STORAGE' });
    expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'degraded' });

    // Room again (an operator freed space): the next write goes in, and the state is over.
    if (engine === 'sqlite') await sql`pragma max_page_count = 1073741823`.execute(database.db);
    const stored = await postCrash(app, 'a0000000001');
    expect(stored.statusCode, stored.body).toBe(204);
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready', database: engine });
  });
});
