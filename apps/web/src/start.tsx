/**
 * The app's start (main.tsx imports it): the page hydrated from the server's HTML, or the app drawn
 * in the browser.
 */
import { StrictMode, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/app';
import { readyBoot, startBoot } from './app/boot';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/routes';
import { installCrashReporter, reportCrash } from './lib/crash-reports';
import { createI18nWith } from './lib/i18n';
import { languageCookieIs, mirrorLanguagePreference } from './lib/language';
import { isServerRenderedPage, setRenderContextReader } from './lib/render-context';
import { readPageData, seedQueries } from './ssr/page-data';
import { restoreSessionAfterHydration } from './state/session-store';

// Uncaught errors and unhandled rejections are reported from here on (the browser only).
installCrashReporter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();

/**
 * What React recovered from (a part whose server HTML did not match, drawn afresh in the browser):
 * said in the console and sent to the crash reporter; e2e's ssr test fails on it.
 */
const rootOptions: RootOptions = {
  onRecoverableError(error, info) {
    console.error('hydration: recovered from', error, info.componentStack ?? '');
    reportCrash(error, 'hydration');
  },
};

/** StrictMode checks the app in development builds (it does nothing in production ones). */
const strict = (app: ReactElement) => <StrictMode>{app}</StrictMode>;

if (!isServerRenderedPage()) {
  // The app drawn in the browser (the player, signed-in pages): everything startup needs begins
  // now, in parallel — translations, the authentication state, the page's code; the startup calls
  // start as the app mounts.
  const boot = startBoot({ page: preloadPage(window.location.pathname) });
  createRoot(root, rootOptions).render(strict(<App boot={boot} queryClient={queryClient} />));
} else {
  void startServerPage(root);
}

/**
 * A server-rendered page (docs/adr/0030) carries its language, strings, render context and
 * queries: the cache is seeded with them and React hydrates the server's HTML (docs/adr/0043),
 * once the page's code is there (the entry preloads it).
 */
async function startServerPage(root: HTMLElement): Promise<void> {
  const pageCode = preloadPage(window.location.pathname);
  const page = readPageData();
  if (page === undefined) throw new Error('a server-rendered page without its data (#antenne-page)');
  seedQueries(queryClient, page.state);
  const boot = readyBoot(page.locale, createI18nWith(page.locale, page.translations));
  const app: ReactElement = (
    <App
      boot={boot}
      queryClient={queryClient}
      // Once the page is live the session comes back: the personal parts fill in (a part still
      // hydrating reads the visitor's session it was rendered with: zustand's server snapshot);
      // the language chosen is mirrored for the next render.
      onMounted={() => {
        restoreSessionAfterHydration();
        // A language chosen before the server knew of it (no cookie yet): the page again, in it.
        const chosen = mirrorLanguagePreference();
        if (chosen !== undefined && chosen !== page.locale && languageCookieIs(chosen))
          window.location.reload();
      }}
    />
  );
  setRenderContextReader(() => page.context);
  noteInlineStyles();
  await pageCode;
  if (page.hydrate) {
    // React hydrates the shell, then each Suspense boundary below the first screen on its own
    // (selective hydration: a boundary the visitor interacts with first goes first, and the work
    // yields to input); events that reach a part not yet hydrated are replayed once it is.
    hydrateRoot(root, strict(app), rootOptions);
  } else {
    // Drawn afresh over the server's HTML (no blank in between).
    createRoot(root, rootOptions).render(strict(app));
  }
}

/**
 * The server inlines a page's stylesheets (`<style data-href>`); the code that loads a page's chunk
 * looks for their `<link>` to know they are there. A link that applies nothing says so, so that
 * neither the page's code waits for a stylesheet it has, nor a later page loads it again.
 */
function noteInlineStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'not all';
    link.href = style.dataset.href ?? '';
    document.head.appendChild(link);
  }
}
