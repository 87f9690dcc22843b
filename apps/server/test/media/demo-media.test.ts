import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { demoMediaPlan } from '@antenne/content/media';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { AUDIO_PURPOSE_SCHEME, DESCRIBES_VIDEO } from '../../src/modules/media/audio-tracks.js';
import { attachDemoMedia } from '../../src/modules/media/demo/attach.js';
import {
  buildDemoMedia,
  COMPLETE_FILE,
  DEMO_MEDIA_DIR,
  type BuildResult,
  type DemoMediaEntry,
} from '../../src/modules/media/demo/build.js';
import { LADDER } from '../../src/modules/media/ladder.js';
import { folderOf } from '../../src/modules/playback/play-token.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { signedMediaUrl } from './helpers.js';

/**
 * Every demo stream, walked as a player would: the real plan built into the machine's cache
 * (CACHE_DIR, default ~/.cache/antenne: the first run on a machine encodes it, ~3 min; later runs
 * reuse it), served by the real app through signed URLs (/play/<token>/…), each HLS and DASH
 * manifest followed to every segment.
 */

const V1 = '/v1/customer/antenne/businessunit/monde';
const cacheDir = loadConfig().cacheDir;
const plan = demoMediaPlan();

let build: BuildResult;
let testDb: TestDatabase;
let app: App;

beforeAll(async () => {
  build = await buildDemoMedia({ cacheDir });
  testDb = await createTestDatabase('sqlite');
  const database = testDb.open();
  try {
    await importDemoIfEmpty(database.db, TENANT);
    await attachDemoMedia(database.db, TENANT, build.entries);
  } finally {
    await database.destroy();
  }
  app = await buildTestApp(testDb, { config: { cacheDir } });
}, 400_000);

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

/** Media are served under a play token: each folder gets one, as the play call would sign it. */
const signedFolders = new Map<string, string>();
function signed(url: string): string {
  const folder = folderOf(url);
  let prefix = signedFolders.get(folder);
  if (prefix === undefined) {
    prefix = signedMediaUrl(testDb, folder);
    signedFolders.set(folder, prefix);
  }
  return prefix + url.slice(folder.length);
}

async function get(
  url: string,
  { sign = true } = {},
): Promise<{ status: number; type: string; body: Buffer }> {
  const response = await app.inject(sign ? signed(url) : url);
  return {
    status: response.statusCode,
    type: String(response.headers['content-type']),
    body: response.rawPayload,
  };
}

async function text(url: string): Promise<string> {
  const response = await get(url);
  expect(response.status, url).toBe(200);
  return response.body.toString('utf8');
}

/** Fetches a segment and checks it is a non-empty fMP4 piece (an ISO BMFF box first). */
async function expectSegment(url: string): Promise<void> {
  const response = await get(url);
  expect(response.status, url).toBe(200);
  expect(response.body.length, url).toBeGreaterThan(8);
  expect(['ftyp', 'styp', 'sidx', 'moof']).toContain(response.body.subarray(4, 8).toString('latin1'));
}

const attribute = (line: string, name: string) =>
  new RegExp(`${name}=(?:"([^"]*)"|([^,]*))`)
    .exec(line)
    ?.slice(1)
    .find((v) => v !== undefined);
const resolve = (base: string, relative: string) => new URL(relative, `http://x${base}`).pathname;

/** A media playlist: every segment (and its init) answers; returns the summed EXTINF. */
async function walkMediaPlaylist(url: string): Promise<number> {
  const playlist = await text(url);
  expect(playlist).toContain('#EXT-X-ENDLIST');
  let total = 0;
  const lines = playlist.split('\n');
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) await expectSegment(resolve(url, attribute(line, 'URI') as string));
    if (line.startsWith('#EXTINF:')) total += Number.parseFloat(line.slice('#EXTINF:'.length));
    if (line !== '' && !line.startsWith('#')) {
      if (line.endsWith('.vtt')) expect(await text(resolve(url, line))).toMatch(/^WEBVTT/);
      else await expectSegment(resolve(url, line));
    }
  }
  return total;
}

