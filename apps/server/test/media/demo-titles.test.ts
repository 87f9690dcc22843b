import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { playbackPaths, type Asset, type PlayResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { firstDecodeTime } from '../../src/modules/live/stream/fmp4.js';
import { attachDemoMedia } from '../../src/modules/media/demo/attach.js';
import { buildDemoMedia } from '../../src/modules/media/demo/build.js';
import { setAssetMedias } from '../../src/modules/media/repository.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { writeMedia } from '../live/stream-helpers.js';

/**
 * Demo titles at their catalogue length (issue 15 item 9, ADR 0028), over the real demo media of
 * the machine's cache: a film whose catalogue entry says 74 minutes plays its 30-second programme
 * looped to 74 minutes — HLS and DASH under the play token, segments retimed across the loop
 * points, subtitles over the whole length, audio description kept — while the ClearKey title, a
 * trailer and a title with ingested media play their own packaged manifests as before.
 */

const V1 = `/v1/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}`;
const cacheDir = loadConfig().cacheDir;
const INGESTED = 'ingested';

describe.each(engines)('demo titles at their own length (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let auth: Record<string, string>;
  let movies: Asset[];

  beforeAll(async () => {
    const build = await buildDemoMedia({ cacheDir });
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      await importDemoIfEmpty(database.db, TENANT);
      // A title whose media were ingested (`npm run media:ingest`): 10 s, its true length.
      const page = await database.db.selectFrom('asset').select('id').where('type', '=', 'MOVIE').execute();
      const ingestedId = page.at(-1)?.id ?? '';
      writeMedia(path.join(testDb.options.dataDir, 'media'), INGESTED, 5);
      await setAssetMedias(
        database.db,
        ingestedId,
        (['HLS', 'DASH'] as const).map((format) => ({
          mediaId: `${INGESTED}-${format}`,
          format,
          drm: 'UNENCRYPTED',
          durationMillis: 10_000,
          status: 'enabled',
          locator: `/media/${INGESTED}/${format === 'HLS' ? 'master.m3u8' : 'manifest.mpd'}`,
        })),
        new Date().toISOString(),
      );
      await attachDemoMedia(database.db, TENANT, build.entries);
    } finally {
      await database.destroy();
    }
    app = await buildTestApp(testDb, { config: { cacheDir }, verifyIdToken: testVerifyIdToken });
    const user = await login(app, `titles-${randomBytes(4).toString('hex')}`, 'titles@example.com');
    auth = bearer(user.sessionToken);
    movies = (await app.inject(`${V1}/content/asset?assetType=MOVIE&pageSize=200&fieldSet=ALL`)).json<{
      items: Asset[];
    }>().items;
  }, 400_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const play = async (assetId: string, headers = auth) => {
    const response = await app.inject({ method: 'GET', url: playbackPaths.play(TENANT, assetId), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlayResponse>();
  };
  const free = (a: Asset) =>
    a.publications?.some((p) => p.products.some((id) => id === 'gratuit' || id === 'gratuit-pub')) === true;
  /** The first free film playing `programme` (programme-1: subtitles fr, en, ar and audio description). */
  const filmPlaying = (programme: string) => {
    const film = movies.find(
      (a) => free(a) && a.medias?.some((m) => m.locator?.startsWith(`/demo-media/${programme}-`)),
    );
    if (film === undefined) throw new Error(`no free film plays ${programme}`);
    return film;
  };
  const get = (url: string) => app.inject({ method: 'GET', url });
  const resolve = (relative: string, base: string) => new URL(relative, `http://x${base}`).pathname;
  /** An HLS media playlist's segments: URL and listed seconds. */
  const segmentsOf = (playlist: string) => {
    const lines = playlist.split('\n');
    return lines.flatMap((line, i) =>
      line.startsWith('#EXTINF:')
        ? [{ seconds: Number(line.slice(8).split(',')[0]), url: lines[i + 1] ?? '' }]
        : [],
    );
  };

  test('a demo film states and plays its catalogue length: the HLS playlists and the static MPD last exactly as long', async () => {
    const film = filmPlaying('programme-1');
    const duration = film.duration ?? 0;
    expect(duration).toBeGreaterThan(30 * 60_000);
    expect(film.medias?.map((m) => m.durationMillis)).toEqual([duration, duration]);
    const body = await play(film.assetId);
    expect(body.durationInMs).toBe(duration);
    expect(body.playTokenExpiration).toBeGreaterThan(Date.now() + duration);
    const hls = body.formats.find((f) => f.format === 'HLS')?.mediaLocator ?? '';
    const dash = body.formats.find((f) => f.format === 'DASH')?.mediaLocator ?? '';
    expect(hls).toBe(`/play/${body.playToken}/title/${film.assetId}/vod/master.m3u8`);
    expect(dash).toBe(`/play/${body.playToken}/title/${film.assetId}/vod/manifest.mpd`);

    const master = await get(hls);
    expect(master.statusCode).toBe(200);
    // The packaged master: its subtitles and its audio description (CHARACTERISTICS) kept.
    expect(master.body.match(/TYPE=SUBTITLES[^\n]*LANGUAGE="(\w+)"/g)).toHaveLength(3);
    expect(master.body).toContain('CHARACTERISTICS="public.accessibility.describes-video"');
    const playlists = [...new Set(master.body.match(/media_\d+\.m3u8/g) ?? [])];
    expect(playlists).toHaveLength(5);
    for (const name of playlists) {
      const media = await get(resolve(name, hls));
      expect(media.statusCode, name).toBe(200);
      expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      expect(media.body).not.toContain('PROGRAM-DATE-TIME');
      const total = segmentsOf(media.body).reduce((sum, s) => sum + s.seconds, 0);
      expect(Math.abs(total - duration / 1000), name).toBeLessThan(0.001);
    }

    const mpd = await get(dash);
    expect(mpd.statusCode).toBe(200);
    expect(mpd.body).toContain(`type="static" mediaPresentationDuration="PT${duration / 1000}S"`);
    expect(mpd.body.match(/<Period /g)).toHaveLength(1);
    expect(mpd.body).toContain('value="1"'); // the audio description's AudioPurposeCS
    expect(mpd.body).toContain('<BaseURL>subs/fr.vtt</BaseURL>');
  });

  test('segments answer under the token with their decode times running on across the loop points, to the very end', async () => {
    const film = filmPlaying('programme-1');
    const body = await play(film.assetId);
    const hls = body.formats.find((f) => f.format === 'HLS')?.mediaLocator ?? '';
    const lastSlot = (film.duration ?? 0) / 2000 - 1;
    for (const [name, timescale] of [
      ['media_0.m3u8', 12800],
      ['media_3.m3u8', 48000],
      ['media_4.m3u8', 48000],
    ] as const) {
      const playlistUrl = resolve(name, hls);
      const segments = segmentsOf((await get(playlistUrl)).body);
      // Around the first loop point (the programme is 30 s: 15 slots) and the title's end.
      const picked = [13, 14, 15, 16, 29, 30, lastSlot - 1, lastSlot];
      let previous: { tfdt: number; seconds: number } | undefined;
      for (const slot of picked) {
        const segment = segments[slot];
        expect(segment?.url, `${name} ${slot}`).toMatch(new RegExp(`/${slot}\\.m4s$`));
        const response = await get(resolve(segment!.url, playlistUrl));
        expect(response.statusCode, `${name} ${slot}`).toBe(200);
        const tfdt = firstDecodeTime(response.rawPayload) ?? -1;
        // On the title's own timeline from 0: within its slot (AAC frames sit a little off the grid).
        expect(Math.abs(tfdt / timescale - slot * 2), `${name} ${slot}`).toBeLessThan(0.25);
        if (timescale === 12800) expect(tfdt).toBe(slot * 2 * 12800);
        if (slot % 15 === 0)
          expect(tfdt, `${name} ${slot}: a loop starts on the grid`).toBe(slot * 2 * timescale);
        if (previous !== undefined && picked[picked.indexOf(slot) - 1] === slot - 1) {
          // No hole: each segment starts at or before the listed end of the one before.
          expect(tfdt).toBeGreaterThan(previous.tfdt);
          expect(tfdt).toBeLessThanOrEqual(Math.round(previous.tfdt + previous.seconds * timescale) + 1);
        }
        previous = { tfdt, seconds: segment!.seconds };
      }
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec((await get(playlistUrl)).body)?.[1] ?? '';
      expect((await get(resolve(init, playlistUrl))).statusCode).toBe(200);
      // Past the end: nothing.
      expect(
        (await get(resolve(`../s/${name.slice(6, 7)}/${lastSlot + 1}.m4s`, playlistUrl))).statusCode,
      ).toBe(404);
    }
    // Without a token, or this token for another title: refused.
    const other = filmPlaying('programme-2');
    expect((await get(hls.replace(`/title/${film.assetId}/`, `/title/${other.assetId}/`))).statusCode).toBe(
      403,
    );
    expect((await get(`/play/not-a-token/title/${film.assetId}/vod/master.m3u8`)).statusCode).toBe(403);
  });

  test('subtitles cover the whole length: the packaged cues once per loop, in HLS and DASH', async () => {
    const film = filmPlaying('programme-1');
    const duration = film.duration ?? 0;
    const body = await play(film.assetId);
    const hls = body.formats.find((f) => f.format === 'HLS')?.mediaLocator ?? '';
    const playlist = await get(resolve('subs/fr.m3u8', hls));
    expect(playlist.statusCode).toBe(200);
    expect(segmentsOf(playlist.body)).toEqual([{ seconds: duration / 1000, url: 'fr.vtt' }]);
    const dash = body.formats.find((f) => f.format === 'DASH')?.mediaLocator ?? '';
    const vtt = await get(resolve('subs/fr.vtt', dash));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    const cues = [
      ...vtt.body.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})\n(.+)/g),
    ].map((m) => ({
      start: ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]),
      end: ((Number(m[5]) * 60 + Number(m[6])) * 60 + Number(m[7])) * 1000 + Number(m[8]),
      text: m[9],
    }));
    const packaged = cues.filter((c) => c.start < 30_000);
    expect(packaged.length).toBeGreaterThan(3);
    expect(cues).toHaveLength(packaged.length * (duration / 30_000));
    // The loop 10 minutes in shows the same cues, 600 s later.
    const later = cues.filter((c) => c.start >= 600_000 && c.start < 630_000);
    expect(later.map((c) => [c.start - 600_000, c.text])).toEqual(packaged.map((c) => [c.start, c.text]));
    expect(Math.max(...cues.map((c) => c.end))).toBeLessThanOrEqual(duration);
    expect(Math.max(...cues.map((c) => c.start))).toBeGreaterThan(duration - 30_000);
    expect((await get(resolve('subs/de.vtt', dash))).statusCode).toBe(404);
  });

  test('the ClearKey title, a trailer and an ingested title keep their own packaged manifests and lengths', async () => {
    const encrypted = movies.find((a) => a.medias?.some((m) => m.drm === 'CENC'));
    expect(encrypted?.medias?.[0]?.durationMillis).toBe(30_000);
    const clearkey = await play(encrypted!.assetId);
    expect(clearkey.durationInMs).toBe(30_000);
    expect(clearkey.formats).toHaveLength(1);
    expect(clearkey.formats[0]?.mediaLocator).toMatch(/\/demo-media\/programme-clearkey-\w+\/manifest\.mpd$/);
    expect(clearkey.formats[0]?.drm).toBeDefined();

    const trailerId = movies
      .flatMap((a) => a.linkedEntities ?? [])
      .find((l) => l.linkType === 'TRAILER')?.entityId;
    const trailerAsset = (await get(`${V1}/content/asset/${trailerId}?fieldSet=ALL`)).json<Asset>();
    expect(trailerAsset.duration).toBeGreaterThan(15_000);
    expect(trailerAsset.medias?.[0]?.durationMillis).toBe(15_000);
    const trailer = await play(trailerId ?? '', {});
    expect(trailer.durationInMs).toBe(15_000);
    expect(trailer.formats[0]?.mediaLocator).toMatch(/\/demo-media\/trailer-\d-\w+\/master\.m3u8$/);

    const ingested = movies.find((a) => a.medias?.some((m) => m.locator?.startsWith(`/media/${INGESTED}/`)));
    expect(ingested?.duration).toBeGreaterThan(10_000);
    const own = await play(ingested!.assetId);
    expect(own.durationInMs).toBe(10_000);
    expect(own.formats.map((f) => f.mediaLocator)).toEqual([
      `/play/${own.playToken}/media/${INGESTED}/master.m3u8`,
      `/play/${own.playToken}/media/${INGESTED}/manifest.mpd`,
    ]);
    expect((await get(`/play/${own.playToken}/title/${ingested!.assetId}/vod/master.m3u8`)).statusCode).toBe(
      403,
    );
  });
});
