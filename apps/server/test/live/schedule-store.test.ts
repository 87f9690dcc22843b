import { DEMO_SCHEDULED_CHANNELS } from '@antenne/content';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { readCatalogueVersion } from '../../src/db/catalogue-version.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { VersionedCache } from '../../src/lib/versioned-cache.js';
import { CatalogueService } from '../../src/modules/catalogue/index.js';
import { EpgService } from '../../src/modules/live/index.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { DAY, demoApp, demoDatabase, MINUTE, START, TestClock } from './helpers.js';

/**
 * The stored schedule: at start the window today ± 7 days (UTC, the app's clock) holds every
 * demo channel's programmes, gap-free; a moved clock tops up the days it reaches; the same day
 * written twice (two processes) is stored once.
 */

const today = Math.floor(START / DAY) * DAY;

describe.each(engines)('the stored schedule (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = new TestClock();
  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await demoApp(testDb, clock);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const rows = async () => {
    const database = testDb.open();
    try {
      return (await database.db.selectFrom('programmes').selectAll().execute()).map((r) => ({
        id: r.id,
        channel: r.channel_id,
        start: Number(r.start_ms),
        end: Number(r.end_ms),
        source: r.source,
      }));
    } finally {
      await database.destroy();
    }
  };

  test('at start: 15 days × 6 channels, each channel gap-free from today − 7 to today + 8 (00:00 UTC)', async () => {
    const all = await rows();
    expect(new Set(all.map((r) => r.channel))).toEqual(new Set(DEMO_SCHEDULED_CHANNELS));
    for (const channel of DEMO_SCHEDULED_CHANNELS) {
      const own = all.filter((r) => r.channel === channel).sort((a, b) => a.start - b.start);
      expect(own[0]?.start, channel).toBe(today - 7 * DAY);
      expect(own.at(-1)?.end, channel).toBe(today + 8 * DAY);
      for (let i = 1; i < own.length; i++) expect(own[i]?.start, own[i]?.id).toBe(own[i - 1]?.end);
    }
    expect(all.every((r) => r.source === 'demo')).toBe(true);
  });

  /** A service of its own over the test database (another process's, as far as the schedule goes). */
  const service = (database: DatabaseHandle, at: TestClock) => {
    const cache = new VersionedCache(() => readCatalogueVersion(database.db), 0);
    const catalogue = new CatalogueService(database, TENANT, cache, at.now);
    return new EpgService({ db: database.db, catalogue, clock: at.now });
  };

  test('the schedule reader: programmes over a span, in order and without gaps; one by id', async () => {
    const database = testDb.open();
    try {
      const epg = service(database, clock);
      const from = START - 3 * 60 * MINUTE;
      const list = await epg.programmesBetween('chaine-antenne-monde', from, START + 3 * 60 * MINUTE);
      expect(list.length).toBeGreaterThan(2);
      expect(list[0]?.startMs).toBeLessThanOrEqual(from);
      expect(list.at(-1)?.endMs).toBeGreaterThanOrEqual(START + 3 * 60 * MINUTE);
      for (let i = 1; i < list.length; i++) expect(list[i]?.startMs).toBe(list[i - 1]?.endMs);
      const second = list[1]!;
      expect(await epg.programme(second.programId)).toEqual(second);
      expect(Object.keys(second).sort()).toEqual([
        'assetId',
        'channelId',
        'endMs',
        'flags',
        'programId',
        'startMs',
      ]);
      expect(await epg.programme('nope')).toBeUndefined();
      expect(await epg.programmesBetween('chaine-inconnue', from, START)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  // PostgreSQL only: an embedded SQLite file has one process (two handles in one thread would wait on each other).
  test.runIf(engine === 'postgres')(
    'two processes topping up an emptied window at once store each programme once',
    async () => {
      const expected = (await rows()).length;
      const [a, b] = [testDb.open(), testDb.open()];
      try {
        await a.db.deleteFrom('programmes').execute();
        const at = new TestClock(START);
        await Promise.all([service(a, at).topUpWindow(), service(b, at).topUpWindow()]);
        const after = await rows();
        expect(after.length).toBe(expected);
        expect(new Set(after.map((r) => r.id)).size).toBe(expected);
      } finally {
        await Promise.all([a.destroy(), b.destroy()]);
      }
    },
  );

  test('a clock moved two days on: a read tops up the days it reaches, on its own clock', async () => {
    clock.ms = START + 2 * DAY;
    const before = await rows();
    expect(before.some((r) => r.start >= today + 8 * DAY)).toBe(false);
    const res = await app.inject(
      '/v2/customer/antenne/businessunit/monde/epg/chaine-antenne-monde-sport/date/2026-12-03',
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await rows();
    const sport = after
      .filter((r) => r.channel === 'chaine-antenne-monde-sport')
      .sort((a, b) => a.start - b.start);
    expect(sport.at(-1)?.end).toBe(today + 10 * DAY);
    expect(sport[0]?.start).toBe(today - 7 * DAY);
    for (let i = 1; i < sport.length; i++) expect(sport[i]?.start).toBe(sport[i - 1]?.end);
    clock.ms = START;
  });

  test('a second app over the same database (another process) writes nothing twice', async () => {
    const count = (await rows()).length;
    const other = await demoApp(testDb, new TestClock(START));
    try {
      expect((await rows()).length).toBe(count);
    } finally {
      await other.close();
    }
  });
});
