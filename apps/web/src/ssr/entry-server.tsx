import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { Locale } from '@antenne/contract';
import { setFetchImplementation } from '../api/client';
import { loadStartup } from '../api/use-startup';
import { App } from '../app/app';
import { readyBoot } from '../app/boot';
import { createQueryClient } from '../app/query-client';
import { findRoute, isServerRendered, loadRoute, routes } from '../app/routes';
import { consentBannerHtml, consentBannerText } from '../lib/consent/consent-banner';
import { createI18nWith } from '../lib/i18n';
import { setRenderContextReader, type RenderContext } from '../lib/render-context';
import type { PageData } from './page-data';
import { inPageLanguage } from './page-locales';

/**
 * The server render (docs/adr/0030, 0043): the app's own components, rendered by React inside the
 * Fastify server, once. Its data come first: the startup calls, then the route's loader (the page's
 * first screen, with the same queryOptions the browser uses), answered in process through the fetch
 * the server gives; then `prerenderToNodeStream` renders the page with every Suspense boundary
 * resolved, and the cache is dehydrated into the page for the browser's hydration.
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
  /** What React hoists into `<head>`: the page's `<title>` and its largest image's preload. */
  head: string;
  /** Where the page sent the visitor instead (a redirect), if it did. */
  redirectTo?: string;
  data: PageData;
  /** How many times the page was rendered: 1 (the server test checks it). */
  renders: number;
  /**
   * Queries the render asked for that no loader had fetched (their parts are drawn loading and
   * filled in by the browser): a loader to complete. The server logs them.
   */
  unloaded: string[];
}

/** A render taking longer than this is abandoned (the server then sends the app unrendered). */
const RENDER_TIMEOUT_MS = 5_000;

interface RenderStore {
  fetch: typeof fetch;
  context: RenderContext;
}

const requestFetch = new AsyncLocalStorage<RenderStore>();
setFetchImplementation((input, init) => {
  const store = requestFetch.getStore();
  if (!store) return Promise.reject(new Error('ssr: an API call outside a server render'));
  return store.fetch(input, init);
});
setRenderContextReader(() => requestFetch.getStore()?.context);

/** Whether the server renders the page at `pathname` (the player and signed-in pages are drawn in the browser). */
export { isServerRendered };

/** Loads the code of every page the server renders and its loader (once, at start): a render never waits for a chunk. */
export async function prepare(): Promise<void> {
  await Promise.all(
    routes
      .filter((route) => route.clientOnly !== true && route.forUsers !== true)
      .flatMap((route) => [route.page.preload(), route.load?.()]),
  );
  await findRoute('/no/such/page').page.preload();
}

export function render(input: ServerRenderInput): Promise<ServerRenderResult> {
  const drawn = { again: false };
  const context: RenderContext = { ...input.context, redrawInBrowser: () => (drawn.again = true) };
  return requestFetch.run({ fetch: input.fetch, context }, () => renderPage(input, context, drawn));
}

async function renderPage(
  input: ServerRenderInput,
  context: RenderContext,
  drawn: { again: boolean },
): Promise<ServerRenderResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('ssr: render timed out')), RENDER_TIMEOUT_MS);
  try {
    const queryClient = createQueryClient({ retry: false });
    const i18n = createI18nWith(input.locale, input.translations);
    await untilAborted(abort.signal, async () => {
      const startup = await loadStartup(queryClient);
      if (startup !== undefined)
        await loadRoute(input.url, { queryClient, startup, locale: input.locale, context });
    });

    const [path = '/', search = ''] = input.url.split('?', 2);
    const ssrContext: { redirectTo?: string } = {};
    let renders = 0;
    const Counted = ({ children }: { children: ReactNode }) => {
      renders++;
      return children;
    };
    const { prelude } = await prerenderToNodeStream(
      <Counted>
        <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
          <App boot={readyBoot(input.locale, i18n)} queryClient={queryClient} />
        </Router>
      </Counted>,
      {
        signal: abort.signal,
        // Every boundary in place in the HTML, none sent later with an inline script (the CSP).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          // A part that threw: its error boundary drew it; the browser draws the page afresh.
          drawn.again = true;
          if (!abort.signal.aborted) console.error('ssr: a part failed', error);
        },
      },
    );
    let markup = '';
    for await (const chunk of prelude) markup += String(chunk);
    abort.signal.throwIfAborted();
    const { head, html } = splitHoisted(markup);
    const failed = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'error' });
    return {
      html,
      head,
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
      renders,
      unloaded: unloadedQueries(queryClient),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** `run`'s promise, or the signal's reason once it aborts (a call that never answers holds nothing up). */
function untilAborted(signal: AbortSignal, run: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    run()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', aborted));
  });
}

/**
 * React writes what belongs in `<head>` (the `<title>` a page renders, the preload of an image
 * with `fetchPriority="high"`) before the rest when it renders a part of a document: those go to
 * the page's head. Of its image preloads only the high-priority one is kept: the others (the next
 * cards) would compete with it on a slow link.
 */
export function splitHoisted(markup: string): { head: string; html: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/.exec(markup)?.[0] ?? '';
  const head = (hoisted.match(/<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>/g) ?? [])
    .filter((tag) => !tag.startsWith('<link') || /rel="preload"/.test(tag))
    .filter((tag) => !tag.startsWith('<link') || /fetchPriority="high"/i.test(tag))
    .join('');
  return { head, html: markup.slice(hoisted.length) };
}

/** The queries the render created and nothing fetched (see ServerRenderResult.unloaded). */
function unloadedQueries(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && enabled(query) })
    .map((query) => JSON.stringify(query.queryKey));
}

function enabled(query: Query): boolean {
  const options = query.options as { enabled?: unknown; queryFn?: unknown };
  if (options.queryFn === undefined || options.queryFn === skipToken) return false;
  if (typeof options.enabled === 'function')
    return (options.enabled as (q: Query) => boolean)(query) !== false;
  return options.enabled !== false;
}

export type { PageData };

/** The source module of the page at `pathname` (the build manifest's key: its chunk, its stylesheets). */
export function pageModuleOf(pathname: string): string {
  return findRoute(pathname).page.module;
}

/**
 * The consent banner in a language's strings, which the server puts in the page of a visitor who
 * has not chosen yet (lib/consent/consent-banner.ts): there at the first paint.
 */
export function consentBanner(translations: Record<string, unknown>): string {
  const text = (key: string) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translations);
    return typeof found === 'string' ? found : key;
  };
  return consentBannerHtml(consentBannerText(text));
}
