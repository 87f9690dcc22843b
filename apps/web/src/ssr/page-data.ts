import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { Locale } from '@antenne/contract';
import type { RenderContext } from '../lib/render-context';

/**
 * What a server-rendered page carries for the browser to hydrate it (docs/adr/0030), in
 * `<script type="application/json" id="antenne-page">`: the language and its strings, the
 * render's context (time, device class) and the query cache the server filled with the same
 * queryOptions the browser uses (dehydrated). It replaces the JSON bootstrap of issue 5.
 */
export const PAGE_DATA_ELEMENT_ID = 'antenne-page';

export interface PageData {
  version: 2;
  locale: Locale;
  translations: Record<string, unknown>;
  context: RenderContext;
  /** The queries the render used; a failed one carries its ApiError as `{ httpCode, message, url }`. */
  state: DehydratedState;
  /**
   * Hydrate the server's HTML (true), or draw the page afresh over it (false: the render met an
   * error the browser may not meet, so its HTML is shown until the app has drawn its own).
   */
  hydrate: boolean;
}

/** The page's data, read once and removed (a later navigation never reads it again). */
export function readPageData(doc: Document = document): PageData | undefined {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (element === null) return undefined;
  try {
    const data = JSON.parse(element.textContent ?? '') as PageData;
    return data.version === 2 ? data : undefined;
  } catch (error) {
    console.warn('ssr: the page data is unreadable; the app starts afresh', error);
    return undefined;
  } finally {
    element.remove();
  }
}

/**
 * The server's answers into the browser's query cache, each with the time it was answered (what
 * TanStack Query's `hydrate` does for answered queries, without its ~1 KB gzip on the first
 * screen's budget: the server dehydrates answered queries only).
 */
export function seedQueries(queryClient: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    if (query.state.status !== 'success') continue;
    queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
  }
}
