import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Fit, Original, Plan } from './formats.js';

/** The rendering of a variant with sharp (libvips), within the limits that keep a server alive. */

/** A raster original is never enlarged more than this (vector originals are re-rendered instead). */
const MAX_UPSCALE = 2;
/** Originals above this many pixels are refused (decoding them would take too much memory). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Originals above this size are refused before being read. */
export const MAX_ORIGINAL_BYTES = 50 * 1024 * 1024;
/** A single resize taking longer is abandoned. */
const JOB_TIMEOUT_SECONDS = 30;
/** AVIF encoding is slow: effort 2 is ~10× faster than 4 for ~10 % more bytes (see the module README). */
const AVIF_EFFORT = 2;

export class ImageProcessingError extends Error {
  constructor(relativePath: string, cause: unknown) {
    super(
      `could not process image ${relativePath}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'ImageProcessingError';
  }
}

export async function render(original: Original, variant: NonNullable<Plan['variant']>): Promise<Buffer> {
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

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