/** Every Representation of a static MPD with SegmentTemplate + SegmentTimeline, followed to its segments. */
async function walkMpd(
  url: string,
): Promise<{ videoHeights: number[]; audioSets: string[]; textLangs: string[]; durations: number[] }> {
  const mpd = await text(url);
  expect(mpd).toContain('type="static"');
  const videoHeights: number[] = [];
  const audioSets: string[] = [];
  const textLangs: string[] = [];
  const durations: number[] = [];
  for (const set of mpd.split('<AdaptationSet').slice(1)) {
    const body = set.slice(0, set.indexOf('</AdaptationSet>'));
    const contentType = /contentType="(\w+)"/.exec(body)?.[1];
    if (contentType === 'text') {
      textLangs.push(/lang="([^"]+)"/.exec(body)?.[1] ?? '?');
      const baseUrl = /<BaseURL>([^<]+)<\/BaseURL>/.exec(body)?.[1] as string;
      expect(await text(resolve(url, baseUrl))).toMatch(/^WEBVTT/);
      continue;
    }
    if (contentType === 'audio') audioSets.push(body.slice(0, body.indexOf('<Representation')));
    for (const representation of body.split('<Representation').slice(1)) {
      const id = /id="([^"]+)"/.exec(representation)?.[1] as string;
      const height = /height="(\d+)"/.exec(representation)?.[1];
      if (contentType === 'video') videoHeights.push(Number(height));
      const template = /<SegmentTemplate([^>]*)>/.exec(representation)?.[1] as string;
      const timescale = Number(/timescale="(\d+)"/.exec(template)?.[1]);
      const init = (/initialization="([^"]+)"/.exec(template)?.[1] as string).replace(
        '$RepresentationID$',
        id,
      );
      const media = (/media="([^"]+)"/.exec(template)?.[1] as string).replace('$RepresentationID$', id);
      let number = Number(/startNumber="(\d+)"/.exec(template)?.[1] ?? 1);
      await expectSegment(resolve(url, init));
      let ticks = 0;
      for (const s of representation.matchAll(/<S ([^>]*)\/>/g)) {
        const d = Number(/d="(\d+)"/.exec(s[1] as string)?.[1]);
        const repeat = Number(/r="(\d+)"/.exec(s[1] as string)?.[1] ?? 0);
        for (let i = 0; i <= repeat; i++) {
          await expectSegment(resolve(url, media.replace(/\$Number%05d\$/, String(number).padStart(5, '0'))));
          number++;
          ticks += d;
        }
      }
      durations.push(ticks / timescale);
    }
  }
  return { videoHeights, audioSets, textLangs, durations };
}

const streams = () =>
  build.entries.filter(
    (e): e is DemoMediaEntry & { hls: string; dash: string } => e.hls !== undefined && e.dash !== undefined,
  );

