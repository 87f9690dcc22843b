/**
 * This page's HTML was rendered by the server (`<html data-ssr>`): the browser hydrates it, and
 * restores what is personal (the session) only once hydration is done.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-ssr';

export function isServerRenderedPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
}

/** Set on `<html>` once the page is live: hydrated (or drawn in the browser) and answering. */
export const PAGE_LIVE_ATTRIBUTE = 'data-hydrated';
