import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { demoCatalogue } from '@antenne/content';
import { generateDemoImages } from '@antenne/content/images';
import { DEMO_ADS, type DemoMediaItem } from '@antenne/content/media';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.js';
import type { Tenant } from '../../../lib/business-unit.js';
import type { AdCreative, PlaybackMediaRegistry } from '../../playback/index.js';
import { attachDemoMedia } from './attach.js';
import { mp4Codecs } from '../mp4-codecs.js';
import {
  AD_FILE,
  buildDemoMedia,
  DEMO_MEDIA_DIR,
  DEMO_MEDIA_URL_PREFIX,
  type BuildProgress,
  type BuildResult,
  type DemoMediaEntry,
} from './build.js';
import { readClearKey } from './encrypt.js';
import { HEIGHT, WIDTH } from './synth.js';

/**
 * The demo's media and images at start: built into CACHE_DIR when the cache lacks them, while the
 * server already answers (the web app shows its loader, assets have no medias yet), then attached
 * to the demo assets. Status for /readyz: preparing → ready (or failed, with the reason logged).
 * The playback registry (bumpers, ad creatives, content keys) is filled from the build's entries,
 * whether they were just encoded or found in the cache.
 */

export const DEMO_IMAGES_DIR = 'images';

export type DemoState = 'off' | 'preparing' | 'ready' | 'failed';

export class DemoPreparation {
  state: DemoState = 'off';
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  /** Starts once; later calls return the same run. */
  start(options: Omit<PrepareOptions, 'signal'>): Promise<void> {
    this.running ??= this.run({ ...options, signal: this.stopping.signal });
    return this.running;
  }

  /** Interrupts a build in progress (ffmpeg is killed, the half-built item removed) and waits for it. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async run(options: PrepareOptions): Promise<void> {
    const { log } = options;
    this.state = 'preparing';
    try {
      await prepareDemo(options);
      this.state = 'ready';
    } catch (error) {
      this.state = 'failed';
      if (this.stopping.signal.aborted)
        log.info('demo media preparation interrupted; it resumes at the next start');
      else log.error({ err: error }, 'demo media could not be prepared: the demo titles will not play');
    }
  }
}

export interface PrepareOptions {
  /** Told when demo titles got their medias (main.ts: the app's caches re-read the catalogue). */
  onAttached?: () => void;
  cacheDir: string;
  db: Kysely<Database>;
  tenant: Tenant;
  log: Logger;
  signal?: AbortSignal;
  /** Filled with the bumpers, the ads and the encrypted items' keys once the media is there. */
  registry?: PlaybackMediaRegistry;
  /** The plan to build (default: the whole demo plan; tests build a part of it). */
  plan?: readonly DemoMediaItem[];
}

/** Images, then media, then the assets' medias. */
export async function prepareDemo({
  cacheDir,
  db,
  tenant,
  log,
  signal,
  onAttached,
  registry,
  plan,
}: PrepareOptions): Promise<BuildResult> {
  const imagesDir = path.join(cacheDir, DEMO_IMAGES_DIR);
  const images = await generateDemoImages({ catalogue: demoCatalogue(), outDir: imagesDir });
  if (images.written > 0) log.info({ dir: imagesDir, written: images.written }, 'demo images rendered');

  let lastDecile = -1;
  const result = await buildDemoMedia({
    cacheDir,
    ...(signal ? { signal } : {}),
    ...(plan ? { plan } : {}),
    onStart: (missing) => {
      const seconds = missing.reduce((sum, e) => sum + e.item.seconds, 0);
      log.info(
        { cacheDir, items: missing.map((e) => e.item.id), seconds },
        `preparing media: encoding ${missing.length} demo item(s), ${seconds} s of video (once per machine, cached in ${cacheDir})`,
      );
    },
    onProgress: (progress: BuildProgress) => {
      const decile = Math.floor(progress.fraction * 10);
      if (decile <= lastDecile) return;
      lastDecile = decile;
      const eta = progress.etaMs === undefined ? '' : `, about ${Math.ceil(progress.etaMs / 1000)} s left`;
      log.info({ current: progress.current }, `preparing media: ${decile * 10} %${eta}`);
    },
  });
  // Before the attach: when a title gets its (encrypted) media, its key and the bumpers are known.
  if (registry !== undefined) await fillPlaybackRegistry(registry, cacheDir, result.entries);
  const attached = await attachDemoMedia(db, tenant, result.entries);
  if (attached > 0) onAttached?.();
  log.info(
    {
      built: result.built.length,
      reused: result.reused.length,
      attached,
      seconds: Math.round(result.elapsedMs / 1000),
    },
    result.built.length > 0 ? 'demo media ready' : 'demo media ready (from the cache)',
  );
  return result;
}

/**
 * The playback module's bumpers, ad creatives and content keys from the built demo items: every
 * bumper by its plan id, the ads with their advertiser and click-through (DEMO_ADS) and the codecs
 * read from the file (mp4-codecs.ts), and the key of
 * each encrypted item (its `.clearkey.json`) bound to the item's URL folder.
 */
export async function fillPlaybackRegistry(
  registry: PlaybackMediaRegistry,
  cacheDir: string,
  entries: readonly DemoMediaEntry[],
): Promise<void> {
  for (const entry of entries) {
    if (entry.item.kind !== 'bumper') continue;
    registry.setBumper(entry.item.id, {
      ...(entry.hls === undefined ? {} : { hls: entry.hls }),
      ...(entry.dash === undefined ? {} : { dash: entry.dash }),
      durationMs: entry.durationMs,
    });
  }
  const ads: AdCreative[] = [];
  for (const entry of entries) {
    const info = DEMO_ADS.find((a) => a.id === entry.item.id);
    if (entry.item.kind !== 'ad' || entry.mp4 === undefined || info === undefined) continue;
    // The creative's codecs go in the VAST MediaFile, so the player needs not guess them.
    const codecs = mp4Codecs(
      await readFile(path.join(cacheDir, DEMO_MEDIA_DIR, entry.folder, AD_FILE)).catch(
        () => new Uint8Array(),
      ),
    );
    ads.push({
      id: info.id,
      title: info.title,
      mp4: entry.mp4,
      durationMs: entry.durationMs,
      width: WIDTH,
      height: HEIGHT,
      clickThrough: info.clickThrough,
      ...(codecs === undefined ? {} : { codecs }),
    });
  }
  registry.setAds(ads);
  for (const entry of entries) {
    if (entry.item.encryption === undefined) continue;
    const key = await readClearKey(path.join(cacheDir, DEMO_MEDIA_DIR, entry.folder));
    registry.contentKeys.add({ ...key, mediaPrefix: `${DEMO_MEDIA_URL_PREFIX}${entry.folder}/` });
  }
}