describe('the demo media', () => {
  test('the plan is built once per machine: every item is complete in the cache, a second build encodes nothing', async () => {
    expect(build.entries.map((e) => e.item.id)).toEqual(plan.map((i) => i.id));
    for (const entry of build.entries) {
      const complete = JSON.parse(
        await readFile(path.join(cacheDir, DEMO_MEDIA_DIR, entry.folder, COMPLETE_FILE), 'utf8'),
      );
      expect(complete.id).toBe(entry.item.id);
    }
    const again = await buildDemoMedia({ cacheDir });
    expect(again.built).toEqual([]);
    expect(again.reused.sort()).toEqual(build.entries.map((e) => e.folder).sort());
  });

  test('npm run content:build finds everything in the cache and says so', async () => {
    const cli = path.resolve(import.meta.dirname, '../../src/cli/content-build.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=antenne-source', '--import', 'tsx', cli],
      {
        cwd: import.meta.dirname,
        env: { ...process.env, CACHE_DIR: cacheDir },
      },
    );
    expect(stdout).toContain(`demo images → ${path.join(cacheDir, 'images')}`);
    expect(stdout).toMatch(
      new RegExp(`demo content ready in \\d+:\\d{2} \\(0 built, ${plan.length} from the cache\\)`),
    );
    expect(stdout).toMatch(/cached +programme-1 +\/demo-media\/programme-1-[0-9a-f]{12}\/master\.m3u8/);
  }, 60_000);

  test('every HLS stream: three renditions, named audio, subtitles listed, every segment there, durations adding up', async () => {
    for (const entry of streams()) {
      const { item } = entry;
      const master = await text(entry.hls);
      const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
      expect(
        variants.map((v) => attribute(v, 'RESOLUTION')),
        item.id,
      ).toEqual(['640x360', '960x540', '1280x720']);
      const audio = master.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
      expect(
        audio.map((l) => attribute(l, 'LANGUAGE')),
        item.id,
      ).toEqual(item.audioDescription ? ['fr', 'fr'] : ['fr']);
      const subtitles = master.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'));
      expect(subtitles.map((l) => attribute(l, 'LANGUAGE')).sort(), item.id).toEqual(
        Object.keys(item.subtitles).sort(),
      );
      for (const line of [...audio, ...subtitles]) {
        const seconds = await walkMediaPlaylist(resolve(entry.hls, attribute(line, 'URI') as string));
        expect(Math.abs(seconds - item.seconds), `${item.id} ${line}`).toBeLessThan(0.15);
      }
      for (const uri of master.split('\n').filter((l) => l.endsWith('.m3u8') && !l.startsWith('#'))) {
        const seconds = await walkMediaPlaylist(resolve(entry.hls, uri));
        expect(Math.abs(seconds - item.seconds), `${item.id} ${uri}`).toBeLessThan(0.15);
      }
    }
  }, 120_000);

  test('every DASH stream: the same segments through the MPD, three video heights, audio and text sets, durations adding up', async () => {
    for (const entry of streams()) {
      const { item } = entry;
      const { videoHeights, audioSets, textLangs, durations } = await walkMpd(entry.dash);
      expect(videoHeights, item.id).toEqual(LADDER.map((r) => r.maxHeight));
      expect(audioSets, item.id).toHaveLength(item.audioDescription ? 2 : 1);
      expect(textLangs.sort(), item.id).toEqual(Object.keys(item.subtitles).sort());
      for (const seconds of durations) expect(Math.abs(seconds - item.seconds), item.id).toBeLessThan(0.15);
    }
  }, 120_000);

  test('programmes carry fr and en subtitles (ar on some) with non-speech cues, and one a French audio description marked in both manifests', async () => {
    const programmes = streams().filter((e) => e.item.kind === 'programme');
    expect(programmes.length).toBeGreaterThanOrEqual(6);
    const allFrench: string[] = [];
    for (const entry of programmes) {
      expect(entry.item.seconds).toBeGreaterThanOrEqual(30);
      expect(entry.item.seconds).toBeLessThanOrEqual(60);
      const fr = await text(resolve(entry.hls, 'subs/fr.vtt'));
      await text(resolve(entry.hls, 'subs/en.vtt'));
      allFrench.push(fr);
    }
    expect(allFrench.join('\n')).toContain('[musique]');
    expect(allFrench.join('\n')).toContain('[applaudissements]');
    expect(programmes.some((e) => 'ar' in e.item.subtitles)).toBe(true);

    const described = programmes.filter((e) => e.item.audioDescription !== undefined);
    expect(described.length).toBeGreaterThanOrEqual(1);
    for (const entry of described) {
      const master = await text(entry.hls);
      const ad = master.split('\n').find((l) => l.includes(`CHARACTERISTICS="${DESCRIBES_VIDEO}"`));
      expect(ad).toContain('LANGUAGE="fr"');
      expect(ad).toContain('NAME="Français (audiodescription)"');
      expect(ad).toContain('DEFAULT=NO');
      const mpd = await text(entry.dash);
      expect(mpd).toMatch(
        new RegExp(
          `lang="fr">\\s*<Role [^>]*value="alternate" />\\s*<Accessibility schemeIdUri="${AUDIO_PURPOSE_SCHEME}" value="1" />`,
        ),
      );
    }
  });

  test('bumpers (brand, CSA -10, -12, -16), trailers and two 10–15 s ads as progressive MP4 with their index first', async () => {
    const ids = build.entries.map((e) => e.item.id);
    for (const id of ['bumper-brand', 'bumper-csa-10', 'bumper-csa-12', 'bumper-csa-16'])
      expect(ids).toContain(id);
    expect(build.entries.filter((e) => e.item.kind === 'trailer').length).toBeGreaterThanOrEqual(1);
    const ads = build.entries.filter((e) => e.item.kind === 'ad');
    expect(ads).toHaveLength(2);
    for (const ad of ads) {
      expect(ad.item.seconds).toBeGreaterThanOrEqual(10);
      expect(ad.item.seconds).toBeLessThanOrEqual(15);
      // Public, as ad servers serve them: no play token.
      const file = await get(ad.mp4 as string, { sign: false });
      expect(file.status).toBe(200);
      expect(file.type).toBe('video/mp4');
      const body = file.body.toString('latin1');
      expect(body.slice(4, 8)).toBe('ftyp');
      // +faststart: the index (moov) before the media data, so a browser starts playing at once.
      expect(body.indexOf('moov')).toBeLessThan(body.indexOf('mdat'));
    }
  });

  test('every demo title points at a demo stream through the API, and its manifests answer', async () => {
    // Every stream item, the encrypted ones (DASH only) included.
    const byProgramme = new Map(build.entries.filter((e) => e.dash !== undefined).map((e) => [e.item.id, e]));
    let checked = 0;
    for (const type of ['MOVIE', 'EPISODE', 'TV_SHOW', 'CLIP', 'PODCAST', 'TV_CHANNEL']) {
      const page = (
        await app.inject(
          `${V1}/content/asset?assetType=${type}&pageSize=200&onlyPublished=false&fieldSet=ALL`,
        )
      ).json();
      for (const asset of page.items as {
        assetId: string;
        medias: { format: string; locator: string; drm?: string }[];
      }[]) {
        // An encrypted (CENC) title has its DASH media only: ClearKey plays through DASH here.
        const encrypted = asset.medias.length > 0 && asset.medias.every((m) => m.drm === 'CENC');
        expect(asset.medias.map((m) => m.format).sort(), asset.assetId).toEqual(
          encrypted ? ['DASH'] : ['DASH', 'HLS'],
        );
        for (const media of asset.medias) {
          const folder = media.locator.split('/')[2] ?? '';
          expect(
            [...byProgramme.values()].some((e) => e.folder === folder),
            asset.assetId,
          ).toBe(true);
          expect((await get(media.locator)).status, media.locator).toBe(200);
          // Never without the play token.
          expect((await get(media.locator, { sign: false })).status, media.locator).toBe(403);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  }, 60_000);
});
