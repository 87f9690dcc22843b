import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@antenne/contract';
import type { CatalogueViewer } from '../api/catalogue-viewer';
import type { Startup } from '../api/use-startup';
import type { RenderContext } from './render-context';

/**
 * What a route's loader is given (docs/adr/0043): the server render runs the loader of the page
 * asked for before it renders, once, so that the page's first screen finds its queries answered
 * in the cache (the same `queryOptions` the page's hooks use: same keys, same calls).
 */
export interface RouteLoadContext {
  queryClient: QueryClient;
  /** The startup answers (config, location, structure), loaded first. */
  startup: Startup;
  /** The route pattern's parameters. */
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  locale: Locale;
  context: RenderContext;
}

/**
 * Fetches what a page's first screen shows (a route's `load`, in `features/<name>/<page>-loader.ts`).
 * A call that fails leaves its query in error, as in the browser: the page renders its error state.
 */
export type RouteLoader = (load: RouteLoadContext) => Promise<unknown>;

/** The viewer of a server render: a visitor (a restricted profile's pages are not server rendered). */
export const VISITOR: CatalogueViewer = { token: null, scope: null };

/** Runs loads side by side and waits for all, whatever each answers. */
export async function loadAll(loads: readonly Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(loads);
}

/** The answer of a query the loader needs to go on, or undefined when its call failed. */
export function settled<T>(answer: Promise<T>): Promise<T | undefined> {
  return answer.catch(() => undefined);
}
