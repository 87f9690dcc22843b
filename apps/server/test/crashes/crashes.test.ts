import {
  CRASH_PAYLOAD_MAX_CHARS,
  crashPaths,
  paths,
  type ConfigWeb,
  type CrashReport,
  type ErrorBody,
} from '@antenne/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { CrashesService } from '../../src/modules/crashes/index.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-28T10:00:00Z');
const ACCEPTED = 'v1;analytics=1;advertising=0;at=1795000000';
const REFUSED = 'v1;analytics=0;advertising=1;at=1795000000';
const RATE_LIMIT = 4;

const report = (over: Partial<CrashReport> = {}): CrashReport => ({
  consent: ACCEPTED,
  fingerprint: 'a1b2c3d4',
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
  route: '/details/film-1',
  release: '0.1.0+abc123',
  kind: 'error',
  ...over,
});

/** Crash reports (issue 17 item 5) on the real app, both engines, on a clock the tests move. */
describe.each(engines)('POST /v2/customer/{c}/businessunit/{bu}/analytics/crash (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let reader: DatabaseHandle;
  let crashes: CrashesService;
  const clock = { now: START };
  let address = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, {
      clock: () => clock.now,
      config: { crashes: { rateLimitPerMinute: RATE_LIMIT, retentionDays: 30, sentryDsn: '' } },
    });
    reader = testDb.open();
    // The dashboard's reading, on the same database.
    crashes = new CrashesService({
      db: reader.db,
      rateLimitPerMinute: 1,
      retentionDays: 30,
      clock: () => clock.now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await reader?.destroy();
    await testDb?.cleanup();
  });
  // Each test from its own address (the rate limit counts per client) and a fresh day.
  let day = 0;
  beforeEach(() => {
    address += 1;
    day += 2;
    clock.now = START + day * DAY;
  });
  const today = () => new Date(clock.now).toISOString().slice(0, 10);

  const send = (body: unknown, options: { raw?: string; from?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: crashPaths.crash(TENANT),
      remoteAddress: options.from ?? `10.0.0.${address}`,
      headers: { 'content-type': 'application/json' },
      payload: options.raw ?? JSON.stringify(body),
    });
  const todays = () => crashes.report({ from: today(), to: today() });

  test('two reports of one fingerprint are one row counted twice; another fingerprint is a row of its own', async () => {
    const first = await send(report({ fingerprint: 'f00d0001' }));
    expect(first.statusCode, first.body).toBe(204);
    clock.now += 60_000;
    expect(
      (await send(report({ fingerprint: 'f00d0001', message: 'a later wording', route: '/' }))).statusCode,
    ).toBe(204);
    expect((await send(report({ fingerprint: 'f00d0002', kind: 'boundary' }))).statusCode).toBe(204);

    const answer = await todays();
    expect(answer.daily).toEqual([{ day: today(), crashes: 3 }]);
    expect(answer.crashes).toEqual([
      {
        fingerprint: 'f00d0001',
        // The first report's text stays.
        message: 'TypeError: x is undefined',
        route: '/details/film-1',
        release: '0.1.0+abc123',
        count: 2,
        firstSeen: new Date(clock.now - 60_000).toISOString(),
        lastSeen: new Date(clock.now).toISOString(),
      },
      expect.objectContaining({ fingerprint: 'f00d0002', count: 1 }),
    ]);
  });

  test('a hydration the browser recovered from (React’s onRecoverableError) is a crash of kind hydration; an unknown kind is refused', async () => {
    const hydration = await send(report({ fingerprint: 'f00d00a1', kind: 'hydration' }));
    expect(hydration.statusCode, hydration.body).toBe(204);
    expect((await todays()).crashes).toEqual([
      expect.objectContaining({ fingerprint: 'f00d00a1', count: 1 }),
    ]);
    const unknown = await send({ ...report({ fingerprint: 'f00d00a2' }), kind: 'mismatch' } as never);
    expect(unknown.statusCode).toBe(400);
  });

  test('a body of more than 2048 characters is refused with 413 and nothing is stored; 2048 is accepted', async () => {
    const base = JSON.stringify(report({ stack: '' }));
    const fill = (chars: number) => report({ stack: 'é'.repeat(chars - base.length) });
    const exact = fill(CRASH_PAYLOAD_MAX_CHARS);
    expect(JSON.stringify(exact)).toHaveLength(CRASH_PAYLOAD_MAX_CHARS);
    const over = fill(CRASH_PAYLOAD_MAX_CHARS + 1);
    const refused = await send(over);
    expect(refused.statusCode).toBe(413);
    expect(refused.json<ErrorBody>().message).toBe('PAYLOAD_TOO_LARGE');
    expect((await todays()).crashes).toEqual([]);
    // Counted in characters, not bytes ('é' is two bytes).
    expect((await send(exact)).statusCode).toBe(204);
    // Far above: Fastify's byte limit answers first, the same way.
    expect((await send(report({ stack: 'x'.repeat(20_000) }))).statusCode).toBe(413);
  });

  test.each([
    ['an unknown field', { ...report(), extra: 1 }],
    ['no fingerprint', { ...report(), fingerprint: undefined }],
    ['an unknown kind', report({ kind: 'oops' as CrashReport['kind'] })],
    ['a route with a query string', report({ route: '/search?q=secret' })],
    ['a NUL character in the message', report({ message: 'bad\u0000byte' })],
    ['a NUL character in the stack', report({ stack: 'at x\u0000' })],
    ['a fingerprint that is not a hash', report({ fingerprint: 'DROP TABLE' })],
  ])('%s → 400 and nothing stored', async (_name, body) => {
    const answer = await send(body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<ErrorBody>().httpCode).toBe(400);
    expect((await todays()).crashes).toEqual([]);
  });

  test('a body that is not JSON, or nested deeper than allowed → 400 INVALID_JSON', async () => {
    expect((await send(undefined, { raw: '{"consent":' })).json<ErrorBody>().message).toBe('INVALID_JSON');
    expect((await send(undefined, { raw: '['.repeat(100) })).statusCode).toBe(400);
    expect((await todays()).crashes).toEqual([]);
  });

  test.each([
    ['refused audience measurement', REFUSED],
    ['a string that is not ours', 'analytics=1'],
  ])('%s → 403 FORBIDDEN and nothing stored', async (_name, consent) => {
    const answer = await send(report({ consent }));
    expect(answer.statusCode).toBe(403);
    expect(answer.json<ErrorBody>().message).toBe('FORBIDDEN');
    expect((await todays()).crashes).toEqual([]);
  });

  test('past CRASH_RATE_LIMIT a minute from one address → 429 TOO_MANY_REQUESTS; another address and the next minute pass', async () => {
    for (let i = 0; i < RATE_LIMIT; i++) expect((await send(report())).statusCode).toBe(204);
    const limited = await send(report());
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>()).toMatchObject({ httpCode: 429, message: 'TOO_MANY_REQUESTS' });
    expect((await todays()).crashes[0]?.count).toBe(RATE_LIMIT);
    expect((await send(report(), { from: '10.9.9.9' })).statusCode).toBe(204);
    clock.now += 60_000;
    expect((await send(report())).statusCode).toBe(204);
  });

  test('a report over a span: every day with zeros, fingerprints grouped across days, most frequent first', async () => {
    const from = today();
    await send(report({ fingerprint: 'eeee0001' }));
    clock.now += DAY;
    address += 100;
    await send(report({ fingerprint: 'eeee0002', message: 'second' }));
    await send(report({ fingerprint: 'eeee0002', message: 'second' }));
    clock.now += 2 * DAY;
    await send(report({ fingerprint: 'eeee0002', message: 'second' }));
    const to = today();
    const answer = await crashes.report({ from, to });
    expect(answer.daily.map((row) => row.crashes)).toEqual([1, 2, 0, 1]);
    expect(answer.crashes.map(({ fingerprint, count }) => ({ fingerprint, count }))).toEqual([
      { fingerprint: 'eeee0002', count: 3 },
      { fingerprint: 'eeee0001', count: 1 },
    ]);
    expect(answer.crashes[0]?.message).toBe('second');
    // Days outside the span are not counted.
    expect((await crashes.report({ from: to, to })).crashes).toEqual([
      expect.objectContaining({ fingerprint: 'eeee0002', count: 1 }),
    ]);
  });

  test('days older than the retention are purged on the clock (30 days kept, today included)', async () => {
    const old = today();
    await send(report({ fingerprint: 'dddd0001' }));
    await crashes.purge(clock.now + 29 * DAY);
    expect((await crashes.report({ from: old, to: old })).crashes).toHaveLength(1);
    await crashes.purge(clock.now + 30 * DAY);
    expect((await crashes.report({ from: old, to: old })).crashes).toEqual([]);
  });
});

/** SENTRY_DSN reaches the browser in the web config (the web app then reports to Sentry instead). */
describe.each(engines)('GET /config/config_web.json with SENTRY_DSN (%s)', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  test.each([
    ['https://public@o1.ingest.sentry.io/42', 'https://public@o1.ingest.sentry.io/42'],
    ['', undefined],
  ])('SENTRY_DSN=%j → sentryDsn %j', async (dsn, expected) => {
    const app = await buildTestApp(testDb, {
      config: { crashes: { rateLimitPerMinute: 10, retentionDays: 395, sentryDsn: dsn } },
    });
    try {
      const answer = await app.inject({ method: 'GET', url: `${paths.configWeb()}?client=json` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<ConfigWeb>().sentryDsn).toBe(expected);
    } finally {
      await app.close();
    }
  });
});
