import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { epgPaths, type ChannelEpg } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importXmltv } from '../../src/cli/xmltv-import.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { xmltvTime } from '../../src/modules/live/index.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { DAY, demoApp, demoDatabase, publishedSchemas, START, TestClock } from './helpers.js';

/**
 * Importing a schedule: XMLTV (a provider's sample with its quirks) and the catalogue import
 * format's `programmes`. Errors name their line (XMLTV) or field (JSON) and nothing is written;
 * an imported channel is no longer generated.
 */

const SAMPLE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/xmltv-sample.xml'),
  'utf8',
);
const MALFORMED = /<programme start="2026-11-24 21:00"[\s\S]*?<\/programme>/;
/** The sample without its malformed programme, its lines where they were. */
const FIXED = SAMPLE.replace(MALFORMED, (programme) => '\n'.repeat(programme.split('\n').length - 1));
const MONDE = 'chaine-antenne-monde';
const SPORT = 'chaine-antenne-monde-sport';

test('XMLTV times: zones, Z, no zone (UTC), minutes only; nonsense refused', () => {
  expect(xmltvTime('20261124060000 +0100')).toBe(Date.parse('2026-11-24T05:00:00Z'));
  expect(xmltvTime('20261124094500 +0200')).toBe(Date.parse('2026-11-24T07:45:00Z'));
  expect(xmltvTime('20261124063000Z')).toBe(Date.parse('2026-11-24T06:30:00Z'));
  expect(xmltvTime('202611240630 -0500')).toBe(Date.parse('2026-11-24T11:30:00Z'));
  expect(xmltvTime('20261124063000')).toBe(Date.parse('2026-11-24T06:30:00Z'));
  for (const bad of ['2026-11-24 21:00', '20261131120000 +0100', '20261124250000', '', 'tomorrow'])
    expect(xmltvTime(bad), bad).toBeUndefined();
});

