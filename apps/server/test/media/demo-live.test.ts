import { randomBytes } from 'node:crypto';
import { epgPaths, hasProgramFlag, type ChannelEpg, type PlayResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { firstDecodeTime } from '../../src/modules/live/stream/fmp4.js';
import { attachDemoMedia } from '../../src/modules/media/demo/attach.js';
import { buildDemoMedia } from '../../src/modules/media/demo/build.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { playRequest } from '../live/live-play-helpers.js';

/**
 * The demo's channels live (issue 15), over the real demo media of the machine's cache: the
 * subscriber's package opens four of the six channels; a channel's live HLS and DASH are made of
 * the packaged media of what its schedule (the app's own EPG, generated for the demo) airs, the
 * segments retimed to the wall clock.
 */

const cacheDir = loadConfig().cacheDir;
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
let testDb: TestDatabase;
let app: App;
let auth: Record<string, string>;

beforeAll(async () => {
  const build = await buildDemoMedia({ cacheDir });
  testDb = await createTestDatabase('sqlite');
  const database = testDb.open();
  try {
    await importDemoIfEmpty(database.db, TENANT);
    await attachDemoMedia(database.db, TENANT, build.entries);
    app = await buildTestApp(testDb, {
      config: { cacheDir, demoContent: true },
      clock: () => NOW,
      verifyIdToken: testVerifyIdToken,
    });
    const user = await login(
      app,
      `demo-live-${randomBytes(4).toString('hex')}`,
      `live-${randomBytes(4).toString('hex')}@example.com`,
    );
    auth = bearer(user.sessionToken);
    await database.db
      .insertInto('household_subscriptions')
      .values({
        id: `sub_${randomBytes(6).toString('hex')}`,
        household_id: user.accountId,
        product_id: 'abonnement',
        start_date: new Date(NOW - 86_400_000).toISOString(),
        end_date: null,
      })
      .execute();
  } finally {
    await database.destroy();
  }
}, 400_000);

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

describe('demo channels live', () => {
  test('the subscriber’s package (abonnement) opens four of the six channels; the two others answer NOT_ENTITLED', async () => {
    const page = (
      await app.inject(
        `/v1/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/content/asset?assetType=TV_CHANNEL&pageSize=50`,
      )
    ).json<{ items: { assetId: string }[] }>();
    const answers = new Map<string, string>();
    for (const { assetId } of page.items) {
      const response = await playRequest(app, assetId, { ...auth, 'x-forwarded-for': '90.0.0.1' });
      answers.set(
        assetId,
        response.statusCode === 200 ? 'plays' : String(response.json<{ message: string }>().message),
      );
    }
    expect(Object.fromEntries(answers)).toEqual({
      'chaine-antenne-monde': 'plays',
      'chaine-antenne-monde-info': 'plays',
      'chaine-antenne-monde-jeunesse': 'plays',
      'chaine-antenne-monde-musique': 'plays',
      'chaine-antenne-monde-afrique': 'NOT_ENTITLED',
      'chaine-antenne-monde-sport': 'NOT_ENTITLED',
    });
  });

  test('a channel’s live HLS and DASH over its packaged media: every rendition, segments retimed to the clock', async () => {
    const body = (await playRequest(app, 'chaine-antenne-monde', auth)).json<PlayResponse>();
    const hls = body.formats.find((f) => f.format === 'HLS')?.mediaLocator ?? '';
    const master = await app.inject(hls);
    expect(master.statusCode).toBe(200);
    const playlists = master.body.match(/media_\d+\.m3u8/g) ?? [];
    expect(playlists.length).toBeGreaterThanOrEqual(4);
    for (const name of new Set(playlists)) {
      const media = await app.inject(hls.replace('master.m3u8', name));
      expect(media.statusCode, name).toBe(200);
      const lines = media.body.trim().split('\n');
      const last = lines.at(-1) ?? '';
      const slot = Number(/\/(\d+)\.m4s$/.exec(last)?.[1]);
      expect(slot).toBe(Math.floor(NOW / 2000) - 1);
      const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(media.body)?.[1] ?? '';
      const base = `http://x${hls}`;
      expect((await app.inject(new URL(map, base).pathname)).statusCode).toBe(200);
      const segment = await app.inject(new URL(last, base).pathname);
      expect(segment.statusCode).toBe(200);
      const decodeTime = firstDecodeTime(segment.rawPayload) ?? 0;
      // Within the slot (an AAC segment starts up to a frame or so off the grid).
      const timescale = name === 'media_3.m3u8' || name === 'media_4.m3u8' ? 48000 : 12800;
      expect(Math.abs(decodeTime / timescale - slot * 2)).toBeLessThan(0.25);
    }
    const mpd = await app.inject(body.formats.find((f) => f.format === 'DASH')?.mediaLocator ?? '');
    expect(mpd.statusCode).toBe(200);
    expect(mpd.body).toContain('type="dynamic"');
    expect(mpd.body).toContain('codecs="avc1.');
    expect(mpd.body).toContain('codecs="mp4a.40.2"');
  });

  test('what the guide says is on air is what the live stream shows: the media of the programme on now', async () => {
    for (const channelId of [
      'chaine-antenne-monde',
      'chaine-antenne-monde-info',
      'chaine-antenne-monde-musique',
    ]) {
      const onNow = await app.inject(epgPaths.channelOnNow(TENANT, channelId));
      expect(onNow.statusCode, channelId).toBe(200);
      const programme = onNow
        .json<ChannelEpg>()
        .programs.find((p) => Date.parse(p.startTime) <= NOW && NOW < Date.parse(p.endTime));
      expect(programme, channelId).toBeDefined();
      const body = (await playRequest(app, channelId, auth)).json<PlayResponse>();
      expect(body.streamInfo.start, channelId).toBe(Date.parse(programme!.startTime));
      const hls = body.formats.find((f) => f.format === 'HLS')?.mediaLocator ?? '';
      const media = await app.inject(hls.replace('master.m3u8', 'media_0.m3u8'));
      const maps = [...media.body.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1] ?? '');
      // The last segment listed is the last complete 2-second slot before now: its init segment is
      // that of the programme the schedule airs at the slot's start (the one on now, or at a change
      // of programme, the one before it).
      const slotStart = (Math.floor(NOW / 2000) - 1) * 2000;
      const day = await app.inject(`${epgPaths.channelDate(TENANT, channelId, '2026-11-23')}?pageSize=1000`);
      const airing = day
        .json<ChannelEpg>()
        .programs.find((p) => Date.parse(p.startTime) <= slotStart && slotStart < Date.parse(p.endTime));
      expect(maps.at(-1), channelId).toContain(`/i/p-${encodeURIComponent(airing!.programId)}/`);
    }
  });

  test('the EPG marks the access services of what airs from its demo media: subtitles, audio description (ADR 0029)', async () => {
    const res = await app.inject(`${epgPaths.allDate(TENANT, '2026-11-23')}?pageSize=10000&fieldSet=NONE`);
    const programs = res.json<ChannelEpg[]>().flatMap((b) => b.programs);
    const count = (flag: 'SUBTITLES' | 'AUDIO_DESCRIPTION') =>
      new Set(programs.filter((p) => hasProgramFlag(p.flags, flag)).map((p) => p.assetId)).size;
    const titles = new Set(programs.map((p) => p.assetId)).size;
    // Every demo programme is packaged with subtitles; programme-1 also with audio description.
    expect(count('SUBTITLES')).toBe(titles);
    expect(count('AUDIO_DESCRIPTION')).toBeGreaterThan(0);
    expect(count('AUDIO_DESCRIPTION')).toBeLessThan(titles);
  });
});
