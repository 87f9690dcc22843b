import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from './lazy-page';
import { BareLayout, MainShell, type RouteHandle } from './shell/main-shell';
import { RequireUserToken } from './shell/require-user-token';
import { RouteError } from './shell/route-error';

// Every page is its own chunk: the first screen loads only the shell and the page it shows.
const HomePage = lazyPage(() => import('../features/home/home-page'));
const MyContentPage = lazyPage(() => import('../features/mycontent/my-content-page'));
const CategoryPage = lazyPage(() => import('../features/category/category-page'));
const MosaicPage = lazyPage(() => import('../features/mosaic/mosaic-page'));
const VodDetailsPage = lazyPage(() => import('../features/details/vod-details-page'));
const EpgDetailsPage = lazyPage(() => import('../features/details/epg-details-page'));
const SearchPage = lazyPage(() => import('../features/search/search-page'));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'));
const LoginPage = lazyPage(() => import('../features/account/login-page'));
const CreateAccountPage = lazyPage(() => import('../features/account/create-account-page'));
const PlayerPage = lazyPage(() => import('../features/player/player-page'));
const CsaPage = lazyPage(() => import('../features/csa/csa-page'));
const ActivationPage = lazyPage(() => import('../features/activation/activation-page'));
const LegalPage = lazyPage(() => import('../features/legal/legal-page'));
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'));
const UnderConstructionPage = lazyPage(() => import('../features/not-found/under-construction-page'));

const player: RouteHandle = { hideTopBar: true };

/** The route table of the specification (part 2 §2, part 1 §2), one line per route. */
export const routes: RouteObject[] = [
  {
    element: <MainShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/mycontent', element: <RequireUserToken page={MyContentPage} /> },
      { path: '/vod/:id', element: <CategoryPage /> },
      { path: '/mosaic/:id', element: <MosaicPage /> },
      { path: '/details/vod/:id', element: <VodDetailsPage /> },
      { path: '/details/epg/:id', element: <EpgDetailsPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/create-account', element: <CreateAccountPage /> },
      { path: '/player/:id', element: <PlayerPage />, handle: player },
      { path: '/player/:id/:progress', element: <PlayerPage />, handle: player },
      { path: '/csa', element: <CsaPage /> },
      { path: '/activation', element: <ActivationPage /> },
      { path: '/notFound', element: <NotFoundPage /> },
      { path: '*', element: <UnderConstructionPage /> },
    ],
  },
  {
    // Outside the main shell: no top bar.
    element: <BareLayout />,
    errorElement: <RouteError />,
    children: [{ path: '/legal/:id', element: <LegalPage /> }],
  },
];

/** Fetches the code of the page at `pathname` (startup waits for it, in parallel with its calls). */
export function preloadPage(pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const element = route.element;
    if (!isValidElement(element)) continue;
    // The page is the element itself, or the `page` a guard renders.
    const page = ((element.props as { page?: unknown }).page ?? element.type) as Partial<LazyPage>;
    if (typeof page.preload === 'function') loads.push(page.preload());
  }
  // A chunk that fails to load is reported by the route's error boundary, not by startup.
  return Promise.all(loads).catch(() => undefined);
}
