import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

/**
 * HTTP caching of public catalogue and structure answers. They change only with the catalogue
 * version, and everything that varies them (allowedCountry, filters, locale) is in the query
 * string, so the URL keys them: the ETag is a hash of the version and the normalised URL.
 */

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The documented 304 of an answer sent through sendAnswer (no body). */
export const NotModifiedSchema = Type.Unsafe<undefined>({
  type: 'null',
  description: "Not modified: the client's copy (If-None-Match) is current",
});

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

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it), or is `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A public answer ready to send: its ETag and its serialised bytes, computed once per version. */
export interface PublicAnswer {
  etag: string;
  body: Buffer;
}

export function publicAnswer(version: number, key: string, json: string): PublicAnswer {
  return { etag: etagOf(version, key), body: Buffer.from(json) };
}

/** Where answers are kept: the raw URL and the normalised URL both point at one entry. */
export interface AnswerStore {
  get(key: string): Promise<PublicAnswer> | undefined;
  set(key: string, value: Promise<PublicAnswer>): unknown;
  delete(key: string): unknown;
}

/**
 * The answer to `url` from `store`, looked up by the raw URL first (no parsing on the hot path),
 * then by its normalised form; computed once when absent. A failed computation is not kept.
 */
export function cachedAnswer(
  store: AnswerStore,
  url: string,
  version: number,
  compute: () => unknown,
  serialize: (value: unknown) => string,
): Promise<PublicAnswer> {
  const hit = store.get(url);
  if (hit !== undefined) return hit;
  const key = normalisedUrl(url);
  let entry = store.get(key);
  if (entry === undefined) {
    const computing = Promise.resolve()
      .then(compute)
      .then((value) => publicAnswer(version, key, serialize(value)));
    entry = computing;
    store.set(key, computing);
    computing.catch(() => {
      if (store.get(key) === computing) store.delete(key);
      if (store.get(url) === computing) store.delete(url);
    });
  }
  if (url !== key) store.set(url, entry);
  return entry;
}

/**
 * Sends a public answer: 304 when the client's copy (If-None-Match) is of this catalogue version
 * and URL, else the bytes, with ETag, Cache-Control and Vary. An error thrown while computing the
 * answer reaches the error handler, whose answer carries none of these headers.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  publicHeaders(reply, answer.etag);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

function publicHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return (
    reply
      .header('etag', etag)
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      // A restricted profile's bearer gets a personal answer to the same URL (ADR 0012): a shared
      // cache must not hand it the public one.
      .header('vary', 'Accept-Encoding, Authorization')
  );
}

/** A personal answer (a restricted profile's filtered catalogue, ADR 0012): no ETag, never stored. */
export function personalHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Encoding, Authorization');
}
