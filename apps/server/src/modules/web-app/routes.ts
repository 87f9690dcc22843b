import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, toErrorBody } from '../../lib/errors.js';
import { matches } from '../../lib/http-cache.js';
import { NOT_BUILT_HTML } from './index-html.js';
import { EncodedBody, negotiateEncoding } from './page-encoding.js';
import { PAGE_CACHE_CONTROL, PAGE_VARY, type PageRenderer } from './page-render.js';

export interface WebAppRoutesOptions {
  webDistDir: string;
  /** index.html as read at start; undefined when the web app is not built. */
  indexHtml: string | undefined;
  /** The server render of the public pages; undefined when the build has no server entry. */
  pages: PageRenderer | undefined;
}

/** Hashed build output: never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files (favicon, locales/*.json, robots.txt): may change with a new build. */
const SHORT = 'public, max-age=300';
const HTML = 'text/html; charset=utf-8';

/**
 * Serves the built web app: `/` and the app's routes get index.html (no-cache), files under
 * /assets/ are immutable, other files get a short cache with an ETag.
 */
export const webAppRoutes: FastifyPluginAsyncTypebox<WebAppRoutesOptions> = async (
  app,
  { webDistDir, indexHtml, pages },
) => {
  if (indexHtml !== undefined && existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route per file found at start, so unknown paths reach the not-found handler (SPA fallback).
      wildcard: false,
      // index.html is served from memory by sendIndex; the build manifest and the server entry are the server's.
      index: false,
      globIgnore: ['index.html', '.vite/**', '.ssr/**'],
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }
  const send = sendIndex(indexHtml, pages);
  // The pages are compressed by sendIndex, once per page version (page-encoding.ts), not on each answer.
  app.get('/', { schema: { hide: true }, compress: false }, send);
  app.get('/index.html', { schema: { hide: true }, compress: false }, send);
};

/**
 * A page of the web app: server-rendered when it is a public page and the build has the server
 * entry (page-render.ts), else index.html as built (the browser draws it). A render that fails or
 * cannot start in time sends index.html too: the app then draws the page itself.
 */
export function sendIndex(indexHtml: string | undefined, pages: PageRenderer | undefined) {
  // index.html as built (private pages, renders that failed): compressed once, at start.
  const unrendered = indexHtml === undefined ? undefined : new EncodedBody(indexHtml);
  unrendered?.prepare();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (unrendered === undefined)
      return reply.code(503).type(HTML).header('cache-control', 'no-store').send(NOT_BUILT_HTML);
    const url = request.url === '/index.html' ? '/' : request.url;
    const pathname = url.split('?', 1)[0] ?? '/';
    if (pages !== undefined && pages.isServerRendered(request, pathname)) {
      try {
        const page = await pages.page(request.server, request, url);
        if (page !== undefined) {
          reply
            .type(HTML)
            .header('cache-control', PAGE_CACHE_CONTROL)
            .header('vary', PAGE_VARY)
            .header('etag', page.etag);
          if (page.csp !== undefined) reply.header('content-security-policy', page.csp);
          if (page.redirectTo !== undefined) return reply.redirect(page.redirectTo, 302);
          if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
          return await sendEncoded(request, reply, page.body);
        }
        request.log.warn('page sent unrendered: no render slot in time');
      } catch (error) {
        request.log.error({ err: error }, 'page sent unrendered: its render failed');
      }
    }
    reply.type(HTML).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    return sendEncoded(request, reply, unrendered);
  };
}

/** The body in the encoding the request prefers, with its Content-Encoding. */
async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const bytes = await body.bytes(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  // HEAD: the length a GET gets, without the bytes (`/` has Fastify's HEAD route to drop them, the
  // not-found handler has none).
  if (request.method === 'HEAD' && request.is404) return reply.header('content-length', bytes.length).send();
  return reply.send(bytes);
}

/** Paths of the API, images, media, identity and build assets: never answered with the web app. */
const API_PREFIX = /^\/(?:v1|v2|v3|api|config|images|media|identity|assets)(?:\/|$)/;
/** A request for a file (by its extension): a missing one is a 404, not the web app. */
const FILE_EXTENSION =
  /\.(?:json|js|mjs|cjs|map|css|html?|png|jpe?g|gif|webp|avif|svg|ico|txt|xml|webmanifest|woff2?|ttf|otf|eot|m3u8|mpd|m4s|mp4|m4a|aac|mp3|webm|vtt|srt|ts)$/i;

export function isApiOrFilePath(pathname: string): boolean {
  return API_PREFIX.test(pathname) || FILE_EXTENSION.test(pathname);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Not found: API and file paths get the JSON error body; other GET/HEAD requests that accept
 * HTML get the web app, whose router shows its own page for unknown routes.
 */
export function notFoundHandler(indexHtml: string | undefined, pages: PageRenderer | undefined) {
  const send = sendIndex(indexHtml, pages);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiOrFilePath(pathname) && acceptsHtml(request)) return send(request, reply);
    return reply.code(404).send(toErrorBody(notFound()));
  };
}
