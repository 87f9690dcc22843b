import { Component, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route } from 'wouter';
import { namedParams, useLocation, useScrollToTopOnNavigation } from '../lib/router';
import { loadAll, type RouteLoadContext, type RouteLoader } from '../lib/route-load';
import { reportCrash } from '../lib/crash-reports';
import { notePageLive, renderContext } from '../lib/render-context';
import { lazyPage, type LazyPage } from './lazy-page';
import { loadMainShell } from './shell/load-main-shell';
import { BareLayout, MainShell } from './shell/main-shell';
import { RequireUserToken } from './shell/require-user-token';
import { RouteError } from './shell/route-error';

// Every page is its own chunk: the first screen loads only the shell and the page it shows. The
// server render names each page's chunk by its source path (the build manifest's key) to link
// its stylesheets and preload its code (docs/adr/0030).
const pageModules = import.meta.glob<{ default: ComponentType }>('../features/*/*-page.tsx');
function page(name: string): LazyPage {
  const load = pageModules[`../features/${name}.tsx`];
  if (!load) throw new Error(`no page module features/${name}.tsx`);
  return lazyPage(`src/features/${name}.tsx`, load);
}

// What a server-rendered page's first screen needs, fetched before its one render (docs/adr/0043):
// `features/<name>/<page>-loader.ts` beside the page. Only the server render loads them.
const loaderModules = import.meta.glob<{ load: RouteLoader }>('../features/*/*-loader.ts');
function loader(name: string): () => Promise<RouteLoader> {
  const module = loaderModules[`../features/${name}-loader.ts`];
  if (!module) throw new Error(`no loader module features/${name}-loader.ts`);
  return () => module().then((loaded) => loaded.load);
}

const HomePage = page('home/home-page');
const MyContentPage = page('mycontent/my-content-page');
const CategoryPage = page('category/category-page');
const MosaicPage = page('mosaic/mosaic-page');
const VodDetailsPage = page('details/vod-details-page');
const EpgDetailsPage = page('details/epg-details-page');
const GuidePage = page('live/guide-page');
const SearchPage = page('search/search-page');
const SettingsPage = page('settings/settings-page');
const LoginPage = page('account/login-page');
const CreateAccountPage = page('account/create-account-page');
const PlayerPage = page('player/player-page');
const CsaPage = page('csa/csa-page');
const ActivationPage = page('activation/activation-page');
const TvPage = page('tv/tv-page');
const LegalPage = page('legal/legal-page');
const DashboardPage = page('dashboard/dashboard-page');
const NotFoundPage = page('not-found/not-found-page');
const UnderConstructionPage = page('not-found/under-construction-page');

export interface AppRoute {
  /** A wouter/regexparam pattern: `:name` parameters, `:name?` optional. */
  path: string;
  page: LazyPage;
  /** Signed-in users only: a visitor without a token goes to /login. */
  forUsers?: boolean;
  /** The player hides the top bar and the footer; leaving it restores them. */
  hideTopBar?: boolean;
  /** Outside the main shell (no top bar, no footer). */
  bare?: boolean;
  /**
   * Drawn in the browser only: the player, and the forms (sign-in, account creation, activation:
   * nothing typed before hydration is lost). The server sends the app without this page's HTML.
   */
  clientOnly?: boolean;
  /** The loader of what its first screen shows, for the server render (lib/route-load.ts). */
  load?: () => Promise<RouteLoader>;
}

