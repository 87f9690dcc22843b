import { isServerRenderedPage } from './lib/server-rendered';
import './app/global.css';

/**
 * The entry: a few hundred bytes. A page the server drew is shown first, then the app starts
 * (start.tsx: its code preloaded by the page, docs/adr/0043): the server's HTML is painted and its
 * first image (the one it preloads with a high priority: a hero's, a backdrop; else the first one
 * not loaded lazily: a grid's first card) arrives before the app's code runs, so that neither
 * waits for the other on a slow phone. Until then its links work as they do without JavaScript,
 * and React replays what reaches a part before it has hydrated. A page drawn in the browser
 * starts at once.
 */
const start = () => {
  // The app's code could not load: the page stays as the server drew it, its links working.
  import('./start').catch(() => undefined);
  preloadPageModules();
};

/** An image that has not come in this long does not hold the app up any longer. */
const LARGEST_IMAGE_WAIT_MS = 3_000;
/** The page's modules preloaded per task (preloadPageModules). */
const PRELOADS_PER_TASK = 5;

if (isServerRenderedPage()) {
  loadLocaleData();
  afterLargestImage(start);
} else start();

/**
 * The first `Intl` object a page makes loads its language's data (Chromium's ICU): 70–80 ms on a
 * phone's slow CPU, in whichever task asks first — else the hydration, the longest task of all,
 * where it would count in full against the page answering input. Made here, as the page is first
 * laid out (before its first paint, when nothing can be tapped yet); every later formatter,
 * plural rule or locale check finds the data there.
 */
function loadLocaleData(): void {
  try {
    new Intl.DateTimeFormat(document.documentElement.lang || undefined).format(0);
  } catch {
    // A language the browser's Intl does not know: the app falls back on its own.
  }
}

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
  const hrefs = listed.split(' ').filter(Boolean);
  // A few per task: a phone spends some 4 ms on each link it starts (twenty are a long task).
  const next = () => {
    for (const href of hrefs.splice(0, PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    if (hrefs.length > 0) setTimeout(next, 0);
  };
  next();
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
