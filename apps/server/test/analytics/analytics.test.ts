import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { analyticsPaths, type AudienceEvent } from '@antenne/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle, Engine } from '../../src/db/database.js';
import { AnalyticsService } from '../../src/modules/analytics/index.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { extraAsset, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

const URL = analyticsPaths.events(TENANT);
const CONSENT = 'v1;analytics=1;advertising=0;at=1764000000';
const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-20T10:00:00Z');

const page = (path = '/'): AudienceEvent => ({ kind: 'page', at: START, path, title: 'Accueil' });
const media = (assetId: string, event: string, extra: Record<string, unknown> = {}) =>
  ({
    kind: 'media',
    at: START,
    event,
    assetId,
    mediaType: 'video',
    playerId: 456,
    level2: 41,
    durationSeconds: 5400,
    label: assetId,
    themes: ['cinema'],
    labels: { title: assetId, date: '2026_11_20', pubable: 'pubable', country: 'FR' },
    ...extra,
  }) as AudienceEvent;
const search = (query: string, count: number): AudienceEvent => ({
  kind: 'searchResults',
  at: START,
  query,
  count,
});

function useAnalyticsApp(engine: Engine, rateLimit = 1000) {
  const clock = { now: START };
  const ctx = {} as { app: App; testDb: TestDatabase; clock: typeof clock; database: DatabaseHandle };
  beforeAll(async () => {
    ctx.testDb = await createTestDatabase(engine);
    const database = ctx.testDb.open();
    try {
      const doc = smallCatalogue();
      doc.assets.push(extraAsset('chaine-info', { localized: [{ locale: 'en', title: 'News' }] }));
      const result = await importCatalogue(database.db, doc, TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await database.destroy();
    }
    ctx.app = await buildTestApp(ctx.testDb, {
      clock: () => clock.now,
      config: { analyticsRateLimit: rateLimit, analyticsRetentionDays: 3 },
    });
    ctx.clock = clock;
    ctx.database = ctx.testDb.open();
  });
  afterAll(async () => {
    await ctx.database?.destroy();
    await ctx.app?.close();
    await ctx.testDb?.cleanup();
  });
  return ctx;
}

const post = (app: App, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const batch = (events: unknown[], visitorId = 'visitor-1', consent = CONSENT) => ({
  visitorId,
  consent,
  events,
});

describe.each(engines)('POST /v2/…/analytics/events (%s)', (engine) => {
  const ctx = useAnalyticsApp(engine);
  const count = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  beforeEach(async () => {
    ctx.clock.now = START;
    await ctx.database.db.deleteFrom('analytics_events').execute();
  });

  test('stores an accepted batch (204, no body) and the report counts it', async () => {
    const res = await post(
      ctx.app,
      batch([
        page('/'),
        page('/search'),
        media('film-ete-indien', 'start'),
        media('film-ete-indien', 'refresh'),
      ]),
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const report = await ctx.app.analytics.report({ from: '2026-11-20', to: '2026-11-20' });
    expect(report.daily).toEqual([{ day: '2026-11-20', visitors: 1, pageViews: 2, plays: 1 }]);
  });

  test('takes a sendBeacon batch sent as text/plain', async () => {
    const res = await post(ctx.app, batch([page()]), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await count()).toBe(1);
  });

  const longString = 'x'.repeat(2000);
  const deep = JSON.stringify(batch([page()])).replace(
    '"title":"Accueil"',
    `"title":${'['.repeat(80)}${']'.repeat(80)}`,
  );
  test.each([
    ['an unknown kind', batch([{ kind: 'click', at: START, path: '/' }]), 'body/events/0'],
    ['a missing field', batch([{ kind: 'page', at: START, title: 'x' }]), 'body/events/0'],
    ['an extra field', batch([{ ...page(), extra: 1 }]), 'body/events/0'],
    [
      'an extra field in the labels',
      batch([
        media('a', 'start', {
          labels: { title: 'a', date: '2026_11_20', pubable: 'pubable', country: 'FR', x: 1 },
        }),
      ]),
      'body/events/0',
    ],
    ['a wrong player id', batch([media('a', 'start', { playerId: 457 })]), 'body/events/0'],
    ['four themes', batch([media('a', 'start', { themes: ['a', 'b', 'c', 'd'] })]), 'body/events/0'],
    ['a NUL byte', batch([page('/a\u0000b')]), 'NUL'],
    ['a huge string', batch([page(`/${longString}`)]), 'body/events/0'],
    ['51 events', batch(Array.from({ length: 51 }, () => page())), 'body/events'],
    ['no event', batch([]), 'body/events'],
    ['a visitor id with other characters', batch([page()], 'a b'), 'body/visitorId'],
    ['an extra top-level field', { ...batch([page()]), user: 'x' }, 'body'],
    ['deep JSON', deep, ''],
  ])('refuses %s with 400 and stores nothing', async (_name, body, where) => {
    const res = await post(ctx.app, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ httpCode: 400 });
    expect(String(res.json().extendedMessage)).toContain(where);
    expect(await count()).toBe(0);
  });

  test('refuses a body over 64 KiB with 413 and stores nothing', async () => {
    const events = Array.from({ length: 50 }, () => ({
      ...page(`/${'y'.repeat(1000)}`),
      title: 't'.repeat(300),
    }));
    const res = await post(ctx.app, batch(events));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ httpCode: 413 });
    expect(await count()).toBe(0);
  });

  test.each([
    ['analytics refused', 'v1;analytics=0;advertising=1;at=1764000000'],
    ['no choice', ''],
    ['not a consent string', 'analytics=1'],
  ])('refuses a batch whose consent string says %s (403) and stores nothing', async (_name, consent) => {
    const res = await post(ctx.app, batch([page()], 'visitor-1', consent));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ httpCode: 403, message: 'FORBIDDEN' });
    expect(await count()).toBe(0);
  });

  test('another customer or business unit: 404, nothing stored', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: analyticsPaths.events({ customer: 'other', businessUnit: 'bu' }),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(batch([page()])),
    });
    expect(res.statusCode).toBe(404);
    expect(await count()).toBe(0);
  });

  test('the retention deletes whole days past ANALYTICS_RETENTION_DAYS on the clock', async () => {
    await post(ctx.app, batch([page('/day-1')]));
    ctx.clock.now = START + DAY_MS;
    await post(ctx.app, batch([page('/day-2')]));
    ctx.clock.now = START + 3 * DAY_MS;
    // Day 4 with 3 days kept: days 2, 3 and 4 stay; day 1 goes on the first batch of the day.
    await post(ctx.app, batch([page('/day-4')]));
    const report = await ctx.app.analytics.report({ from: '2026-11-20', to: '2026-11-23' });
    expect(report.daily.map((d) => d.pageViews)).toEqual([0, 1, 0, 1]);
    ctx.clock.now = START + 10 * DAY_MS;
    expect(await ctx.app.analytics.purgeIfNewDay()).toBe(2);
    expect(await count()).toBe(0);
    // Once a day: the same day asks again, nothing runs.
    await post(ctx.app, batch([page('/day-11')]));
    expect(await ctx.app.analytics.purgeIfNewDay()).toBe(0);
    expect(await count()).toBe(1);
  });

  test('a retention run that failed (the database away) runs again at the next check of the same day', async () => {
    await post(ctx.app, batch([page('/day-1')]));
    let failing = true;
    // The same database, whose deletes fail as they would while PostgreSQL restarts.
    const flaky = ctx.database.db.withPlugin({
      transformQuery: (args) => {
        if (failing && args.node.kind === 'DeleteQueryNode')
          throw new Error('Connection terminated unexpectedly');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const analytics = new AnalyticsService({
      db: flaky,
      catalogue: { snapshot: () => Promise.reject(new Error('the retention reads no catalogue')) },
      retentionDays: 3,
      rateLimit: 1000,
      clock: () => ctx.clock.now,
    });
    ctx.clock.now = START + 10 * DAY_MS;
    await expect(analytics.purgeIfNewDay()).rejects.toThrow('Connection terminated unexpectedly');
    expect(await count()).toBe(1);
    // The hourly check (or the next batch) the same day: the purge runs again, and goes through.
    failing = false;
    expect(await analytics.purgeIfNewDay()).toBe(1);
    expect(await count()).toBe(0);
    expect(await analytics.purgeIfNewDay()).toBe(0);
  });

  test('the report: funnel by (visitor, asset), empty searches by normalised query, top titles and channels, errors', async () => {
    const a = 'film-ete-indien';
    const b = 'quartier-s1e1';
    const sent = [
      post(
        ctx.app,
        batch(
          [
            media(a, 'start'),
            media(a, '25'),
            media(a, '50'),
            media(a, '75'),
            media(a, '100'),
            media(a, 'end'),
          ],
          'v1',
        ),
      ),
      post(ctx.app, batch([media(a, 'start'), media(a, '25'), media(a, '50')], 'v2')),
      // Quartiles without a start are no session of the funnel.
      post(
        ctx.app,
        batch([media(b, '25'), media(b, 'start'), media(b, 'error', { error: 'network' })], 'v3'),
      ),
      post(
        ctx.app,
        batch([media('chaine-info', 'start', { channel: true }), media('unknown-asset', 'start')], 'v4'),
      ),
      post(
        ctx.app,
        batch([search(' Dakar ', 0), search('dakar', 0), search('zz', 0), search('film', 3)], 'v5'),
      ),
    ];
    for (const res of await Promise.all(sent)) expect(res.statusCode, res.body).toBe(204);
    ctx.clock.now = START + DAY_MS;
    expect((await post(ctx.app, batch([media(a, 'start')], 'v6'))).statusCode).toBe(204);

    const report = await ctx.app.analytics.report({ from: '2026-11-19', to: '2026-11-21' });
    expect(report.daily).toEqual([
      { day: '2026-11-19', visitors: 0, pageViews: 0, plays: 0 },
      { day: '2026-11-20', visitors: 5, pageViews: 0, plays: 5 },
      { day: '2026-11-21', visitors: 1, pageViews: 0, plays: 1 },
    ]);
    expect(report.completion).toEqual({ started: 6, p25: 3, p50: 2, p75: 1, p100: 1 });
    expect(report.topTitles).toEqual([
      { assetId: a, title: "L'Été indien", plays: 3 },
      { assetId: b, title: 'Le déménagement', plays: 1 },
      { assetId: 'unknown-asset', title: 'unknown-asset', plays: 1 },
    ]);
    expect(report.topChannels).toEqual([{ channelId: 'chaine-info', title: 'News', plays: 1 }]);
    expect(report.emptySearches).toEqual([
      { query: 'dakar', count: 2 },
      { query: 'zz', count: 1 },
    ]);
    expect(report.errors).toEqual([
      { day: '2026-11-19', playbackErrors: 0, crashes: 0 },
      { day: '2026-11-20', playbackErrors: 1, crashes: 0 },
      { day: '2026-11-21', playbackErrors: 0, crashes: 0 },
    ]);
    expect(report.crashes).toEqual([]);
  });

  test('a report refuses a span that is not one', async () => {
    await expect(ctx.app.analytics.report({ from: '2026-11-21', to: '2026-11-20' })).rejects.toThrow(
      /before/,
    );
    await expect(ctx.app.analytics.report({ from: '2026-01-01', to: '2026-12-31' })).rejects.toThrow(
      /at most/,
    );
  });
});

describe.each(engines)('analytics rate limit (%s)', (engine) => {
  const ctx = useAnalyticsApp(engine, 3);

  test('answers 429 past ANALYTICS_RATE_LIMIT requests a minute from one address, refused ones included, then takes them again', async () => {
    const from = (ip: string, body: unknown = batch([page()])) =>
      ctx.app.inject({
        method: 'POST',
        url: URL,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    // Refused batches count too (the limit is checked before the body is read).
    expect((await from('10.0.0.1', batch([{ kind: 'click' }]))).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await from('10.0.0.1')).statusCode).toBe(204);
    const refused = await from('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ httpCode: 429, message: 'TOO_MANY_REQUESTS' });
    // Another address has its own count; a forged X-Forwarded-For changes nothing (no trusted proxy).
    expect((await from('10.0.0.2')).statusCode).toBe(204);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: '10.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.9' },
      payload: JSON.stringify(batch([page()])),
    });
    expect(forged.statusCode).toBe(429);
    ctx.clock.now += 60_000;
    expect((await from('10.0.0.1')).statusCode).toBe(204);
  });
});

