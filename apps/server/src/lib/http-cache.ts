import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * HTTP caching of public catalogue and structure answers. They change only with the catalogue
 * version, and everything that varies them (allowedCountry, filters, locale) is in the query
 * string, so the URL keys them: the ETag is a hash of the version and the normalised URL.
 */

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Query parameters that do not change an answer. */
const IGNORED_PARAMETERS = new Set(['client']);

/**
 * The path plus the query parameters sorted by name (repeated values keep their order), without
 * those that change nothing: two spellings of one request give one key.
 */
export function normalisedUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  if (question === -1) return path;
  const params = new URLSearchParams(url.slice(question + 1));
  const kept = [...params.entries()].filter(([name]) => !IGNORED_PARAMETERS.has(name));
  if (kept.length === 0) return path;
  const sorted = kept
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry[0] < b.entry[0] ? -1 : a.entry[0] > b.entry[0] ? 1 : a.index - b.index))
    .map(({ entry }) => entry);
  return `${path}?${new URLSearchParams(sorted).toString()}`;
}

export function etagOf(version: number, key: string): string {
  return `"${createHash('sha1').update(`${version}\n${key}`).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Serves a public answer: 304 when the client's copy (If-None-Match) is of this catalogue version
 * and URL; otherwise the body from `load` (a JSON string, typically from a per-version cache) with
 * ETag, Cache-Control and Vary. When `load` throws, the error answer carries none of them.
 */
export async function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  version: number,
  key: string,
  load: () => Promise<string | Uint8Array | ArrayBuffer>,
): Promise<FastifyReply> {
  const etag = etagOf(version, key);
  if (matches(request.headers['if-none-match'], etag)) {
    return publicHeaders(reply, etag).code(304).send();
  }
  const body = await load();
  return publicHeaders(reply, etag).type('application/json; charset=utf-8').send(body);
}

function publicHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply
    .header('etag', etag)
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding');
}
