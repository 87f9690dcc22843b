import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ErrorBodySchema } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, notFound } from '../../lib/errors.js';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_URL_PREFIX } from './demo/build.js';
import { MEDIA_DIR, MEDIA_URL_PREFIX } from './ingest.js';

export interface MediaRoutesOptions {
  /** DATA_DIR: files are served from `<dataDir>/media/`. */
  dataDir: string;
  /** CACHE_DIR: the demo media (`<cacheDir>/media/`) are served under /demo-media/. */
  cacheDir?: string;
}

/** Segment names carry the ingest's token: the same URL never gets other bytes. */
export const SEGMENT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Manifests and subtitles keep their names across re-ingests. */
export const MANIFEST_CACHE_CONTROL = 'public, max-age=60';

export const MEDIA_TYPES: Readonly<Record<string, { type: string; immutable: boolean }>> = {
  '.m3u8': { type: 'application/vnd.apple.mpegurl', immutable: false },
  '.mpd': { type: 'application/dash+xml', immutable: false },
  '.vtt': { type: 'text/vtt; charset=utf-8', immutable: false },
  '.m4s': { type: 'video/iso.segment', immutable: true },
  '.mp4': { type: 'video/mp4', immutable: true },
};

export const binary = Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary' });
export const MediaBodySchema = {
  description: 'The file (or the asked byte range)',
  content: Object.fromEntries(
    Object.values(MEDIA_TYPES).map(({ type }) => [type.split(';')[0], { schema: binary }]),
  ),
};
export const EmptySchema = Type.Unsafe<undefined>({ type: 'null', description: 'No body' });

/**
 * `GET /media/<assetId>/<file>`: the output of the media pipeline (manifests, fMP4 segments,
 * WebVTT) from DATA_DIR/media; and `GET /demo-media/<item>-<hash>/<file>`: the demo media built
 * into CACHE_DIR/media. Both are protected: the player reaches them through signed URLs
 * (`/play/<token>/media/…`, the playback module's route, which calls serveMediaFile below), so
 * these direct URLs answer 403 INVALID_PLAY_TOKEN — except the ad creatives (demo items whose
 * folder starts with 'ad-'), public progressive MP4s as ad servers serve them.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<MediaRoutesOptions> = async (app, options) => {
  for (const folder of mediaFolders(options)) {
    protectedMediaFolder(app, folder);
  }
};

/** A folder of media files and the URL prefix it is served under. */
export interface MediaFolder {
  /** '/media/' or '/demo-media/' */
  prefix: string;
  root: string;
  summary: string;
}

/** The media folders of a configuration: the ingest's, and the demo's when CACHE_DIR is given. */
export function mediaFolders(options: MediaRoutesOptions): MediaFolder[] {
  const folders: MediaFolder[] = [
    {
      prefix: MEDIA_URL_PREFIX,
      root: path.resolve(options.dataDir, MEDIA_DIR),
      summary: 'A media file: HLS/DASH manifest, fMP4 segment or WebVTT subtitles',
    },
  ];
  if (options.cacheDir !== undefined) {
    folders.push({
      prefix: DEMO_MEDIA_URL_PREFIX,
      root: path.resolve(options.cacheDir, DEMO_MEDIA_DIR),
      summary: 'A demo media file (programme, trailer, bumper, ad) built into CACHE_DIR',
    });
  }
  return folders;
}

/** Demo items served without a play token: the ad creatives (`/demo-media/ad-1-<hash>/ad.mp4`). */
export const PUBLIC_DEMO_ITEM_PREFIX = 'ad-';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The answers of a media file route (direct or under a play token). */
export const mediaResponses = {
  200: MediaBodySchema,
  206: MediaBodySchema,
  304: EmptySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  416: ErrorBodySchema,
};

export const MEDIA_ROUTE_DESCRIPTION =
  'Range requests answer 206 (one range). Segments: `Cache-Control: public, max-age=31536000, immutable`; ' +
  'manifests and subtitles: `public, max-age=60`. Hidden files and folders are never served.';

