import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readyBoot, startBoot } from './app/boot';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/routes';
import { createI18nWith } from './lib/i18n';
import { languageCookieIs, mirrorLanguagePreference } from './lib/language';
import { setRenderContextReader } from './lib/render-context';
import { readPageData, seedQueries } from './ssr/page-data';
import { restoreSessionAfterHydration } from './state/session-store';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();
// A server-rendered page (docs/adr/0030) carries its language, strings, render context and queries.
const page = readPageData();

if (page === undefined) {
  // The app drawn in the browser (the player, signed-in pages): everything startup needs begins
  // now, in parallel — translations, the authentication state, the page's code; the startup calls
  // start as the app mounts.
  const boot = startBoot({ page: preloadPage(window.location.pathname) });
  createRoot(root).render(<App boot={boot} queryClient={queryClient} />);
} else {
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
  if (page.hydrate) {
    // At once: React listens from now on, and a click or a key on a part still waiting for its
    // code is replayed once that part has hydrated. The page's code, preloaded by the HTML, comes
    // in parallel; until then its Suspense boundary keeps the server's HTML.
    void preloadPage(window.location.pathname);
    hydrateRoot(root, app, {
      onRecoverableError: (error, info) =>
        console.error('ssr: hydration did not match the server’s HTML', error, info.componentStack),
    });
  } else {
    // Drawn afresh over the server's HTML once the page's code is there (no blank in between).
    void preloadPage(window.location.pathname).then(() => createRoot(root).render(app));
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
