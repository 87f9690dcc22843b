import { render } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { navigate as pushOrReplace } from 'wouter/use-browser-location';
import type { Locale } from '@antenne/contract';
import { App } from '../src/app/app';
import { startBoot } from '../src/app/boot';
import { createQueryClient } from '../src/app/query-client';
import { preloadPage } from '../src/app/routes';
import type { AuthStateOutcome } from '../src/state/auth-state';

/**
 * The test's handle on the location: jsdom's real History API, which the app's router follows as
 * it follows the browser's.
 */
export const testRouter = {
  state: {
    get location() {
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash };
    },
  },
  /** A path goes there (pushed, or replacing with `replace`); a number moves through history. */
  navigate(to: string | number, options: { replace?: boolean } = {}): Promise<void> {
    if (typeof to === 'string') {
      pushOrReplace(to, options);
      return Promise.resolve();
    }
    // jsdom fires popstate in a later task, as browsers do.
    return new Promise((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      window.history.go(to);
    });
  },
};

/** Mounts the whole app at `path` as main.tsx does, with no retries. */
export function renderApp(
  path = '/',
  options: { locale?: Locale; authState?: Promise<AuthStateOutcome> } = {},
) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient({ retry: false });
  const page = preloadPage(window.location.pathname);
  const boot = startBoot({ ...options, page });
  const view = render(<App boot={boot} queryClient={queryClient} />);
  return { ...view, queryClient, router: testRouter, boot };
}

/**
 * Loads the lazy page of `path` before the suite's first test, as the later tests find it loaded:
 * on a busy machine a cold page chunk can outlast the first test's 5 s wait for what it shows.
 */
export function preloadPageBeforeAll(path: string) {
  beforeAll(() => preloadPage(new URL(path, 'http://localhost').pathname), 30_000);
}
