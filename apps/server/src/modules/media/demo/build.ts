import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MEDIA_VERSION, demoMediaPlan, toWebVtt, type DemoMediaItem } from '@antenne/content/media';
import sharp from 'sharp';
import { findFfmpeg, MediaError, runFfmpeg } from '../ffmpeg.js';
import { packageLadder } from '../ingest.js';
import { LADDER, MANIFEST_MPD, MASTER_M3U8, SEGMENT_SECONDS } from '../ladder.js';
import { languageLabel, type Subtitle } from '../subtitles.js';
import { encryptLadder, findPackager, generateClearKey, packagerVersion } from './encrypt.js';
import { FRAME_RATE, HEIGHT, mp4Args, synthGraph, WIDTH } from './synth.js';

/**
 * The demo media builder: every item of the demo plan (packages/content/src/media) encoded once
 * per machine into a cache folder outside DATA_DIR (CACHE_DIR, default ~/.cache/antenne), so a
 * fresh DATA_DIR — every test run, every new install on the same machine — reuses it.
 *
 * Each item lives in `<cacheDir>/media/<id>-<hash>/`, where the hash covers everything that
 * shapes its output (the item's data, the ladder, this builder's version): a changed item gets a
 * new folder, an unchanged one is never encoded again. A folder is complete once it holds
 * `.complete`; it is built in a hidden temporary folder and renamed into place, and a lock file
 * keeps two processes (a test run and a server) from encoding the same item at once.
 *
 * An item with `encryption: 'cenc'` is encoded the same way into a clear folder beside it, then
 * encrypted by shaka-packager (encrypt.ts): its folder holds a DASH MPD, encrypted segments, the
 * subtitles and `.clearkey.json`, and no HLS.
 */

/** Bump when the synthetic graph or the packaging changes the output. */
export const BUILDER_VERSION = 2;
export const DEMO_MEDIA_DIR = 'media';
export const COMPLETE_FILE = '.complete';
/** Where the server serves the demo media folder (apps/server/src/modules/media/routes.ts). */
export const DEMO_MEDIA_URL_PREFIX = '/demo-media/';
export const AD_FILE = 'ad.mp4';
/** A lock older than this is from a process that died: taken over. */
const STALE_LOCK_MS = 10 * 60_000;

export interface DemoMediaEntry {
  item: DemoMediaItem;
  /** `<id>-<hash>`: the folder under `<cacheDir>/media/` and the URL segment under /demo-media/. */
  folder: string;
  durationMs: number;
  /** URL paths (for 'stream' items; an encrypted one has no HLS). */
  hls?: string;
  dash?: string;
  /** URL path (for 'mp4' items). */
  mp4?: string;
}

