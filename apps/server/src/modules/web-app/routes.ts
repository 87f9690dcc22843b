import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, toErrorBody } from '../../lib/errors.js';
import { buildBootstrap, withBootstrap, type BootstrapServices } from './bootstrap.js';
import { NOT_BUILT_HTML } from './index-html.js';

export interface WebAppRoutesOptions {
  webDistDir: string;
  /** index.html as read at start; undefined when the web app is not built. */
  indexHtml: string | undefined;
  /** What the startup answers embedded in index.html are read from (built once in app.ts). */
  bootstrap: BootstrapServices;
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
  { webDistDir, indexHtml, bootstrap },
) => {
  if (indexHtml !== undefined && existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route per file found at start, so unknown paths reach the not-found handler (SPA fallback).
      wildcard: false,
      // index.html is served from memory by sendIndex; the build manifest is for the tests only.
      index: false,
      globIgnore: ['index.html', '.vite/**'],
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }
  const send = sendIndex(indexHtml, bootstrap);
  app.get('/', { schema: { hide: true } }, send);
  app.get('/index.html', { schema: { hide: true } }, send);
};

/** Past this, index.html goes out without the embedded answers (the web app then makes the calls). */
const BOOTSTRAP_BUDGET_MS = 1000;

/**
 * index.html with the startup answers embedded (bootstrap.ts): the first screen renders without
 * an API round trip. Any failure, or a bootstrap slower than its budget, sends the plain page.
 */
export function sendIndex(indexHtml: string | undefined, services: BootstrapServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (indexHtml === undefined)
      return reply.code(503).type(HTML).header('cache-control', 'no-store').send(NOT_BUILT_HTML);
    let html = indexHtml;
    if (request.method === 'GET') {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const pathOfPage = pathname === '/index.html' ? '/' : pathname;
      let timer: NodeJS.Timeout | undefined;
      try {
        const bootstrap = await Promise.race([
          buildBootstrap(services, request, reply, pathOfPage),
          new Promise<undefined>(
            (resolve) => (timer = setTimeout(() => resolve(undefined), BOOTSTRAP_BUDGET_MS)),
          ),
        ]);
        if (bootstrap === undefined)
          request.log.warn(
            { budgetMs: BOOTSTRAP_BUDGET_MS },
            'index.html sent without its startup answers (too slow)',
          );
        else html = withBootstrap(indexHtml, bootstrap);
      } catch (error) {
        request.log.warn({ err: error }, 'index.html sent without its startup answers');
      } finally {
        clearTimeout(timer);
      }
    }
    return reply.type(HTML).header('cache-control', 'no-cache').send(html);
  };
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
export function notFoundHandler(indexHtml: string | undefined, services: BootstrapServices) {
  const send = sendIndex(indexHtml, services);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiOrFilePath(pathname) && acceptsHtml(request)) return send(request, reply);
    return reply.code(404).send(toErrorBody(notFound()));
  };
}
