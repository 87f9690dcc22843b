import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Media } from '@antenne/contract';
import type { Kysely } from 'kysely';
import { bumpCatalogueVersion } from '../../db/catalogue-version.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { findFfmpeg, MediaError, probeMedia } from './ffmpeg.js';
import { labelAudioTracks } from './audio-tracks.js';
import {
  encodeLadder,
  LADDER,
  MANIFEST_MPD,
  MASTER_M3U8,
  renditionSize,
  type EncodeOptions,
} from './ladder.js';
import { findAssetMedias, setAssetMedias } from './repository.js';
import { attachSubtitles, isLanguageTag, loadSubtitles, type Subtitle } from './subtitles.js';

/**
 * `ingestMedia`: one video file → an ABR ladder with HLS + DASH manifests (and side-loaded
 * WebVTT) in `DATA_DIR/media/<assetId>/`, recorded as the asset's two medias.
 *
 * Nothing partial ever becomes visible: everything is written into `media/.tmp-<random>/` (a
 * hidden folder the /media route never serves), then swapped in by renames; on any failure the
 * temporary folder is removed and the asset is left as it was.
 */

export const MEDIA_DIR = 'media';
/** Where a media folder is served from. */
export const MEDIA_URL_PREFIX = '/media/';

export interface IngestProgress {
  /** 0..1 of the encode. */
  fraction: number;
  elapsedMs: number;
  /** Estimated time left (ms); undefined until there is something to go on. */
  etaMs: number | undefined;
}

export interface IngestOptions {
  /** The video file (absolute, or relative to the process's working folder). */
  input: string;
  assetId: string;
  /** Language tag → WebVTT file, e.g. `{ fr: 'fr.vtt', en: 'en.vtt' }`. */
  subtitles?: Record<string, string>;
  /**
   * What the input's audio tracks are, in order (`[{ lang: 'fr' }, { lang: 'fr', description: true }]`):
   * each becomes an audio rendition named in both manifests. Default: the first track, unnamed.
   */
  audio?: { lang?: string; description?: boolean }[];
  /** DATA_DIR: the ladder goes to `<dataDir>/media/<assetId>/`. */
  dataDir: string;
  db: Kysely<Database>;
  onProgress?: (progress: IngestProgress) => void;
  /** The ffmpeg binary; default: findFfmpeg(). */
  ffmpegPath?: string;
  signal?: AbortSignal;
}

export interface IngestResult {
  assetId: string;
  /** The asset's media folder. */
  outDir: string;
  durationMs: number;
  medias: Media[];
  renditions: { name: string; width: number; height: number; videoKbps: number }[];
  subtitles: string[];
  ffmpegPath: string;
  encodeMs: number;
}

/** An asset id that is also a safe folder name (not hidden, no separators). */
const FOLDER_SAFE_ID = /^[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,99}$/;