export function itemHash(item: DemoMediaItem): string {
  const inputs = {
    builder: BUILDER_VERSION,
    plan: DEMO_MEDIA_VERSION,
    item,
    ladder: LADDER,
    segment: SEGMENT_SECONDS,
    // Only encrypted items go through shaka-packager: the other items' keys stay as they were.
    ...(item.encryption === undefined ? {} : { packager: packagerVersion() }),
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
}

/** Where each item of the plan is (or will be): deterministic, no file touched. */
export function demoMediaEntries(plan: readonly DemoMediaItem[] = demoMediaPlan()): DemoMediaEntry[] {
  return plan.map((item) => {
    const folder = `${item.id}-${itemHash(item)}`;
    const base = `${DEMO_MEDIA_URL_PREFIX}${folder}/`;
    const urls =
      item.output === 'mp4'
        ? { mp4: `${base}${AD_FILE}` }
        : item.encryption === 'cenc'
          ? { dash: `${base}${MANIFEST_MPD}` }
          : { hls: `${base}${MASTER_M3U8}`, dash: `${base}${MANIFEST_MPD}` };
    return { item, folder, durationMs: item.seconds * 1000, ...urls };
  });
}

export interface BuildProgress {
  /** 0..1 of the seconds of video still to encode when the build began. */
  fraction: number;
  elapsedMs: number;
  etaMs: number | undefined;
  /** The item being encoded. */
  current: string | undefined;
}

export interface BuildOptions {
  /** CACHE_DIR: items go to `<cacheDir>/media/`. */
  cacheDir: string;
  plan?: readonly DemoMediaItem[];
  ffmpegPath?: string;
  /** shaka-packager's binary, for encrypted items (default: the npm package's one for this platform). */
  packagerPath?: string;
  onProgress?: (progress: BuildProgress) => void;
  /** Called once before encoding starts, when something has to be encoded. */
  onStart?: (toBuild: DemoMediaEntry[]) => void;
  signal?: AbortSignal;
}

export interface BuildResult {
  entries: DemoMediaEntry[];
  /** Folders encoded by this call. */
  built: string[];
  /** Folders found complete in the cache. */
  reused: string[];
  elapsedMs: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Builds whatever the cache lacks, item after item (ffmpeg already uses every core). */
export async function buildDemoMedia(options: BuildOptions): Promise<BuildResult> {
  const started = Date.now();
  const root = path.join(path.resolve(options.cacheDir), DEMO_MEDIA_DIR);
  await mkdir(root, { recursive: true });
  const entries = demoMediaEntries(options.plan);
  const missing: DemoMediaEntry[] = [];
  const reused: string[] = [];
  for (const entry of entries) {
    if (await exists(path.join(root, entry.folder, COMPLETE_FILE))) reused.push(entry.folder);
    else missing.push(entry);
  }
  if (missing.length === 0) return { entries, built: [], reused, elapsedMs: Date.now() - started };

  // Before any encode: an encrypted item cannot be built without the packager.
  const packagerPath = missing.some((e) => e.item.encryption !== undefined)
    ? (options.packagerPath ?? findPackager())
    : undefined;
  if (packagerPath !== undefined && !(await exists(packagerPath))) {
    throw new MediaError(
      `shaka-packager's binary is missing: ${packagerPath} (it encrypts the ClearKey demo programme)`,
    );
  }
  options.onStart?.(missing);
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg();
  const totalSeconds = missing.reduce((sum, e) => sum + e.item.seconds, 0);
  let doneSeconds = 0;
  const built: string[] = [];
  for (const entry of missing) {
    const report = (fraction: number) => {
      if (options.onProgress === undefined) return;
      const overall = Math.min(1, (doneSeconds + fraction * entry.item.seconds) / totalSeconds);
      const elapsedMs = Date.now() - started;
      const etaMs = overall > 0.02 ? Math.round((elapsedMs * (1 - overall)) / overall) : undefined;
      options.onProgress({ fraction: overall, elapsedMs, etaMs, current: entry.item.id });
    };
    const didBuild = await withLock(root, entry.folder, options.signal, async () => {
      await buildItem(entry, root, { ffmpegPath, packagerPath }, report, options.signal);
    });
    if (didBuild) built.push(entry.folder);
    else reused.push(entry.folder);
    doneSeconds += entry.item.seconds;
    report(0);
  }
  return { entries, built, reused, elapsedMs: Date.now() - started };
}

/**
 * Runs `build` under `<root>/.lock-<folder>` unless the folder is (or becomes, while another
 * process holds the lock) complete. Resolves true when `build` ran.
 */
async function withLock(
  root: string,
  folder: string,
  signal: AbortSignal | undefined,
  build: () => Promise<void>,
): Promise<boolean> {
  const lock = path.join(root, `.lock-${folder}`);
  const complete = path.join(root, folder, COMPLETE_FILE);
  for (;;) {
    if (await exists(complete)) return false;
    if (signal?.aborted) throw new MediaError(`${folder}: build interrupted`);
    let handle;
    try {
      handle = await open(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(lock).catch(() => undefined);
      if (info !== undefined && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      if (await exists(complete)) return false;
      await build();
      return true;
    } finally {
      await rm(lock, { force: true });
    }
  }
}

async function buildItem(
  entry: DemoMediaEntry,
  root: string,
  tools: { ffmpegPath: string; packagerPath: string | undefined },
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { item, folder } = entry;
  const { ffmpegPath, packagerPath } = tools;
  const tmp = path.join(root, `.tmp-${folder}-${randomBytes(3).toString('hex')}`);
  // The overlay is an input of the encode, not part of the output: kept beside the temporary folder.
  const overlay = `${tmp}.overlay.png`;
  // An encrypted item's clear ladder, the packager's input: never inside the published folder.
  const clear = `${tmp}.clear`;
  await mkdir(tmp);
  try {
    await sharp(Buffer.from(item.overlaySvg)).resize(WIDTH, HEIGHT).png().toFile(overlay);
    const graph = synthGraph(item, overlay);
    const input = `demo item ${item.id}`;
    const run = {
      ffmpegPath,
      input,
      durationMs: entry.durationMs,
      onProgress,
      ...(signal ? { signal } : {}),
    };
    if (item.output === 'mp4') {
      if (item.audioDescription !== undefined)
        throw new MediaError(`${item.id}: an MP4 item has one audio track`);
      await runFfmpeg(mp4Args(graph, item.seconds, path.join(tmp, AD_FILE)), run);
    } else {
      const subtitles: Subtitle[] = Object.entries(item.subtitles).map(([lang, cues]) => ({
        lang,
        file: `${item.id}.${lang}.vtt`,
        text: toWebVtt(cues),
        label: languageLabel(lang),
      }));
      const encrypted = item.encryption === 'cenc';
      if (encrypted) await mkdir(clear);
      await packageLadder({
        ...run,
        inputArgs: graph.inputArgs,
        preFilter: graph.filter,
        videoSource: graph.videoSource,
        audio: graph.audio,
        probe: {
          durationMs: entry.durationMs,
          fps: FRAME_RATE,
          width: WIDTH,
          height: HEIGHT,
          hasAudio: true,
          audioTracks: graph.audio.length,
        },
        outDir: encrypted ? clear : tmp,
        // The folder name already changes with every input: segment names need no token.
        segmentPrefix: item.id,
        // Flat synthetic pictures: superfast keeps the first start within its budget (~20 % faster).
        x264Preset: 'superfast',
        // The encrypted MPD is packager's: the subtitles go into it, not into the clear one.
        subtitles: encrypted ? [] : subtitles,
      });
      if (encrypted) {
        if (packagerPath === undefined) throw new MediaError(`${item.id}: no shaka-packager to encrypt it`);
        await encryptLadder({
          id: item.id,
          packagerPath,
          clearDir: clear,
          segmentPrefix: item.id,
          audio: graph.audio,
          subtitles,
          outDir: tmp,
          key: generateClearKey(),
          ...(signal ? { signal } : {}),
        });
      }
    }
    await writeFile(
      path.join(tmp, COMPLETE_FILE),
      `${JSON.stringify({ id: item.id, folder, builtAt: new Date().toISOString(), ffmpeg: ffmpegPath }, null, 2)}\n`,
    );
    await rename(tmp, path.join(root, folder));
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(overlay, { force: true });
    await rm(clear, { recursive: true, force: true });
  }
}

/** What `.complete` says of a built folder (undefined when it is not complete). */
export async function readComplete(
  cacheDir: string,
  folder: string,
): Promise<{ id: string; builtAt: string } | undefined> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, DEMO_MEDIA_DIR, folder, COMPLETE_FILE), 'utf8')) as {
      id: string;
      builtAt: string;
    };
  } catch {
    return undefined;
  }
}
