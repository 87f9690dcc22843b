import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PROTECTED_MEDIA_PREFIX } from '@antenne/contract';
import type { DatabaseHandle, Engine } from '../../src/db/database.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { identitySecret } from '../../src/modules/identity/auth.js';
import { findFfmpeg, spawnFfmpeg } from '../../src/modules/media/ffmpeg.js';
import { createPlayTokens, folderOf } from '../../src/modules/playback/play-token.js';
import { smallCatalogue } from '../catalogue/helpers.js';
import { createTestDatabase, TENANT, testConfig, type TestDatabase } from '../helpers/test-app.js';

/** Making the input and one ladder encode take a few seconds each on 2 cores. */
export const SLOW = 90_000;

export interface MediaFixtures {
  dir: string;
  /** 10 s, 1280x720 testsrc2 at 30 fps + a 440 Hz sine. */
  video: string;
  /** 3 s, 320x240, 25 fps, no audio track. */
  silent: string;
  /** Random bytes named .mp4. */
  corrupt: string;
  fr: string;
  en: string;
  ffmpegPath: string;
}

const FR_VTT = `WEBVTT

00:00:00.500 --> 00:00:03.000
Sous-titre 1 [fr]

00:00:04.000 --> 00:00:08.000 line:90%
Sous-titre 2 [fr]
`;
const EN_VTT = `WEBVTT - English

1
00:00.500 --> 00:03.000
Subtitle 1 [en]
`;

let fixtures: Promise<MediaFixtures> | undefined;

/** Made once per test file (the input encode is the slow part). */
export function mediaFixtures(): Promise<MediaFixtures> {
  fixtures ??= makeFixtures();
  return fixtures;
}

async function makeFixtures(): Promise<MediaFixtures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'antenne-media-'));
  const ffmpegPath = findFfmpeg();
  const video = path.join(dir, 'testsrc.mp4');
  const result = await spawnFfmpeg(ffmpegPath, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  ]);
  if (result.code !== 0 || !existsSync(video))
    throw new Error(`could not make the test video: ${result.stderr.slice(-500)}`);
  const silent = path.join(dir, 'silent.mp4');
  const silentResult = await spawnFfmpeg(ffmpegPath, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25:duration=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    silent,
  ]);
  if (silentResult.code !== 0)
    throw new Error(`could not make the silent test video: ${silentResult.stderr.slice(-500)}`);
  const corrupt = path.join(dir, 'corrupt.mp4');
  writeFileSync(corrupt, randomBytes(64 * 1024));
  const fr = path.join(dir, 'fr.vtt');
  writeFileSync(fr, FR_VTT);
  const en = path.join(dir, 'en.vtt');
  writeFileSync(en, EN_VTT);
  return { dir, video, silent, corrupt, fr, en, ffmpegPath };
}

/** URIs of an HLS playlist: non-tag lines and URI="..." attributes. */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const uri = /URI="([^"]+)"/.exec(line);
      if (uri?.[1]) uris.push(uri[1]);
    } else uris.push(line);
  }
  return uris;
}

/** EXTINF durations of a media playlist. */
export function extinfs(text: string): number[] {
  return [...text.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
}

/** Every file an MPD names: SegmentTemplate init + media (numbers from the SegmentTimeline) and BaseURLs. */
export function mpdFiles(mpd: string): string[] {
  const files: string[] = [];
  for (const rep of mpd.matchAll(/<Representation\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/Representation>/g)) {
    const id = rep[1] ?? '';
    const body = rep[2] ?? '';
    const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(body);
    if (base?.[1]) files.push(base[1]);
    const template = /<SegmentTemplate\b([^>]*)>/.exec(body);
    if (!template) continue;
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(template[1] ?? '')?.[1];
    const fill = (pattern: string, n?: number) =>
      pattern
        .replace(/\$RepresentationID\$/g, id)
        .replace(/\$Number%0(\d+)d\$/g, (_m, width: string) => String(n).padStart(Number(width), '0'))
        .replace(/\$Number\$/g, String(n));
    const init = attr('initialization');
    if (init) files.push(fill(init));
    const media = attr('media') ?? '';
    let number = Number(attr('startNumber') ?? '1');
    for (const s of body.matchAll(/<S\b([^>]*)\/>/g)) {
      const repeat = Number(/\br="(\d+)"/.exec(s[1] ?? '')?.[1] ?? '0');
      for (let i = 0; i <= repeat; i++) files.push(fill(media, number++));
    }
  }
  return files;
}

/** Names in `dir` starting with `.tmp-` or `.old-`. */
export async function leftovers(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => name.startsWith('.tmp-') || name.startsWith('.old-'));
}

export const readText = (file: string) => readFile(file, 'utf8');

/** Removes the fixtures folder (afterAll of the file that made them). */
export async function removeMediaFixtures(): Promise<void> {
  if (fixtures === undefined) return;
  const { dir } = await fixtures.catch(() => ({ dir: undefined }));
  fixtures = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

/**
 * The URL the play call would hand out for a media path (`/media/<id>/master.m3u8` or
 * `/demo-media/…`): `/play/<token>/…`, signed with the app's secret, valid for an hour, opening
 * the path's folder (or the given prefixes). Media are served only so.
 */
export function signedMediaUrl(
  testDb: TestDatabase,
  mediaPath: string,
  prefixes: string[] = [folderOf(mediaPath)],
): string {
  const tokens = createPlayTokens(identitySecret(testConfig(testDb)));
  const token = tokens.sign({
    sid: 'ps_media-test',
    aid: 'media-test',
    exp: Date.now() + 3600_000,
    p: prefixes,
  });
  return `${PROTECTED_MEDIA_PREFIX}${token}${mediaPath}`;
}

/** A fresh database of `engine` holding the small catalogue (the assets the ingest tests fill), open. */
export async function smallCatalogueDatabase(
  engine: Engine,
): Promise<{ testDb: TestDatabase; database: DatabaseHandle }> {
  const testDb = await createTestDatabase(engine);
  const database = testDb.open();
  const imported = await importCatalogue(database.db, smallCatalogue(), TENANT);
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  return { testDb, database };
}