export async function ingestMedia(options: IngestOptions): Promise<IngestResult> {
  const input = path.resolve(options.input);
  const { assetId, db } = options;
  const mediaRoot = path.resolve(options.dataDir, MEDIA_DIR);

  // Everything that can be refused is refused before ffmpeg runs.
  if (!FOLDER_SAFE_ID.test(assetId))
    throw new MediaError(`"${assetId}" is not an asset id that can name a media folder`);
  const asset = await findAssetMedias(db, assetId);
  if (asset === undefined)
    throw new MediaError(
      `unknown asset "${assetId}": import it first (npm run catalog:import); nothing was encoded`,
    );
  try {
    const info = await stat(input);
    if (!info.isFile()) throw new MediaError(`${input}: not a file`, input);
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(
      `${input}: cannot read the input: ${error instanceof Error ? error.message : String(error)}`,
      input,
    );
  }
  const subtitles = await loadSubtitles(
    Object.entries(options.subtitles ?? {}).map(([lang, file]) => ({ lang, file: path.resolve(file) })),
  );
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg();
  const probe = await probeMedia(ffmpegPath, input);

  await mkdir(mediaRoot, { recursive: true });
  const token = randomBytes(4).toString('hex');
  const tmpDir = path.join(mediaRoot, `.tmp-${token}`);
  await mkdir(tmpDir);
  const started = Date.now();
  try {
    const onProgress = options.onProgress;
    const audio = options.audio;
    if (audio !== undefined && audio.length > 0) {
      if (audio.length > probe.audioTracks) {
        throw new MediaError(
          `${input}: ${audio.length} audio track(s) described but the input has ${probe.audioTracks}`,
          input,
        );
      }
      for (const track of audio) {
        if (track.lang !== undefined && !isLanguageTag(track.lang))
          throw new MediaError(`"${track.lang}" is not a language tag (fr, en, pt-BR)`);
      }
    }
    await packageLadder({
      ffmpegPath,
      input,
      probe,
      outDir: tmpDir,
      segmentPrefix: token,
      subtitles,
      ...(audio !== undefined && audio.length > 0
        ? { audio: audio.map((track, i) => ({ ...track, map: `0:a:${i}` })) }
        : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(onProgress
        ? {
            onProgress: (fraction: number) => {
              const elapsedMs = Date.now() - started;
              const etaMs = fraction > 0.01 ? Math.round((elapsedMs * (1 - fraction)) / fraction) : undefined;
              onProgress({ fraction, elapsedMs, etaMs });
            },
          }
        : {}),
    });
    const encodeMs = Date.now() - started;

    const top = renditionSize(LADDER[LADDER.length - 1] as (typeof LADDER)[number], probe);
    const base = `${MEDIA_URL_PREFIX}${encodeURIComponent(assetId)}/`;
    const common = {
      drm: 'UNENCRYPTED',
      durationMillis: probe.durationMs,
      status: 'enabled',
      width: top.width,
      height: top.height,
    };
    const medias: Media[] = [
      { mediaId: `${assetId}_hls`, name: 'HLS', format: 'HLS', ...common, locator: `${base}${MASTER_M3U8}` },
      {
        mediaId: `${assetId}_dash`,
        name: 'DASH',
        format: 'DASH',
        ...common,
        locator: `${base}${MANIFEST_MPD}`,
      },
    ];

    const outDir = path.join(mediaRoot, assetId);
    await swapIn(tmpDir, outDir, mediaRoot, async () => {
      await inTransaction(db, async (trx) => {
        const now = new Date();
        if (!(await setAssetMedias(trx, assetId, medias, now.toISOString()))) {
          throw new MediaError(`asset "${assetId}" was deleted during the encode`);
        }
        await bumpCatalogueVersion(trx, now);
      });
    });
    return {
      assetId,
      outDir,
      durationMs: probe.durationMs,
      medias,
      renditions: LADDER.map((r) => ({ name: r.name, videoKbps: r.videoKbps, ...renditionSize(r, probe) })),
      subtitles: subtitles.map((s) => s.lang),
      ffmpegPath,
      encodeMs,
    };
  } finally {
    // After a success the folder was renamed away; after a failure this removes the partial output.
    await rm(tmpDir, { recursive: true, force: true });
  }
}

export interface PackageOptions extends EncodeOptions {
  subtitles: readonly Subtitle[];
}

/**
 * The whole packaging into an existing (temporary) folder: the ladder encode, then the manifests'
 * post-processing (no wall-clock dates, named audio tracks, side-loaded subtitles), then a check
 * that both manifests are there. Shared by the ingest of a file and the demo media builder.
 */
export async function packageLadder(options: PackageOptions): Promise<void> {
  await encodeLadder(options);
  await stripProgramDateTime(options.outDir);
  if (options.audio !== undefined) await labelAudioTracks(options.outDir, options.audio);
  await attachSubtitles(options.outDir, options.subtitles, options.probe.durationMs);
  await checkOutput(options.outDir, options.input);
}

/**
 * Puts `newDir` in place of `finalDir` and runs `commit` (the database update); a previous
 * version is renamed aside first and deleted only once `commit` succeeded. If `commit` fails
 * the previous version is put back, so files and database never disagree.
 */
async function swapIn(
  newDir: string,
  finalDir: string,
  mediaRoot: string,
  commit: () => Promise<void>,
): Promise<void> {
  const oldDir = path.join(mediaRoot, `.old-${randomBytes(4).toString('hex')}`);
  let hadOld = false;
  try {
    await rename(finalDir, oldDir);
    hadOld = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(newDir, finalDir);
  } catch (error) {
    if (hadOld) await rename(oldDir, finalDir);
    throw error;
  }
  try {
    await commit();
  } catch (error) {
    // Back to how it was: the new ladder returns to its temporary name (removed by the caller).
    await rename(finalDir, newDir);
    if (hadOld) await rename(oldDir, finalDir);
    throw error;
  }
  if (hadOld) await rm(oldDir, { recursive: true, force: true });
}

/** The 5.1 dash muxer stamps the encode's wall clock into VOD media playlists: meaningless here, and a side-loaded subtitle playlist has none. */
async function stripProgramDateTime(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.m3u8') || name === MASTER_M3U8) continue;
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8');
    if (text.includes('#EXT-X-PROGRAM-DATE-TIME')) {
      await writeFile(
        file,
        text
          .split('\n')
          .filter((line) => !line.startsWith('#EXT-X-PROGRAM-DATE-TIME'))
          .join('\n'),
      );
    }
  }
}

/** ffmpeg exited 0: make sure both manifests are there before anything is published. */
async function checkOutput(dir: string, input: string): Promise<void> {
  for (const name of [MASTER_M3U8, MANIFEST_MPD]) {
    try {
      await stat(path.join(dir, name));
    } catch {
      throw new MediaError(`${input}: ffmpeg wrote no ${name}`, input);
    }
  }
}