describe('analytics-export command', () => {
  const run = promisify(execFile);
  const CLI = path.resolve(import.meta.dirname, '../../src/cli/analytics-export.ts');
  const ctx = useAnalyticsApp('sqlite');

  test('writes the span’s events as JSON lines, day by day; wrong usage exits 2', async () => {
    await post(ctx.app, batch([page('/a'), search('dakar', 0)], 'v1'));
    ctx.clock.now = START + DAY_MS;
    await post(ctx.app, batch([media('film-ete-indien', 'start')], 'v2'));
    ctx.clock.now = START + 2 * DAY_MS;
    await post(ctx.app, batch([page('/outside')], 'v3'));
    const out = path.join(ctx.testDb.options.dataDir, 'export.jsonl');
    const env = {
      ...process.env,
      DATA_DIR: ctx.testDb.options.dataDir,
      DATABASE_URL: '',
      CUSTOMER: TENANT.customer,
      BUSINESS_UNIT: TENANT.businessUnit,
    };
    const args = ['--conditions=antenne-source', '--import', 'tsx', CLI];
    const done = await run(
      process.execPath,
      [...args, '--from', '2026-11-20', '--to', '2026-11-21', '--out', out],
      { env },
    );
    expect(done.stderr).toContain('3 events');
    const lines = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      id: expect.any(String),
      day: '2026-11-20',
      receivedAt: '2026-11-20T10:00:00.000Z',
      visitorId: 'v1',
      kind: 'page',
      event: page('/a'),
    });
    expect(lines.map((line) => [line.day, line.kind])).toEqual([
      ['2026-11-20', 'page'],
      ['2026-11-20', 'searchResults'],
      ['2026-11-21', 'media'],
    ]);
    const wrong = await run(process.execPath, [...args, '--from', '2026-11-20'], { env }).catch(
      (e: { code: number }) => e,
    );
    expect((wrong as { code: number }).code).toBe(2);
  });
});
