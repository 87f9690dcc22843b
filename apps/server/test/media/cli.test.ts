import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { findFfmpeg, spawnFfmpeg } from '../../src/modules/media/ffmpeg.js';
import { findAssetMedias } from '../../src/modules/media/repository.js';
import { smallCatalogue } from '../catalogue/helpers.js';
import { createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/media-ingest.ts');

/** `npm run media:ingest -- <video> --asset <id>` as a person runs it (from the sources, on SQLite, not a TTY). */
describe('media:ingest command', () => {
  let testDb: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    dir = testDb.options.dataDir;
    const handle = testDb.open();
    try {
      const imported = await importCatalogue(handle.db, smallCatalogue(), TENANT);
      if (!imported.ok) throw new Error(imported.errors.join('\n'));
    } finally {
      await handle.destroy();
    }
    const made = await spawnFfmpeg(findFfmpeg(), [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      path.join(dir, 'clip.mp4'),
    ]);
    if (made.code !== 0) throw new Error(made.stderr.slice(-500));
    // A programme with its French mix and a French audio-description track.
    const described = await spawnFfmpeg(findFfmpeg(), [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=660:duration=2',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      path.join(dir, 'described.mp4'),
    ]);
    if (described.code !== 0) throw new Error(described.stderr.slice(-500));
    writeFileSync(path.join(dir, 'clip.fr.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n');
    writeFileSync(path.join(dir, 'corrupt.mp4'), Buffer.alloc(4096, 7));
  }, 60_000);

  afterAll(async () => {
    await testDb?.cleanup();
  });

  const ingest = (...args: string[]) =>
    run(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', CLI, ...args], {
      // Relative paths are resolved against INIT_CWD, as under `npm run`.
      cwd: import.meta.dirname,
      env: {
        ...process.env,
        INIT_CWD: dir,
        DATA_DIR: dir,
        DATABASE_URL: '',
        CUSTOMER: TENANT.customer,
        BUSINESS_UNIT: TENANT.businessUnit,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  test('encodes, prints progress lines and the locators, and records the medias', async () => {
    const result = await ingest('clip.mp4', '--asset', 'film-ete-indien', '--subtitles', 'fr=clip.fr.vtt');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^encoding 100% {2}elapsed \d+:\d{2} {2}ETA 0:00$/m);
    expect(result.stdout).toContain('subtitles: fr');
    expect(result.stdout).toContain('HLS: /media/film-ete-indien/master.m3u8');
    expect(result.stdout).toContain('DASH: /media/film-ete-indien/manifest.mpd');
    expect(existsSync(path.join(dir, 'media', 'film-ete-indien', 'subs', 'fr.vtt'))).toBe(true);
    const handle = testDb.open();
    try {
      expect((await findAssetMedias(handle.db, 'film-ete-indien'))?.medias.map((m) => m.format)).toEqual([
        'HLS',
        'DASH',
      ]);
    } finally {
      await handle.destroy();
    }
  }, 60_000);

  test('--audio names each audio track: the audio description is marked in both manifests; more tracks than the input has is refused', async () => {
    const result = await ingest(
      'described.mp4',
      '--asset',
      'quartier-s1e2',
      '--audio',
      'fr',
      '--audio',
      'fr:description',
    );
    expect(result.code, result.stderr).toBe(0);
    const out = path.join(dir, 'media', 'quartier-s1e2');
    const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
    expect(master).toMatch(
      /TYPE=AUDIO,GROUP-ID="[^"]+",NAME="Français",LANGUAGE="fr",AUTOSELECT=YES,DEFAULT=YES/,
    );
    expect(master).toMatch(
      /NAME="Français \(audiodescription\)",LANGUAGE="fr",AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.describes-video",DEFAULT=NO/,
    );
    const mpd = readFileSync(path.join(out, 'manifest.mpd'), 'utf8');
    expect(mpd).toContain(
      '<Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="1" />',
    );
    expect(mpd).toContain('<Label>Français (audiodescription)</Label>');

    const tooMany = await ingest(
      'clip.mp4',
      '--asset',
      'quartier-s1e2',
      '--audio',
      'fr',
      '--audio',
      'fr:description',
    );
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain('2 audio track(s) described but the input has 0');
    const badSpec = await ingest('clip.mp4', '--asset', 'quartier-s1e2', '--audio', 'fr:commentary');
    expect(badSpec.code).toBe(2);
    expect(badSpec.stderr).toContain('--audio fr:commentary: expected <lang> or <lang>:description');
  }, 60_000);

  test('a corrupt file exits 1 naming the file; a bad command line exits 2 with the usage', async () => {
    const corrupt = await ingest('corrupt.mp4', '--asset', 'quartier-s1e1');
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain(`media:ingest failed: ${path.join(dir, 'corrupt.mp4')}: `);
    expect(existsSync(path.join(dir, 'media', 'quartier-s1e1'))).toBe(false);
    const usage = await ingest('clip.mp4');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run media:ingest -- <video file> --asset <assetId>');
  }, 60_000);
});
