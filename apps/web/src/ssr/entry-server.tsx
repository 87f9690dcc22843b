import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { Locale } from '@antenne/contract';
import { setFetchImplementation } from '../api/client';
import { App } from '../app/app';
import { readyBoot } from '../app/boot';
import { createQueryClient } from '../app/query-client';
import { findRoute, isServerRendered, routes } from '../app/routes';
import { createI18nWith } from '../lib/i18n';
import { setRenderContextReader, type RenderContext } from '../lib/render-context';
import type { PageData } from './page-data';

/**
 * The server render (docs/adr/0030): the app's own components, rendered by React's streaming
 * renderer inside the Fastify server. Its data come from the same queryOptions the browser uses:
 * the render runs, the queries it asked for and that are still to answer are fetched (in process,
 * through the fetch the server gives), and it runs again, until nothing more is asked — the
 * startup chain, then the page's own. The cache is then dehydrated into the page for the browser.
 */

export interface ServerRenderInput {
  /** The path and query asked (`/vod/films?x=1`). */
  url: string;
  locale: Locale;
  /** The language's strings (public/locales/{locale}.json). */
  translations: Record<string, unknown>;
  context: RenderContext;
  /** Answers the app's API calls (relative URLs) in process. */
  fetch: typeof fetch;
}

export interface ServerRenderResult {
  /** The markup of `#root`. */
  html: string;
  /** Title, meta and links the page asked to hoist into `<head>`. */
  head: string;
  /** Where the page sent the visitor instead (a redirect), if it did. */
  redirectTo?: string;
  data: PageData;
}

/** Past this many passes, what is still asked is left to the browser (loading placeholders). */
const MAX_PASSES = 8;
/** A render taking longer than this is abandoned (the server then sends the app unrendered). */
const RENDER_TIMEOUT_MS = 5_000;

const requestFetch = new AsyncLocalStorage<{ fetch: typeof fetch; context: RenderContext }>();
setFetchImplementation((input, init) => {
  const store = requestFetch.getStore();
  if (!store) return Promise.reject(new Error('ssr: an API call outside a server render'));
  return store.fetch(input, init);
});
setRenderContextReader(() => requestFetch.getStore()?.context);

/** Whether the server renders the page at `pathname` (the player and signed-in pages are drawn in the browser). */
export { isServerRendered };

/** Loads the code of every page the server renders (once, at start): a render never waits for a chunk. */
export async function prepare(): Promise<void> {
  await Promise.all(
    routes
      .filter((route) => route.clientOnly !== true && route.forUsers !== true)
      .map((route) => route.page.preload()),
  );
  await findRoute('/no/such/page').page.preload();
}

export function render(input: ServerRenderInput): Promise<ServerRenderResult> {
  const drawn = { again: false };
  const context: RenderContext = { ...input.context, redrawInBrowser: () => (drawn.again = true) };
  return requestFetch.run({ fetch: input.fetch, context }, () => renderPage(input, drawn));
}

async function renderPage(input: ServerRenderInput, drawn: { again: boolean }): Promise<ServerRenderResult> {
  const queryClient = createQueryClient({ retry: false });
  const i18n = createI18nWith(input.locale, input.translations);
  const boot = readyBoot(input.locale, i18n);
  const [path = '/', search = ''] = input.url.split('?', 2);
  const ssrContext: { redirectTo?: string } = {};
  const element = (
    <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
      <App boot={boot} queryClient={queryClient} />
    </Router>
  );

  let rendered = await renderToHtml(element);
  for (let pass = 1; pass < MAX_PASSES && !ssrContext.redirectTo; pass++) {
    const asked = queryClient
      .getQueryCache()
      .findAll()
      .filter(
        (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query),
      );
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    rendered = await renderToHtml(element);
  }

  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' });
  const { head, body } = splitHoisted(rendered.html);
  return {
    html: body,
    head,
    ...(ssrContext.redirectTo === undefined ? {} : { redirectTo: ssrContext.redirectTo }),
    data: {
      version: 2,
      locale: input.locale,
      translations: input.translations,
      context: input.context,
      state: dehydrate(queryClient),
      // A failure the server met (a call that failed, a part that threw) may not happen in the
      // browser: the page is then drawn afresh there instead of hydrated against this HTML.
      hydrate: failed.length === 0 && rendered.errors === 0 && !drawn.again,
    },
  };
}

function enabled(query: Query): boolean {
  const options = query.options as { enabled?: unknown; queryFn?: unknown };
  if (options.queryFn === undefined || options.queryFn === skipToken) return false;
  if (typeof options.enabled === 'function')
    return (options.enabled as (q: Query) => boolean)(query) !== false;
  return options.enabled !== false;
}

/** The whole render (every Suspense boundary resolved) as a string, and how many errors it met. */
function renderToHtml(element: ReactElement): Promise<{ html: string; errors: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let errors = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        resolve({ html: Buffer.concat(chunks).toString('utf8'), errors });
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Never outlined into later chunks with inline scripts (the CSP allows none): one document.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        errors++;
        console.error('ssr: a part of the page failed to render', error);
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('ssr: render timed out')), RENDER_TIMEOUT_MS);
  });
}

/** React writes the page's hoistable tags (title, meta, link) first: they belong in `<head>`. */
function splitHoisted(html: string): { head: string; body: string } {
  const match = /^(?:<(?:title|meta|link|base)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  if (!match) return { head: '', body: html };
  return { head: match[0], body: html.slice(match[0].length) };
}

export type { PageData };

/** The source module of the page at `pathname` (the build manifest's key: its chunk, its stylesheets). */
export function pageModuleOf(pathname: string): string {
  return findRoute(pathname).page.module;
}
