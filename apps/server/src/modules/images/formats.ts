import { createHash } from 'node:crypto';

/**
 * What an image answer is, decided before any work: the formats and fits a client may ask for,
 * the original's kinds, the plan of an answer (ETag, content type, the variant to render), the
 * format negotiated from Accept, the ETag check.
 */

export const OUTPUT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const FITS = ['cover', 'contain', 'inside'] as const;
export type Fit = (typeof FITS)[number];
export type OriginalKind = 'png' | 'jpeg' | 'webp' | 'avif' | 'svg';

/** Largest width or height a client may ask for. */
export const MAX_DIMENSION = 4096;
export const DEFAULT_QUALITY: Record<OutputFormat, number> = { avif: 50, webp: 80, jpeg: 80, png: 100 };

export const KIND_BY_EXTENSION: Record<string, OriginalKind> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
};
export const CONTENT_TYPES: Record<OriginalKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
export const EXTENSIONS: Record<OutputFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
};

/** An original found under the originals folder. */
export interface Original {
  /** Path relative to the originals folder, with forward slashes. */
  relativePath: string;
  file: string;
  kind: OriginalKind;
  size: number;
  mtimeMs: number;
  /** No transparency (JPEG, or a PNG without alpha): JPEG may stand for it. */
  opaque: boolean;
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

/**
 * AVIF when accepted, else WebP when accepted, else JPEG for an opaque original (a JPEG, or a PNG
 * without transparency: a photo-like PNG resized is many times heavier in PNG), else PNG.
 */
export function negotiate(
  accept: string | undefined,
  kind: OriginalKind,
  opaque = kind === 'jpeg',
): OutputFormat {
  const accepted = acceptedTypes(accept ?? '');
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return kind === 'jpeg' || (kind === 'png' && opaque) ? 'jpeg' : 'png';
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

export function hashOf(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function etagOf(key: string): string {
  return `"${key.slice(0, 32)}"`;
}
