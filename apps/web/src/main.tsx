import './app/global.css';
import { startConsentBanner } from './lib/consent/consent-banner';

/**
 * The entry: a few hundred bytes. The app starts at once (start.tsx, its code preloaded with the
 * page's own): on a page the server drew, React hydrates as soon as that code has run and replays
 * what reached a part before it had hydrated (docs/adr/0043) — the sooner `hydrateRoot` is called,
 * the shorter the time a tap on a button of the server's HTML waits for. Until then its links work
 * as they do without JavaScript.
 */
/** The page's modules preloaded per task (preloadPageModules). */
const PRELOADS_PER_TASK = 5;

// Before the first import: Vite's preload helper reads the page's links once per import to skip
// what the page already has (its stylesheets, inlined; the modules preloaded here).
noteInlineStyles();
preloadPageModules();
// The server's consent banner answers from now on, before the app's code (lib/consent/consent-banner.ts).
startConsentBanner();
// The app's code could not load: the page stays as the server drew it, its links working.
import('./start').catch(() => undefined);

/**
 * The server inlines a page's stylesheets (`<style data-href>`); the code that loads a chunk looks
 * for their `<link>` to know they are there. A disabled link says so without a request (HTML's
 * `disabled` on a stylesheet link: neither fetched nor applied), so that neither the page's code
 * waits for a stylesheet it has, nor a later page loads it again.
 */
function noteInlineStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.disabled = true;
    link.rel = 'stylesheet';
    link.href = style.dataset.href ?? '';
    document.head.appendChild(link);
  }
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
