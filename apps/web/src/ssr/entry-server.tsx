import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactElement } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { dehydrate, hydrate, skipToken, type DehydratedState, type Query } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { ImageSources, Locale } from '@antenne/contract';
import { setFetchImplementation } from '../api/client';
import { App } from '../app/app';
import { readyBoot } from '../app/boot';
import { createQueryClient } from '../app/query-client';
import { findRoute, isServerRendered, routes } from '../app/routes';
import { setServerHead } from '../lib/document-head';
import { createI18nWith } from '../lib/i18n';
import { setRenderContextReader, type RenderContext } from '../lib/render-context';
import type { PageData } from './page-data';
import { inPageLanguage } from './page-locales';

/**
 * The server render (docs/adr/0030): the app's own components, rendered by Preact's renderer
 * (preact-render-to-string, docs/adr/0032) inside the Fastify server. Its data come from the same queryOptions the browser uses:
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
  /**
   * The startup answers of an earlier render for the same visitor class (its `startup`), still
   * fresh: the render starts from them instead of asking for them again, pass after pass.
   */
  startup?: DehydratedState;
}

export interface ServerRenderResult {
  /** The markup of `#root`. */
  html: string;
  /** The page's `<title>` and its largest image's preload (lib/document-head.ts), for `<head>`. */
  head: string;
  /** Where the page sent the visitor instead (a redirect), if it did. */
  redirectTo?: string;
  data: PageData;
  /**
   * The startup answers this render asked for (STARTUP_QUERIES), for the next render of its visitor
   * class; none when it was given them.
   */
  startup?: DehydratedState;
}

/**
 * The startup chain's queries (api/use-startup.ts): the same for every page of a visitor class —
 * the server's place, language-independent answers, the visitor's country and device class (the
 * location filters the server resolves) — and each waits for the one before it: three passes of
 * every render that the next render of the class need not make again.
 */
const STARTUP_QUERIES: ReadonlySet<string> = new Set([
  'config',
  'contractCountries',
  'locationFilters',
  'structure',
]);

/** Past this many passes, what is still asked is left to the browser (loading placeholders). */
const MAX_PASSES = 8;
/** A render taking longer than this is abandoned (the server then sends the app unrendered). */
const RENDER_TIMEOUT_MS = 5_000;

interface RenderStore {
  fetch: typeof fetch;
  context: RenderContext;
  /** The title the last pass's page set. */
  title?: string;
  /** The images the last pass asked to preload, by URL. */
  preloads: Map<string, ImageSources>;
}

const requestFetch = new AsyncLocalStorage<RenderStore>();
setFetchImplementation((input, init) => {
  const store = requestFetch.getStore();
  if (!store) return Promise.reject(new Error('ssr: an API call outside a server render'));
  return store.fetch(input, init);
});
setRenderContextReader(() => requestFetch.getStore()?.context);
setServerHead({
  title(title) {
    const store = requestFetch.getStore();
    if (store) store.title = title;
  },
  preloadImage(sources) {
    requestFetch.getStore()?.preloads.set(sources.src, sources);
  },
});

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
  const store: RenderStore = { fetch: input.fetch, context, preloads: new Map() };
  return requestFetch.run(store, () => renderPage(input, drawn, store));
}

async function renderPage(
  input: ServerRenderInput,
  drawn: { again: boolean },
  store: RenderStore,
): Promise<ServerRenderResult> {
  const queryClient = createQueryClient({ retry: false });
  if (input.startup !== undefined) hydrate(queryClient, input.startup);
  const i18n = createI18nWith(input.locale, input.translations);
  const boot = readyBoot(input.locale, i18n);
  const [path = '/', search = ''] = input.url.split('?', 2);
  const ssrContext: { redirectTo?: string } = {};
  const element = (
    <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
      <App boot={boot} queryClient={queryClient} />
    </Router>
  );

  let html = await renderToHtml(element);
  for (let pass = 1; pass < MAX_PASSES && !ssrContext.redirectTo; pass++) {
    const asked = queryClient
      .getQueryCache()
      .findAll()
      .filter(
        (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query),
      );
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    store.title = undefined;
    store.preloads.clear();
    html = await renderToHtml(element);
  }

  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' });
  return {
    html,
    head: headOf(store),
    ...(ssrContext.redirectTo === undefined ? {} : { redirectTo: ssrContext.redirectTo }),
    data: {
      version: 2,
      locale: input.locale,
      translations: input.translations,
      context: input.context,
      // The answers in the page's language only: the page never shows another (page-locales.ts).
      state: inPageLanguage(dehydrate(queryClient), input.locale),
      // A failure the server met (a call that failed, a part that threw: its error boundary said
      // so) may not happen in the browser: the page is then drawn afresh there instead of
      // hydrated against this HTML.
      hydrate: failed.length === 0 && !drawn.again,
    },
    // Only from a render that asked for them itself: one that started from them has nothing newer.
    ...(input.startup === undefined
      ? {
          startup: dehydrate(queryClient, {
            shouldDehydrateQuery: (query) =>
              query.state.status === 'success' && STARTUP_QUERIES.has(String(query.queryKey[0])),
          }),
        }
      : {}),
  };
}

function enabled(query: Query): boolean {
  const options = query.options as { enabled?: unknown; queryFn?: unknown };
  if (options.queryFn === undefined || options.queryFn === skipToken) return false;
  if (typeof options.enabled === 'function')
    return (options.enabled as (q: Query) => boolean)(query) !== false;
  return options.enabled !== false;
}

/** The whole render, every suspended part (a lazy component, `use`) waited for, as one string. */
async function renderToHtml(element: ReactElement): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ssr: render timed out')), RENDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      renderToStringAsync(element as Parameters<typeof renderToStringAsync>[0]),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The `<title>` and the image preloads the page asked for. */
function headOf(store: RenderStore): string {
  const title = store.title === undefined ? '' : `<title>${escapeHtml(store.title)}</title>`;
  const preloads = [...store.preloads.values()].map(
    (image) =>
      `<link rel="preload" as="image" href="${escapeHtml(image.src)}" imagesrcset="${escapeHtml(image.srcset)}"` +
      ` imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high">`,
  );
  return title + preloads.join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export type { PageData };

/** The source module of the page at `pathname` (the build manifest's key: its chunk, its stylesheets). */
export function pageModuleOf(pathname: string): string {
  return findRoute(pathname).page.module;
}
