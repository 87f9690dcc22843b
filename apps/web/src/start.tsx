/**
 * The app's start (main.tsx imports it): the page hydrated from the server's HTML, or the app drawn
 * in the browser. Its work goes in several tasks (a phone spends a long one on each): React's code
 * here, the app's (start-app.tsx) in its own, the page's data read, then the cache and the
 * strings, then the hydration — itself a transition React runs in slices that yield to input.
 */
import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { installCrashReporter, reportCrash } from './lib/crash-reports';
import { isServerRenderedPage, setRenderContextReader } from './lib/render-context';
import { yieldToMain } from './lib/yield-to-main';
import { readPageData } from './ssr/page-data';

// Uncaught errors and unhandled rejections are reported from here on (the browser only).
installCrashReporter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const appCode = import('./start-app');

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

if (!isServerRenderedPage()) void startDrawnPage(root);
else void startServerPage(root);

/**
 * The app drawn in the browser (the player, signed-in pages): everything startup needs begins
 * now, in parallel — translations, the authentication state, the page's code; the startup calls
 * start as the app mounts.
 */
async function startDrawnPage(root: HTMLElement): Promise<void> {
  const { App, createQueryClient, preloadPage, startBoot } = await appCode;
  const boot = startBoot({ page: preloadPage(window.location.pathname) });
  createRoot(root, rootOptions).render(strict(<App boot={boot} queryClient={createQueryClient()} />));
}

/**
 * A server-rendered page (docs/adr/0030) carries its language, strings, render context and
 * queries: the cache is seeded with them and React hydrates the server's HTML (docs/adr/0043),
 * once the page's code is there (the entry preloads it).
 */
async function startServerPage(root: HTMLElement): Promise<void> {
  const page = readPageData();
  if (page === undefined) throw new Error('a server-rendered page without its data (#antenne-page)');
  setRenderContextReader(() => page.context);
  const code = await appCode;
  const pageCode = code.preloadPage(window.location.pathname);
  await yieldToMain();
  const queryClient = code.createQueryClient();
  code.seedQueries(queryClient, page.state);
  const boot = code.readyBoot(page.locale, code.createI18nWith(page.locale, page.translations));
  const { App } = code;
  const app: ReactElement = (
    <App
      boot={boot}
      queryClient={queryClient}
      // Once the page is live the session comes back: the personal parts fill in (a part still
      // hydrating reads the visitor's session it was rendered with: zustand's server snapshot);
      // the language chosen is mirrored for the next render.
      onMounted={() => {
        code.restoreSessionAfterHydration();
        // A language chosen before the server knew of it (no cookie yet): the page again, in it.
        const chosen = code.mirrorLanguagePreference();
        if (chosen !== undefined && chosen !== page.locale && code.languageCookieIs(chosen))
          window.location.reload();
      }}
    />
  );
  await pageCode;
  await yieldToMain();
  if (page.hydrate) {
    // A transition: React hydrates in slices of a few milliseconds that yield to input (not in one
    // task), the shell first, then each Suspense boundary below the first screen on its own
    // (selective hydration: a boundary the visitor interacts with first goes first); events that
    // reach a part not yet hydrated are replayed once it is.
    startTransition(() => {
      hydrateRoot(root, strict(app), rootOptions);
    });
  } else {
    // Drawn afresh over the server's HTML (no blank in between).
    createRoot(root, rootOptions).render(strict(app));
  }
}