/** The route table of the specification (part 2 §2, part 1 §2), one line per route. */
export const routes: AppRoute[] = [
  { path: '/', page: HomePage, load: loader('home/home') },
  { path: '/mycontent', page: MyContentPage, forUsers: true },
  { path: '/vod/:id', page: CategoryPage, load: loader('category/category') },
  { path: '/mosaic/:id', page: MosaicPage, load: loader('mosaic/mosaic') },
  { path: '/details/vod/:id', page: VodDetailsPage, load: loader('details/vod-details') },
  { path: '/details/epg/:id', page: EpgDetailsPage, load: loader('details/epg-details') },
  { path: '/guide', page: GuidePage, load: loader('live/guide') },
  { path: '/search', page: SearchPage, load: loader('search/search') },
  { path: '/settings', page: SettingsPage },
  { path: '/login', page: LoginPage, clientOnly: true },
  { path: '/create-account', page: CreateAccountPage, clientOnly: true },
  { path: '/player/:id', page: PlayerPage, hideTopBar: true, clientOnly: true },
  // {progress}: where to start, in whole seconds (integer) into the asset — the bookmark's
  // lastViewedOffset (ms) / 1000, rounded down (features/details/details-model.ts playerPath).
  { path: '/player/:id/:progress', page: PlayerPage, hideTopBar: true, clientOnly: true },
  { path: '/csa', page: CsaPage },
  { path: '/activation', page: ActivationPage, clientOnly: true },
  // The big screen (issue 18): its own 10-foot layout, outside the main shell; drawn in the browser only.
  { path: '/tv', page: TvPage, bare: true, clientOnly: true },
  { path: '/notFound', page: NotFoundPage },
  { path: '/legal/:id', page: LegalPage, load: loader('legal/legal'), bare: true },
  // The staff dashboard (issue 17): signed-in users only, so not server rendered; staff only on the server.
  { path: '/dashboard', page: DashboardPage, forUsers: true },
];

/** Any other path: 'PAGE UNDER CONSTRUCTION', inside the main shell. */
const fallback: AppRoute = { path: '*', page: UnderConstructionPage };

/** The route `pathname` opens (the fallback when none of the table matches). */
export function findRoute(pathname: string): AppRoute {
  return routes.find((route) => matchRoute(parse, route.path, pathname)[0]) ?? fallback;
}

/**
 * Whether the server renders the page at `pathname` (docs/adr/0030): every page a visitor can see
 * — not the player, and not the pages for signed-in users, which a visitor's render cannot draw.
 */
export function isServerRendered(pathname: string): boolean {
  const route = findRoute(pathname);
  return route.clientOnly !== true && route.forUsers !== true;
}

/**
 * Fetches what the page at `url` (path and query) shows on its first screen into the render's cache:
 * the main shell's part and the route's loader, side by side (the server render, before it renders).
 */
export async function loadRoute(
  url: string,
  load: Omit<RouteLoadContext, 'params' | 'search'>,
): Promise<void> {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const route = findRoute(pathname);
  const [, params] = matchRoute(parse, route.path, pathname);
  const context: RouteLoadContext = {
    ...load,
    params: namedParams((params ?? {}) as Record<string, string | undefined>),
    search: new URLSearchParams(query),
  };
  await loadAll([
    route.bare ? Promise.resolve() : loadMainShell(context),
    route.load ? route.load().then((run) => run(context)) : Promise.resolve(),
  ]);
}

/** Fetches the code of the page at `pathname` (startup waits for it, in parallel with its calls). */
export function preloadPage(pathname: string): Promise<unknown> {
  // A chunk that fails to load is reported by the route's error boundary, not by startup.
  return findRoute(pathname)
    .page.preload()
    .catch(() => undefined);
}

/**
 * The page of the current location inside its layout. The layout stays mounted from one page to
 * the next (the top bar does not flash); the page's parameters come from its pattern.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  useScrollToTopOnNavigation(pathname);
  const Layout = route.bare ? BareLayout : MainShell;
  const page = route.forUsers ? <RequireUserToken page={route.page} /> : <route.page />;
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Layout hideTopBar={route.hideTopBar === true}>
        <Route path={route.path}>
          {page}
          <PageLive />
        </Route>
      </Layout>
    </RouteErrorBoundary>
  );
}

/**
 * Marks the document once the page is live (`<html data-hydrated>`): hydrated, when the server drew
 * it, or drawn. It sits in the page's own Suspense boundary, so it commits with the page.
 */
function PageLive() {
  useEffect(() => notePageLive(), []);
  return null;
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** Where the error happened: moving elsewhere (back button, a link) tries again. */
  failedAt: string | null;
}

/** A page that crashed, or whose code failed to load, shows a way out instead of a blank screen. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // On the server: the page is drawn afresh in the browser, not hydrated against this HTML.
    renderContext()?.redrawInBrowser?.();
    console.error('route error', error, info.componentStack);
    reportCrash(error, 'boundary');
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}
