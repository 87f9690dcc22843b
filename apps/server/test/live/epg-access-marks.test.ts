import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { epgPaths, PROGRAM_FLAGS, type ChannelEpg, type Program } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { parseMediaInfo } from '../../src/modules/live/stream/media-info.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { extraAsset, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { publishedSchemas, START, TestClock } from './helpers.js';
import { writeMedia } from './stream-helpers.js';

/**
 * Access-service marks (ADR 0029): the EPG answers add 16 (subtitles) and 32 (audio description)
 * to a programme's flags from its title's packaged media; a title without media gets none, and
 * the stored flags (the schedule's) are kept.
 */

const CHANNEL = 'ch-acces';
const ACCESSIBLE = 'film-accessible';
const PLAIN = 'film-sans-sous-titres';
const NO_MEDIA = 'film-sans-media';
const TODAY = '2026-11-24';
const BOTH = PROGRAM_FLAGS.SUBTITLES | PROGRAM_FLAGS.AUDIO_DESCRIPTION;

const medias = (id: string) =>
  (['HLS', 'DASH'] as const).map((format) => ({
    mediaId: `${id}-${format.toLowerCase()}`,
    format,
    drm: 'UNENCRYPTED',
    durationMillis: 10_000,
    status: 'enabled',
    locator: `/media/${id}/${format === 'HLS' ? 'master.m3u8' : 'manifest.mpd'}`,
  }));

const programme = (assetId: string, from: string, to: string, flags: number) => ({
  programId: `p-${assetId}`,
  channelId: CHANNEL,
  assetId,
  startTime: `${TODAY}T${from}:00Z`,
  endTime: `${TODAY}T${to}:00Z`,
  flags,
});

test('audio description is read from either the HLS master or the MPD, subtitles from either', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'access-marks-'));
  try {
    const folder = writeMedia(dir, 'ad', 2, { audioDescription: true });
    const mpd = readFileSync(path.join(folder, 'manifest.mpd'), 'utf8');
    const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
    const hlsOnly = mpd.replace(/<Accessibility[^>]*\/>/, '');
    const dashOnly = master.replace(/^.*describes-video.*\n/m, '');
    const marks = (m: string, h: string) => {
      const info = parseMediaInfo(m, h);
      return { subtitles: info?.subtitles, audioDescription: info?.audioDescription };
    };
    expect(marks(hlsOnly, master)).toEqual({ subtitles: true, audioDescription: true });
    expect(marks(mpd, dashOnly)).toEqual({ subtitles: true, audioDescription: true });
    expect(marks(hlsOnly, dashOnly)).toEqual({ subtitles: true, audioDescription: false });
    const noText = hlsOnly.replace(/<AdaptationSet id="2"[\s\S]*?<\/AdaptationSet>/, '');
    expect(marks(noText, dashOnly).subtitles).toBe(true);
    expect(marks(noText, dashOnly.replace(/^#EXT-X-MEDIA:TYPE=SUBTITLES.*\n/m, '')).subtitles).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.each(engines)('access-service marks in the EPG answers (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = new TestClock(START);
  const published = publishedSchemas();
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const doc = smallCatalogue();
      doc.assets.push(
        extraAsset(CHANNEL, { type: 'TV_CHANNEL', medias: medias(CHANNEL) }),
        extraAsset(ACCESSIBLE, { medias: medias(ACCESSIBLE) }),
        extraAsset(PLAIN, { medias: medias(PLAIN) }),
        extraAsset(NO_MEDIA),
      );
      doc.programmes = [
        programme(ACCESSIBLE, '12:00', '13:00', 14),
        programme(NO_MEDIA, '13:00', '14:00', 4),
        programme(PLAIN, '14:00', '15:00', 12),
      ];
      const result = await importCatalogue(database.db, doc, TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await database.destroy();
    }
    const mediaDir = path.join(testDb.options.dataDir, 'media');
    writeMedia(mediaDir, CHANNEL, 5);
    writeMedia(mediaDir, ACCESSIBLE, 5, { audioDescription: true });
    writeMedia(mediaDir, PLAIN, 5, { subtitles: false });
    app = await buildTestApp(testDb, { clock: clock.now, cacheCheckEveryMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = async <T>(url: string) => {
    const res = await app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json<T>();
  };
  const flagsOf = (programs: Program[]) => Object.fromEntries(programs.map((p) => [p.assetId, p.flags]));

  test("the channel's day: subtitles and audio description from the title's media, the schedule's flags kept", async () => {
    const day = await get<ChannelEpg>(epgPaths.channelDate(TENANT, CHANNEL, TODAY));
    expect(published('ApiChannelEPGResponse', day)).toEqual([]);
    expect(flagsOf(day.programs)).toEqual({ [ACCESSIBLE]: 14 | BOTH, [NO_MEDIA]: 4, [PLAIN]: 12 });
    const all = await get<ChannelEpg[]>(epgPaths.allDate(TENANT, TODAY));
    expect(published('ApiChannelEPGResponse[]', all)).toEqual([]);
    expect(flagsOf(all.find((b) => b.channelId === CHANNEL)?.programs ?? [])).toEqual(flagsOf(day.programs));
  });

  test('one programme, the next one, a title’s next airing and on-now carry the marks too', async () => {
    const one = await get<Program>(epgPaths.program(TENANT, CHANNEL, `p-${ACCESSIBLE}`));
    expect(published('ApiProgramResponse', one)).toEqual([]);
    expect(one.flags).toBe(14 | BOTH);
    expect((await get<Program>(epgPaths.programNext(TENANT, CHANNEL, `p-${NO_MEDIA}`))).flags).toBe(12);
    expect((await get<Program>(epgPaths.programNext(TENANT, CHANNEL, `p-${ACCESSIBLE}`))).flags).toBe(4);
    clock.ms = Date.parse(`${TODAY}T11:00:00Z`);
    expect((await get<Program>(epgPaths.assetNext(TENANT, ACCESSIBLE))).flags).toBe(14 | BOTH);
    clock.ms = START;
    const now = await get<ChannelEpg>(epgPaths.channelOnNow(TENANT, CHANNEL));
    expect(published('ApiChannelEPGResponse', now)).toEqual([]);
    expect(flagsOf(now.programs)).toEqual({ [ACCESSIBLE]: 14 | BOTH, [NO_MEDIA]: 4 });
  });
});
