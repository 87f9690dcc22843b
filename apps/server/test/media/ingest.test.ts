import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Asset, ErrorBody } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { readCatalogueVersion } from '../../src/db/catalogue-version.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { MediaError } from '../../src/modules/media/ffmpeg.js';
import { ingestMedia, type IngestProgress, type IngestResult } from '../../src/modules/media/ingest.js';
import { findAssetMedias } from '../../src/modules/media/repository.js';
import { buildTestApp, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import {
  extinfs,
  leftovers,
  mediaFixtures,
  mpdFiles,
  playlistUris,
  readText,
  removeMediaFixtures,
  signedMediaUrl,
  SLOW,
  smallCatalogueDatabase,
  type MediaFixtures,
} from './helpers.js';

const ASSET = 'film-ete-indien';
const ASSET_URL = `/v1/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/content/asset/${ASSET}?fieldSet=ALL`;

afterAll(removeMediaFixtures);

describe.each(engines)('media pipeline on %s', (engine) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let app: App;
  let fx: MediaFixtures;
  let result: IngestResult;
  let mediaRoot: string;
  let outDir: string;
  const progress: IngestProgress[] = [];
  let versionBefore = 0;

  beforeAll(async () => {
    fx = await mediaFixtures();
    ({ testDb, database } = await smallCatalogueDatabase(engine));
    versionBefore = await readCatalogueVersion(database.db);
    app = await buildTestApp(testDb, { cacheCheckEveryMs: 0 });
    mediaRoot = path.join(testDb.options.dataDir, 'media');
    result = await ingestMedia({
      input: fx.video,
      assetId: ASSET,
      subtitles: { fr: fx.fr, en: fx.en },
      dataDir: testDb.options.dataDir,
      db: database.db,
      onProgress: (p) => progress.push(p),
    });
    outDir = path.join(mediaRoot, ASSET);
  }, SLOW);

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await testDb?.cleanup();
  });

  test('the HLS master lists 3 variants, the audio group and the fr/en subtitles', async () => {
    expect(result.outDir).toBe(outDir);
    expect(result.durationMs).toBeGreaterThan(9_900);
    expect(result.durationMs).toBeLessThan(10_200);
    const master = await readText(path.join(outDir, 'master.m3u8'));
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(3);
    for (const variant of variants) expect(variant).toContain('SUBTITLES="subs"');
    expect(variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v)?.[1])).toEqual([
      '640x360',
      '960x540',
      '1280x720',
    ]);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,/);
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="subs/fr.m3u8"',
    );
    expect(master).toContain('NAME="English",LANGUAGE="en"');
  });

  test('the MPD has 3 video Representations, audio, and text AdaptationSets for fr and en', async () => {
    const mpd = await readText(path.join(outDir, 'manifest.mpd'));
    expect(mpd).toContain('type="static"');
    const video =
      /<AdaptationSet[^>]*contentType="video"[^>]*>([\s\S]*?)<\/AdaptationSet>/.exec(mpd)?.[1] ?? '';
    expect([...video.matchAll(/<Representation\b/g)]).toHaveLength(3);
    expect(mpd).toMatch(/<AdaptationSet[^>]*contentType="audio"/);
    for (const [lang, label] of [
      ['fr', 'Français'],
      ['en', 'English'],
    ] as const) {
      const set = new RegExp(
        `<AdaptationSet[^>]*contentType="text" mimeType="text/vtt" lang="${lang}">([\\s\\S]*?)</AdaptationSet>`,
      ).exec(mpd);
      expect(set, lang).not.toBeNull();
      expect(set?.[1]).toContain('<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle" />');
      expect(set?.[1]).toContain(`<Label>${label}</Label>`);
      expect(set?.[1]).toContain(`<BaseURL>subs/${lang}.vtt</BaseURL>`);
    }
  });

  test('every file the playlists and the MPD name exists', async () => {
    const master = await readText(path.join(outDir, 'master.m3u8'));
    const playlists = playlistUris(master);
    expect(playlists).toHaveLength(3 + 1 + 2); // variants, audio, subtitles
    const named = new Set<string>();
    for (const playlist of playlists) {
      named.add(playlist);
      const text = await readText(path.join(outDir, playlist));
      for (const uri of playlistUris(text)) named.add(path.posix.join(path.posix.dirname(playlist), uri));
    }
    const mpdNamed = mpdFiles(await readText(path.join(outDir, 'manifest.mpd')));
    expect(mpdNamed.filter((f) => f.endsWith('.m4s')).length).toBeGreaterThanOrEqual(4 * 6); // 4 inits + ≥ 5 segments each
    for (const file of mpdNamed) named.add(file);
    const missing = [...named].filter((file) => !existsSync(path.join(outDir, file)));
    expect(missing).toEqual([]);
    // Both manifests address the same segments.
    const hlsSegments = [...named].filter((f) => f.endsWith('.m4s') && !mpdNamed.includes(f));
    expect(hlsSegments).toEqual([]);
    expect(named).toContain('subs/fr.vtt');
  });

  test('each media playlist adds up to ~10 s; video segments are 2 s (keyframes aligned)', async () => {
    for (let i = 0; i < 4; i++) {
      const text = await readText(path.join(outDir, `media_${i}.m3u8`));
      const durations = extinfs(text);
      const total = durations.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 10), `media_${i}.m3u8 total ${total}`).toBeLessThanOrEqual(0.5);
      expect(text).not.toContain('#EXT-X-PROGRAM-DATE-TIME');
      if (i < 3) {
        for (const d of durations.slice(0, -1)) expect(d, `media_${i}.m3u8`).toBeCloseTo(2, 2);
        expect(durations.at(-1)).toBeLessThanOrEqual(2.1);
      }
    }
    const sub = await readText(path.join(outDir, 'subs', 'fr.m3u8'));
    expect(extinfs(sub)).toHaveLength(1);
    expect(Math.abs((extinfs(sub)[0] ?? 0) - 10)).toBeLessThanOrEqual(0.5);
  });

  test('progress went from the start to 100 % with an ETA', () => {
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)?.fraction).toBe(1);
    expect(progress.some((p) => p.etaMs !== undefined)).toBe(true);
    const fractions = progress.map((p) => p.fraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(result.encodeMs).toBeGreaterThan(0);
  });

  test('the asset answers with the two medias and the catalogue version moved', async () => {
    expect(await readCatalogueVersion(database.db)).toBe(versionBefore + 1);
    const response = await app.inject({ method: 'GET', url: ASSET_URL });
    expect(response.statusCode).toBe(200);
    const asset = response.json<Asset>();
    expect(asset.medias).toEqual([
      {
        mediaId: `${ASSET}_hls`,
        name: 'HLS',
        format: 'HLS',
        drm: 'UNENCRYPTED',
        durationMillis: result.durationMs,
        status: 'enabled',
        width: 1280,
        height: 720,
        locator: `/media/${ASSET}/master.m3u8`,
      },
      {
        mediaId: `${ASSET}_dash`,
        name: 'DASH',
        format: 'DASH',
        drm: 'UNENCRYPTED',
        durationMillis: result.durationMs,
        status: 'enabled',
        width: 1280,
        height: 720,
        locator: `/media/${ASSET}/manifest.mpd`,
      },
    ]);
  });

  test('/media serves the manifests (short cache) and segments (immutable, Range 206, ETag 304) through signed URLs only', async () => {
    const signed = (file: string) => signedMediaUrl(testDb, `/media/${ASSET}/${file}`);
    const unsigned = await app.inject({ method: 'GET', url: `/media/${ASSET}/master.m3u8` });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json<ErrorBody>().message).toBe('INVALID_PLAY_TOKEN');
    const master = await app.inject({ method: 'GET', url: signed('master.m3u8') });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    expect(master.body).toContain('#EXT-X-STREAM-INF');

    const mpd = await app.inject({ method: 'GET', url: signed('manifest.mpd') });
    expect(mpd.headers['content-type']).toBe('application/dash+xml');
    const vtt = await app.inject({ method: 'GET', url: signed('subs/fr.vtt') });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);

    const playlist = await readText(path.join(outDir, 'media_2.m3u8'));
    const segment = playlistUris(playlist).find((uri) => uri.startsWith('seg-')) ?? '';
    const url = signed(segment);
    const full = await app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/iso.segment');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = full.rawPayload.length;
    expect(Number(full.headers['content-length'])).toBe(size);

    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(full.rawPayload.subarray(size - 10))).toBe(true);
    const beyond = await app.inject({ method: 'GET', url, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const init = await app.inject({ method: 'HEAD', url: signed(playlistUris(playlist)[0] ?? '') });
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toBe('video/iso.segment');
  });

  test('/media refuses traversal (403: out of the token’s folders), hidden and temporary folders and unknown files (404), even under the widest token', async () => {
    mkdirSync(path.join(mediaRoot, '.tmp-test'), { recursive: true });
    writeFileSync(path.join(mediaRoot, '.tmp-test', 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(path.join(outDir, '.hidden.m3u8'), '#EXTM3U\n');
    writeFileSync(path.join(testDb.options.dataDir, 'secret.m3u8'), '#EXTM3U\n');
    // A token for the whole /media/ folder: the file checks still hold.
    const signed = (mediaPath: string) => signedMediaUrl(testDb, mediaPath, ['/media/']);
    for (const url of [
      '/media/%2e%2e/secret.m3u8',
      '/media/..%2fsecret.m3u8',
      `/media/${ASSET}/%2e%2e/%2e%2e/secret.m3u8`,
      `/media/${ASSET}/..%2f..%2fsecret.m3u8`,
      `/media/${ASSET}/../../secret.m3u8`,
    ]) {
      const response = await app.inject({ method: 'GET', url: signed(url) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<ErrorBody>().message, url).toBe('INVALID_PLAY_TOKEN');
    }
    for (const url of [
      '/media/%2e%2e%5csecret.m3u8',
      '/media/.tmp-test/master.m3u8',
      `/media/${ASSET}/.hidden.m3u8`,
      `/media/${ASSET}//master.m3u8`,
      `/media/${ASSET}/nope.m3u8`,
      `/media/${ASSET}/master.txt`,
      `/media/${ASSET}/subs`,
    ]) {
      const response = await app.inject({ method: 'GET', url: signed(url) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ErrorBody>(), url).toEqual({ httpCode: 404, message: 'NOT_FOUND' });
    }
    // Undecodable URLs get the app-wide 400 before any route.
    const undecodable = await app.inject({ method: 'GET', url: signed('/media/%zz/master.m3u8') });
    expect(undecodable.statusCode).toBe(400);
  });

  test('a corrupt input rejects with a MediaError naming the file; nothing written, asset unchanged', async () => {
    const other = 'quartier-s1e1';
    const before = await findAssetMedias(database.db, other);
    const version = await readCatalogueVersion(database.db);
    const error = await ingestMedia({
      input: fx.corrupt,
      assetId: other,
      dataDir: testDb.options.dataDir,
      db: database.db,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toContain(fx.corrupt);
    expect((error as MediaError).message).toMatch(/Invalid data|moov atom/);
    expect((error as MediaError).file).toBe(fx.corrupt);
    expect(existsSync(path.join(mediaRoot, other))).toBe(false);
    expect((await leftovers(mediaRoot)).filter((n) => n !== '.tmp-test')).toEqual([]);
    expect(await findAssetMedias(database.db, other)).toEqual(before);
    expect(await readCatalogueVersion(database.db)).toBe(version);
  });

  test('an unknown asset is refused before ffmpeg runs', async () => {
    const error = await ingestMedia({
      input: fx.video,
      assetId: 'no-such-asset',
      dataDir: testDb.options.dataDir,
      db: database.db,
      // Would fail differently if it were ever run.
      ffmpegPath: '/nonexistent/ffmpeg',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as Error).message).toMatch(/unknown asset "no-such-asset"/);
    expect(existsSync(path.join(mediaRoot, 'no-such-asset'))).toBe(false);
  });

  test('a bad subtitle file is refused before ffmpeg runs, naming the file', async () => {
    const bad = path.join(fx.dir, `bad-${engine}.vtt`);
    writeFileSync(bad, 'not webvtt\n');
    await expect(
      ingestMedia({
        input: fx.video,
        assetId: ASSET,
        subtitles: { fr: bad },
        dataDir: testDb.options.dataDir,
        db: database.db,
        ffmpegPath: '/nonexistent/ffmpeg',
      }),
    ).rejects.toThrow(bad);
    expect(existsSync(path.join(outDir, 'master.m3u8'))).toBe(true);
  });
});
