import { holdClicksUntilLive } from './lib/early-input';
import { PAGE_LIVE_ATTRIBUTE, isServerRenderedPage } from './lib/server-rendered';
import './app/global.css';

/**
 * The entry: a few hundred bytes. A page the server drew is shown first, then the app starts
 * (start.tsx: its code preloaded by the page, docs/adr/0032): the server's HTML is painted and its
 * first image (the one it preloads with a high priority: a hero's, a backdrop; else the first one
 * not loaded lazily: a grid's first card) arrives before the app's code runs, so that neither
 * waits for the other on a slow phone. Until then its links work as they do without JavaScript,
 * and a click on a button is held and replayed once the page is live (lib/early-input). A page
 * drawn in the browser starts at once.
 */
let releaseHeldClicks: () => void = () => undefined;
const start = () => {
  preloadPageModules();
  // The app's code could not load: what was clicked acts as it does without JavaScript.
  import('./start').catch(() => releaseHeldClicks());
};

/** An image that has not come in this long does not hold the app up any longer. */
const LARGEST_IMAGE_WAIT_MS = 3_000;

if (isServerRenderedPage()) {
  releaseHeldClicks = holdClicksUntilLive(PAGE_LIVE_ATTRIBUTE);
  afterLargestImage(start);
} else start();

function afterLargestImage(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    afterNextPaint(run);
  };
  const image =
    document.querySelector<HTMLImageElement>('#main img[fetchpriority="high"]') ??
    document.querySelector<HTMLImageElement>('#main img:not([loading="lazy"])');
  if (!image || image.complete) return once();
  image.addEventListener('load', once, { once: true });
  image.addEventListener('error', once, { once: true });
  setTimeout(once, LARGEST_IMAGE_WAIT_MS);
}

/**
 * The page's code, which the server lists rather than preloads (`<meta name="antenne-modules">`,
 * apps/server's PAGE_MODULES_META): fetched in parallel now, not one import after another.
 */
function preloadPageModules(): void {
  const listed = document.querySelector<HTMLMetaElement>('meta[name="antenne-modules"]')?.content ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** After the next frame is painted; without frames (a page opened in the background) soon anyway. */
function afterNextPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}
