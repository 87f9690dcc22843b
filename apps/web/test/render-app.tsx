import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { Locale } from '@antenne/contract';
import { App } from '../src/app/app';
import { startBoot } from '../src/app/boot';
import { createQueryClient } from '../src/app/query-client';
import { preloadPage, routes } from '../src/app/routes';
import type { AuthStateOutcome } from '../src/state/auth-state';

/** Mounts the whole app at `path` as main.tsx does, with a memory router and no retries. */
export function renderApp(
  path = '/',
  options: { locale?: Locale; authState?: Promise<AuthStateOutcome> } = {},
) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const page = preloadPage(new URL(path, 'http://localhost').pathname);
  const boot = startBoot({ ...options, page });
  const view = render(<App boot={boot} queryClient={queryClient} router={router} />);
  return { ...view, queryClient, router, boot };
}
