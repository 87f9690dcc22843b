import { useSyncExternalStore } from 'react';
import { PAGE_LIVE_ATTRIBUTE } from './server-rendered';

/**
 * What a server render knows that the browser would read from its surroundings: the time of the
 * render and the device class (docs/adr/0030). On the server it is the render's own context; in
 * the browser, it is the context the page was rendered with (embedded in it), read while the page
 * hydrates (useDrawnByServer) so that the first render in the browser draws exactly what the
 * server drew; later renders read the clock and the window.
 */
export interface RenderContext {
  /** The time of the render (ms since the epoch). */
  now: number;
  /** The desktop layout (a wide screen), as guessed from the device class. */
  desktop: boolean;
  /** The page's origin (`https://tv.example`), as the visitor asked it. */
  origin: string;
  /**
   * Server only: the render drew something the browser draws differently (what needs the DOM, as
   * sanitising HTML does), so the page is drawn afresh in the browser instead of hydrated.
   */
  redrawInBrowser?: () => void;
}

let read: () => RenderContext | undefined = () => undefined;

/** The server entry installs the reader of its per-request context; the browser entry the hydrated page's. */
export function setRenderContextReader(reader: () => RenderContext | undefined): void {
  read = reader;
}

export function renderContext(): RenderContext | undefined {
  return read();
}

const subscribeToNothing = () => () => undefined;

/**
 * True while the server renders and while the browser hydrates the server's HTML (what the server
 * drew must then be drawn alike); false in every later render, and in a page drawn in the browser.
 */
export function useDrawnByServer(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

// In a module of its own, without the runtime: the entry (main.tsx) reads it before the app's code.
export { SERVER_RENDERED_ATTRIBUTE, PAGE_LIVE_ATTRIBUTE, isServerRenderedPage } from './server-rendered';

let markLive: () => void = () => undefined;
/**
 * Resolves once the first page is live and the browser has a moment: what is not on the first
 * screen (the footer's code) waits for it, so it never delays the page answering.
 */
export const afterPageLive: Promise<void> = new Promise((resolve) => {
  markLive = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  };
});

let live = false;
/**
 * The page is live (app/routes.tsx calls it as the page commits: hydrated when the server drew it,
 * else drawn): the document says so (`<html data-hydrated>`), and what waits for it comes once
 * the browser has a moment.
 */
export function notePageLive(): void {
  if (live) return;
  live = true;
  document.documentElement.setAttribute(PAGE_LIVE_ATTRIBUTE, '');
  markLive();
}
