import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCatalogueVersion } from '../../src/db/catalogue-version.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { MediaError } from '../../src/modules/media/ffmpeg.js';
import { ingestMedia } from '../../src/modules/media/ingest.js';
import { findAssetMedias } from '../../src/modules/media/repository.js';
import type { TestDatabase } from '../helpers/test-app.js';
import {
  extinfs,
  leftovers,
  mediaFixtures,
  readText,
  removeMediaFixtures,
  SLOW,
  smallCatalogueDatabase,
  type MediaFixtures,
} from './helpers.js';

afterAll(removeMediaFixtures);

describe('media pipeline: input without audio, re-ingest (sqlite)', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let fx: MediaFixtures;

  beforeAll(async () => {
    fx = await mediaFixtures();
    ({ testDb, database } = await smallCatalogueDatabase('sqlite'));
  }, SLOW);

  afterAll(async () => {
    await database?.destroy();
    await testDb?.cleanup();
  });

  test('ffmpeg failing mid-encode: MediaError with its message, the partial output removed, asset unchanged', async () => {
    // Probes with the real ffmpeg, then writes a partial segment and fails like an encode would.
    const fake = path.join(fx.dir, 'failing-ffmpeg.sh');
    writeFileSync(
      fake,
      [
        '#!/bin/sh',
        'case "$*" in',
        '  *-progress*)',
        '    for a; do out="$a"; done',
        '    echo partial > "$(dirname "$out")/seg-partial.m4s"',
        '    echo "out_time_ms=1000000" ; echo "[libx264 @ 0x1234abcd] simulated encoder failure" >&2 ; exit 1 ;;',
        `  *) exec "${fx.ffmpegPath}" "$@" ;;`,
        'esac',
        '',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    const assetId = 'quartier-s1e2';
    const mediaRoot = path.join(testDb.options.dataDir, 'media');
    const before = await findAssetMedias(database.db, assetId);
    const version = await readCatalogueVersion(database.db);
    const error = await ingestMedia({
      input: fx.silent,
      assetId,
      subtitles: { fr: fx.fr },
      dataDir: testDb.options.dataDir,
      db: database.db,
      ffmpegPath: fake,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toBe(
      `${fx.silent}: ffmpeg failed: libx264: simulated encoder failure`,
    );
    expect(existsSync(path.join(mediaRoot, assetId))).toBe(false);
    expect(await leftovers(mediaRoot)).toEqual([]);
    expect(await findAssetMedias(database.db, assetId)).toEqual(before);
    expect(await readCatalogueVersion(database.db)).toBe(version);
  });

  test(
    'a silent input gets an audio track; a second ingest replaces the first whole',
    async () => {
      const assetId = 'serie-quartier';
      const options = { input: fx.silent, assetId, dataDir: testDb.options.dataDir, db: database.db };
      const mediaRoot = path.join(testDb.options.dataDir, 'media');
      const outDir = path.join(mediaRoot, assetId);
      const version = await readCatalogueVersion(database.db);

      const first = await ingestMedia(options);
      expect(first.durationMs).toBe(3000);
      expect(first.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
        '480x360',
        '720x540',
        '960x720',
      ]);
      const audio = await readText(path.join(outDir, 'media_3.m3u8'));
      const audioTotal = extinfs(audio).reduce((a, b) => a + b, 0);
      expect(Math.abs(audioTotal - 3)).toBeLessThanOrEqual(0.5);
      expect(await readText(path.join(outDir, 'master.m3u8'))).toContain('mp4a.40.2');
      const firstFiles = readdirSync(outDir);

      await ingestMedia(options);
      const secondFiles = readdirSync(outDir);
      // Segment names carry the ingest's token: none of the first run's segments remain.
      expect(secondFiles.filter((f) => f.endsWith('.m4s') && firstFiles.includes(f))).toEqual([]);
      expect(secondFiles.filter((f) => f.endsWith('.m4s')).length).toBe(
        firstFiles.filter((f) => f.endsWith('.m4s')).length,
      );
      expect(await leftovers(mediaRoot)).toEqual([]);
      expect(await readCatalogueVersion(database.db)).toBe(version + 2);
      expect((await findAssetMedias(database.db, assetId))?.medias.map((m) => m.locator)).toEqual([
        `/media/${assetId}/master.m3u8`,
        `/media/${assetId}/manifest.mpd`,
      ]);
    },
    SLOW,
  );
});