function protectedMediaFolder(app: App, folder: MediaFolder): void {
  const isDemo = folder.prefix === DEMO_MEDIA_URL_PREFIX;
  app.get(
    `${folder.prefix}*`,
    {
      // Segments are already compressed and ranges must address the stored bytes.
      compress: false,
      schema: {
        tags: ['media'],
        summary: isDemo
          ? `${folder.summary}: only the ad creatives (ad-*) without a play token`
          : folder.summary,
        description: `Needs a play token: use the signed URL of the play response (/play/<token>${folder.prefix}…); this URL answers 403 INVALID_PLAY_TOKEN${isDemo ? ', except for the ad creatives' : ''}. ${MEDIA_ROUTE_DESCRIPTION}`,
        params: Type.Object({ '*': Type.String({ description: 'Path under the media folder' }) }),
        response: mediaResponses,
      },
    },
    async (request, reply) => {
      const encodedPath = (request.url.split('?', 1)[0] ?? '').slice(folder.prefix.length);
      if (!isDemo || !encodedPath.startsWith(PUBLIC_DEMO_ITEM_PREFIX)) {
        throw new ApiError(
          403,
          'INVALID_PLAY_TOKEN',
          'media are served through the signed URLs of the play response',
        );
      }
      return serveMediaFile(request, reply, folder.root, encodedPath);
    },
  );
}

/**
 * Sends one file of a media folder (`encodedPath`: the URL path under the folder, still
 * percent-encoded) with its type, ETag, Last-Modified, cache and Range handling. The caller has
 * already decided the request may have it.
 */
export async function serveMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  encodedPath: string,
): Promise<FastifyReply> {
  const file = await locate(root, encodedPath);
  const kind = MEDIA_TYPES[path.extname(file.path).toLowerCase()] as (typeof MEDIA_TYPES)[string];
  const etag = `"${createHash('sha1').update(`${file.path}\0${file.size}\0${file.mtimeMs}`).digest('base64url').slice(0, 27)}"`;

  void reply
    .header('etag', etag)
    .header('cache-control', kind.immutable ? SEGMENT_CACHE_CONTROL : MANIFEST_CACHE_CONTROL)
    .header('accept-ranges', 'bytes')
    .header('last-modified', new Date(file.mtimeMs).toUTCString())
    .type(kind.type);

  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined);

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (rangeHeader !== undefined && (ifRange === undefined || ifRange === etag)) {
    const range = parseRange(rangeHeader, file.size);
    if (range === 'unsatisfiable') {
      void reply
        .removeHeader('etag')
        .removeHeader('last-modified')
        .header('content-range', `bytes */${file.size}`)
        .header('cache-control', 'no-store');
      throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', `the file has ${file.size} bytes`);
    }
    if (range !== undefined) {
      const { start, end } = range;
      void reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${file.size}`)
        .header('content-length', end - start + 1);
      return reply.send(createReadStream(file.path, { start, end }));
    }
  }
  void reply.header('content-length', file.size);
  if (file.size === 0) return reply.send('');
  return reply.send(createReadStream(file.path));
}

interface Located {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * The file a URL path (after /media/, still percent-encoded) names. Anything doubtful is a
 * plain 404: bad encoding, empty or dot segments (`..`, `.tmp-*`, hidden files), NUL or
 * backslash, an unknown type, a symbolic link out of the folder, a folder.
 */
async function locate(root: string, encodedPath: string): Promise<Located> {
  let relativePath: string;
  try {
    relativePath = decodeURIComponent(encodedPath);
  } catch {
    throw notFound();
  }
  const segments = relativePath.split('/');
  if (
    relativePath.includes('\0') ||
    relativePath.includes('\\') ||
    segments.some((segment) => segment === '' || segment.startsWith('.'))
  ) {
    throw notFound();
  }
  if (MEDIA_TYPES[path.extname(relativePath).toLowerCase()] === undefined) throw notFound();
  const candidate = path.resolve(root, ...segments);
  if (!isInside(root, candidate)) throw notFound();
  try {
    const [file, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    if (!isInside(realRoot, file)) throw notFound();
    const info = await stat(file);
    if (!info.isFile()) throw notFound();
    return { path: file, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw notFound();
    throw error;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * One `bytes=` range → inclusive start/end; undefined to ignore the header (not bytes, several
 * ranges, malformed: the whole file is sent, as RFC 9110 allows); 'unsatisfiable' for 416.
 */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