describe.each(engines)('importing a schedule (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = new TestClock();
  const published = publishedSchemas();
  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await demoApp(testDb, clock);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const stored = async (channel: string) => {
    const database = testDb.open();
    try {
      const rows = await database.db
        .selectFrom('programmes')
        .selectAll()
        .where('channel_id', '=', channel)
        .orderBy('start_ms')
        .execute();
      return rows.map((r) => ({
        asset: r.asset_id,
        start: new Date(Number(r.start_ms)).toISOString(),
        end: new Date(Number(r.end_ms)).toISOString(),
        source: r.source,
      }));
    } finally {
      await database.destroy();
    }
  };
  const withDb = async <T>(work: (database: ReturnType<TestDatabase['open']>) => Promise<T>) => {
    const database = testDb.open();
    try {
      return await work(database);
    } finally {
      await database.destroy();
    }
  };

  test('a malformed time: the error names its line, nothing is written', async () => {
    const result = await withDb((database) => importXmltv(database, SAMPLE, TENANT));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'line 39: start "2026-11-24 21:00" is not an XMLTV time (YYYYMMDDhhmmss ±hhmm)',
    ]);
    expect((await stored(MONDE)).every((p) => p.source === 'demo')).toBe(true);
    const broken = await withDb((database) => importXmltv(database, '<tv><programme></tv>', TENANT));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]).toMatch(/^line \d+: not well-formed XML/);
  });

  test('the sample without it: zones, a missing stop, overlaps and an unknown channel as documented', async () => {
    const result = await withDb((database) => importXmltv(database, FIXED, TENANT));
    if (!result.ok) expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      'line 53: channel "tv5monde.example" is none of the catalogue\'s channels: its 1 programme(s) skipped',
      'line 35: starts with line 32 on chaine-antenne-monde: it replaces it',
      'line 28: overlaps line 35 on chaine-antenne-monde: cut at its start',
      'line 42: the last programme of chaine-antenne-monde has no stop: dropped',
    ]);
    // The channel is imported: its generated programmes are gone, on every day.
    expect(await stored(MONDE)).toEqual([
      {
        asset: 'xmltv-bonjour-le-monde',
        start: '2026-11-24T05:00:00.000Z',
        end: '2026-11-24T06:00:00.000Z',
        source: 'import',
      },
      {
        asset: 'emission-le-journal',
        start: '2026-11-24T06:00:00.000Z',
        end: '2026-11-24T06:30:00.000Z',
        source: 'import',
      },
      {
        asset: 'film-ete-a-dakar',
        start: '2026-11-24T06:30:00.000Z',
        end: '2026-11-24T07:45:00.000Z',
        source: 'import',
      },
      {
        asset: 'xmltv-meteo-speciale',
        start: '2026-11-24T07:45:00.000Z',
        end: '2026-11-24T08:30:00.000Z',
        source: 'import',
      },
    ]);
    expect((await stored(SPORT)).map((p) => p.asset)).toEqual([
      'xmltv-football-lions-contre-elephants',
      'emission-le-mag-des-sports',
    ]);
    expect((await stored('chaine-antenne-monde-info')).every((p) => p.source === 'demo')).toBe(true);

    const again = await withDb((database) => importXmltv(database, FIXED, TENANT));
    expect(again.ok && again.changed).toBe(false);
  });

  test('the EPG answers the imported schedule (published schema), with its titles; no longer generated', async () => {
    const day = await app.inject(`${epgPaths.channelDate(TENANT, MONDE, '2026-11-24')}?pageSize=50`);
    expect(day.statusCode, day.body).toBe(200);
    const body = day.json<ChannelEpg>();
    expect(published('ApiChannelEPGResponse', body)).toEqual([]);
    expect(body.programs).toHaveLength(4);
    const [morning, , film] = body.programs;
    expect(morning?.asset.localized?.map((l) => [l.locale, l.title])).toEqual([
      ['fr', 'Bonjour le monde'],
      ['en', 'Good Morning World'],
    ]);
    expect(morning?.asset.localized?.[1]?.description).toBe(
      "The morning show: news, weather & today's guests.",
    );
    expect(morning?.flags).toBe(14);
    expect(film?.vodAvailable).toBe(true);
    const sport = await app.inject(`${epgPaths.channelDate(TENANT, SPORT, '2026-11-24')}`);
    expect(sport.json<ChannelEpg>().programs[0]?.asset.type).toBe('LIVE_EVENT');
    // Two days on, the channel still holds only what was imported.
    clock.ms = START + 2 * DAY;
    const later = await app.inject(epgPaths.channelDate(TENANT, MONDE, '2026-12-03'));
    expect(later.json<ChannelEpg>().programs).toEqual([]);
    clock.ms = START;
  });

  test('the import format: programmes checked field by field; a valid list replaces what it overlaps', async () => {
    const programme = (startTime: string, endTime: string | undefined, extra: object = {}) => ({
      channelId: 'chaine-antenne-monde-musique',
      assetId: 'film-rumba-eternelle',
      startTime,
      ...(endTime === undefined ? {} : { endTime }),
      ...extra,
    });
    const bad = await withDb((database) =>
      importCatalogue(
        database.db,
        {
          version: 1,
          programmes: [
            programme('2026-11-24T10:00:00Z', '2026-11-24T12:00:00Z'),
            programme('2026-11-24T11:00:00Z', '2026-11-24T11:30:00Z'),
            programme('2026-11-24T13:00:00Z', '2026-11-24T12:30:00Z'),
            programme('2026-11-24T14:00:00Z', undefined),
            programme('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z', { channelId: 'film-ete-a-dakar' }),
            programme('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z', { channelId: 'nope', assetId: 'nope' }),
          ],
        },
        TENANT,
      ),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors.sort()).toEqual(
        [
          'programmes[0].endTime: overlaps programmes[1] on chaine-antenne-monde-musique',
          'programmes[2].endTime: not after startTime',
          "programmes[3].endTime: required on a channel's last programme",
          'programmes[4].channelId: film-ete-a-dakar is a MOVIE, not a TV_CHANNEL',
          'programmes[5].channelId: unknown channel nope',
          'programmes[5].assetId: unknown asset nope',
        ].sort(),
      );
    const good = await withDb((database) =>
      importCatalogue(
        database.db,
        {
          version: 1,
          programmes: [
            programme('2026-11-24T10:00:00+01:00', undefined, { flags: 2 }),
            programme('2026-11-24T10:30:00Z', '2026-11-24T12:00:00Z', { programId: 'concert-du-siecle' }),
          ],
        },
        TENANT,
      ),
    );
    expect(good.ok).toBe(true);
    if (good.ok) expect(good.programmes).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(await stored('chaine-antenne-monde-musique')).toEqual([
      {
        asset: 'film-rumba-eternelle',
        start: '2026-11-24T09:00:00.000Z',
        end: '2026-11-24T10:30:00.000Z',
        source: 'import',
      },
      {
        asset: 'film-rumba-eternelle',
        start: '2026-11-24T10:30:00.000Z',
        end: '2026-11-24T12:00:00.000Z',
        source: 'import',
      },
    ]);
  });
});
