import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError, notFound } from '../../lib/errors.js';
import { JobQueue, QueueFullError } from './job-queue.js';

export const OUTPUT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const FITS = ['cover', 'contain', 'inside'] as const;
export type Fit = (typeof FITS)[number];
type OriginalKind = 'png' | 'jpeg' | 'webp' | 'avif' | 'svg';

/** Largest width or height a client may ask for. */
export const MAX_DIMENSION = 4096;
/** A raster original is never enlarged more than this (vector originals are re-rendered instead). */
const MAX_UPSCALE = 2;
/** Originals above this many pixels are refused (decoding them would take too much memory). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Originals above this size are refused before being read. */
const MAX_ORIGINAL_BYTES = 50 * 1024 * 1024;
/** A single resize taking longer is abandoned. */
const JOB_TIMEOUT_SECONDS = 30;
/** AVIF encoding is slow: effort 2 is ~10× faster than 4 for ~10 % more bytes (see the module README). */
const AVIF_EFFORT = 2;
const DEFAULT_QUALITY: Record<OutputFormat, number> = { avif: 50, webp: 80, jpeg: 80, png: 100 };

const KIND_BY_EXTENSION: Record<string, OriginalKind> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
};
const CONTENT_TYPES: Record<OriginalKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
const EXTENSIONS: Record<OutputFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', avif: 'avif' };

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

/** An original found under the originals folder. */
export interface Original {
  /** Path relative to the originals folder, with forward slashes. */
  relativePath: string;
  file: string;
  kind: OriginalKind;
  size: number;
  mtimeMs: number;
}

export interface VariantRequest {
  width?: number | undefined;
  height?: number | undefined;
  format?: OutputFormat | undefined;
  fit: Fit;
  quality?: number | undefined;
  /** The request's Accept header, for format negotiation. */
  accept?: string | undefined;
}

/** What to send, decided from the original's stat and the query alone (no decoding). */
export interface Plan {
  /** Strong ETag, quoted. */
  etag: string;
  contentType: string;
  /** The format was chosen from Accept: the answer must carry `Vary: Accept`. */
  negotiated: boolean;
  /** Undefined: the original's bytes as they are. */
  variant?: {
    key: string;
    width?: number | undefined;
    height?: number | undefined;
    fit: Fit;
    format: OutputFormat;
    quality: number;
  };
}

export type Body = { buffer: Buffer } | { file: string; size: number };

export class ImageProcessingError extends Error {
  constructor(relativePath: string, cause: unknown) {
    super(
      `could not process image ${relativePath}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'ImageProcessingError';
  }
}

/**
 * Finds originals under the originals folder and renders resized, re-encoded variants of them,
 * kept in a disk cache keyed by the original's identity (path, mtime, size) and the asked variant.
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
    this.originalsDirs = [options.originalsDir, ...(options.extraOriginalsDirs ?? [])].map((dir) => path.resolve(dir));
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
      if (found !== undefined) return { relativePath, kind, ...found };
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
    const format = request.format ?? negotiate(request.accept, original.kind);
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

/** AVIF when accepted, else WebP when accepted, else the original's own format (PNG for WebP/AVIF/SVG originals). */
export function negotiate(accept: string | undefined, kind: OriginalKind): OutputFormat {
  const accepted = acceptedTypes(accept ?? '');
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return kind === 'jpeg' ? 'jpeg' : 'png';
}

/** Media types named in an Accept header with a non-zero quality (wildcards never imply AVIF or WebP). */
function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>();
  for (const entry of accept.split(',')) {
    const [type = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (type !== '') types.add(type);
  }
  return types;
}

/** Whether an If-None-Match header matches this strong ETag (weak comparison, as RFC 9110 asks for it). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

async function render(original: Original, variant: NonNullable<Plan['variant']>): Promise<Buffer> {
  try {
    if (original.size > MAX_ORIGINAL_BYTES)
      throw new Error(`original larger than ${MAX_ORIGINAL_BYTES} bytes`);
    const input = await readFile(original.file);
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const sourceWidth = meta.width;
    const sourceHeight = meta.height;
    if (!sourceWidth || !sourceHeight) throw new Error('original has no dimensions');

    const scale = scaleOf(sourceWidth, sourceHeight, variant);
    let density: number | undefined;
    let target = { width: variant.width, height: variant.height };
    if (original.kind === 'svg') {
      // Vector: render at the size needed instead of enlarging pixels.
      const base = meta.density ?? 72;
      const pixelCap = Math.sqrt(MAX_INPUT_PIXELS / (sourceWidth * sourceHeight));
      density = clamp(base * Math.min(Math.max(scale, 1), pixelCap), 1, 100_000);
    } else if (scale > MAX_UPSCALE) {
      // Never more than twice the original: shrink the asked box, keeping its aspect ratio.
      const shrink = MAX_UPSCALE / scale;
      target = {
        width: variant.width === undefined ? undefined : Math.max(1, Math.round(variant.width * shrink)),
        height: variant.height === undefined ? undefined : Math.max(1, Math.round(variant.height * shrink)),
      };
    }

    let pipeline = sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      autoOrient: true,
      ...(density ? { density } : {}),
    }).timeout({
      seconds: JOB_TIMEOUT_SECONDS,
    });
    if (target.width !== undefined || target.height !== undefined) {
      pipeline = pipeline.resize({ ...target, fit: variant.fit, background: { r: 0, g: 0, b: 0, alpha: 0 } });
    }
    switch (variant.format) {
      case 'avif':
        return await pipeline.avif({ quality: variant.quality, effort: AVIF_EFFORT }).toBuffer();
      case 'webp':
        return await pipeline.webp({ quality: variant.quality, effort: 4 }).toBuffer();
      case 'jpeg':
        return await pipeline.jpeg({ quality: variant.quality, mozjpeg: true }).toBuffer();
      case 'png':
        return await pipeline.png({ compressionLevel: 8 }).toBuffer();
    }
  } catch (error) {
    throw new ImageProcessingError(original.relativePath, error);
  }
}

/** The factor the original's pixels are scaled by to fill (cover) or fit in (contain, inside) the asked box. */
function scaleOf(
  sourceWidth: number,
  sourceHeight: number,
  { width, height, fit }: { width?: number | undefined; height?: number | undefined; fit: Fit },
): number {
  const sx = width === undefined ? undefined : width / sourceWidth;
  const sy = height === undefined ? undefined : height / sourceHeight;
  if (sx !== undefined && sy !== undefined) return fit === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
  return sx ?? sy ?? 1;
}

/** Written under a temporary name then renamed: a reader sees the whole file or none. */
async function writeAtomically(file: string, buffer: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, buffer);
    await rename(temporary, file);
  } catch (error) {
    // A full or read-only disk costs a re-render next time, never the answer.
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

function hashOf(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function etagOf(key: string): string {
  return `"${key.slice(0, 32)}"`;
}

/** The file `segments` name under `root`, or undefined when it is not there (or leads out of it). */
async function findIn(root: string, segments: string[]): Promise<{ file: string; size: number; mtimeMs: number } | undefined> {
  const candidate = path.resolve(root, ...segments);
  if (!isInside(root, candidate)) throw new ApiError(400, 'BAD_REQUEST', 'image path leaves the images folder');
  try {
    // Symbolic links may not lead out of the folder either.
    const [file, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    if (!isInside(realRoot, file)) return undefined;
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return { file, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (isFsNotFound(error)) return undefined;
    throw error;
  }
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + path.sep);
}

function isFsNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
