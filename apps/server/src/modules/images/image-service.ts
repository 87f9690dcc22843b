import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError, notFound } from '../../lib/errors.js';
import { findIn, pngIsOpaque, writeAtomically } from './files.js';
import {
  CONTENT_TYPES,
  DEFAULT_QUALITY,
  etagOf,
  EXTENSIONS,
  hashOf,
  KIND_BY_EXTENSION,
  negotiate,
  type Original,
  type OutputFormat,
  type Plan,
  type VariantRequest,
} from './formats.js';
import { JobQueue, QueueFullError } from './job-queue.js';
import { render } from './render.js';

export {
  FITS,
  matchesIfNoneMatch,
  MAX_DIMENSION,
  negotiate,
  OUTPUT_FORMATS,
  type Fit,
  type Original,
  type OutputFormat,
  type Plan,
  type VariantRequest,
} from './formats.js';
export { ImageProcessingError, MAX_INPUT_PIXELS } from './render.js';

export interface ImageServiceOptions {
  /** Folder of the originals (DATA_DIR/images). */
  originalsDir: string;
  /** Further folders looked in, in order, when the originals folder lacks a file (the demo's generated images). */
  extraOriginalsDirs?: readonly string[];
  /** Folder of the rendered variants (DATA_DIR/cache/images); created when first needed. */
  cacheDir: string;
  /** Resizes running at once; default: one less than the cores, between 1 and 2. */
  concurrency?: number;
  /** Resizes waiting beyond that before new ones get a 503; default 100. */
  maxWaiting?: number;
  /** Told when a variant could not be written to the cache (it is still sent). */
  onCacheWriteError?: (error: unknown, file: string) => void;
}

export type Body = { buffer: Buffer } | { file: string; size: number };

/**
 * Finds originals under the originals folder and renders resized, re-encoded variants of them,
 * kept in a disk cache keyed by the original's identity (path, mtime, size) and the asked variant.
 * What to answer is decided in formats.ts, the rendering is render.ts's, the files files.ts's.
 */
export class ImageService {
  private readonly originalsDirs: readonly string[];
  private readonly cacheDir: string;
  private readonly queue: JobQueue;
  /** Variants being rendered: identical requests wait for the same job. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly onCacheWriteError: (error: unknown, file: string) => void;
  /** Counters since start: variants rendered, served from the disk cache, or shared with an identical request. */
  readonly stats = { renders: 0, diskHits: 0, shared: 0 };

  constructor(options: ImageServiceOptions) {
    this.originalsDirs = [options.originalsDir, ...(options.extraOriginalsDirs ?? [])].map((dir) =>
      path.resolve(dir),
    );
    this.cacheDir = path.resolve(options.cacheDir);
    const concurrency = options.concurrency ?? Math.min(2, Math.max(1, availableParallelism() - 1));
    this.queue = new JobQueue(concurrency, options.maxWaiting ?? 100);
    this.onCacheWriteError = options.onCacheWriteError ?? (() => {});
    // One libvips thread per job: `concurrency` jobs use at most that many cores, leaving the rest to the API.
    sharp.concurrency(1);
  }

  /**
   * The original a URL path (after /images/, still percent-encoded) names. Traversal attempts
   * are a 400; anything not found, not a file or not an image type served here is a 404.
   */
  async locate(encodedPath: string): Promise<Original> {
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(encodedPath);
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', 'image path is not valid percent-encoding');
    }
    if (relativePath === '') throw notFound('no image path');
    if (relativePath.includes('\0') || relativePath.includes('\\')) {
      throw new ApiError(400, 'BAD_REQUEST', 'image path may not contain NUL or backslash');
    }
    const segments = relativePath.split('/');
    if (segments.some((segment) => segment === '' || segment.startsWith('.'))) {
      throw new ApiError(400, 'BAD_REQUEST', 'image path segments may not be empty or start with a dot');
    }
    const kind = KIND_BY_EXTENSION[path.extname(relativePath).toLowerCase()];
    if (kind === undefined) throw notFound('not an image type served here (png, jpg, jpeg, webp, avif, svg)');

    for (const root of this.originalsDirs) {
      const found = await findIn(root, segments);
      if (found === undefined) continue;
      const opaque = kind === 'jpeg' || (kind === 'png' && (await pngIsOpaque(found.file)));
      return { relativePath, kind, ...found, opaque };
    }
    throw notFound();
  }

  /** What to answer for a request of this original, before any work. */
  plan(original: Original, request: VariantRequest): Plan {
    const { width, height, fit } = request;
    const identity = [original.relativePath, original.mtimeMs, original.size];
    const asIs = (): Plan => ({
      etag: etagOf(hashOf([...identity, 'original'])),
      contentType: CONTENT_TYPES[original.kind],
      negotiated: false,
    });
    // The original's bytes: nothing asked, or an SVG without an explicit format (it scales by itself).
    if (
      request.format === undefined &&
      (original.kind === 'svg' || (width === undefined && height === undefined))
    )
      return asIs();

    const negotiated = request.format === undefined;
    const format = request.format ?? negotiate(request.accept, original.kind, original.opaque);
    // PNG is lossless: the quality parameter does not change it.
    const quality = format === 'png' ? DEFAULT_QUALITY.png : (request.quality ?? DEFAULT_QUALITY[format]);
    const key = hashOf([...identity, width ?? 0, height ?? 0, fit, format, quality]);
    return {
      etag: etagOf(key),
      contentType: `image/${format}`,
      negotiated,
      variant: { key, width, height, fit, format, quality },
    };
  }

  /** The bytes of a plan: the original file, a cached variant, or a freshly rendered one. */
  async body(original: Original, plan: Plan): Promise<Body> {
    const { variant } = plan;
    if (variant === undefined) return { file: original.file, size: original.size };

    const cacheFile = this.cacheFileOf(variant.key, variant.format);
    const pending = this.inFlight.get(variant.key);
    if (pending) {
      this.stats.shared += 1;
      return { buffer: await pending };
    }
    const cached = await stat(cacheFile).catch(() => undefined);
    if (cached?.isFile()) {
      this.stats.diskHits += 1;
      return { file: cacheFile, size: cached.size };
    }

    // Another request may have started the same job while we looked at the disk.
    let job = this.inFlight.get(variant.key);
    if (job === undefined) {
      job = this.queue
        .run(() => {
          this.stats.renders += 1;
          return render(original, variant);
        })
        .then(async (buffer) => {
          await writeAtomically(cacheFile, buffer).catch((error: unknown) =>
            this.onCacheWriteError(error, cacheFile),
          );
          return buffer;
        })
        .finally(() => this.inFlight.delete(variant.key));
      this.inFlight.set(variant.key, job);
    } else {
      this.stats.shared += 1;
    }
    try {
      return { buffer: await job };
    } catch (error) {
      if (error instanceof QueueFullError)
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'too many images being resized; retry shortly');
      throw error;
    }
  }

  cacheFileOf(key: string, format: OutputFormat): string {
    return path.join(this.cacheDir, key.slice(0, 2), `${key}.${EXTENSIONS[format]}`);
  }

  get queueSize(): { running: number; waiting: number; inFlight: number } {
    return { ...this.queue.size, inFlight: this.inFlight.size };
  }
}
