import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation as useWouterLocation, useParams as useWouterParams, useSearch } from 'wouter';

/**
 * The app's routing vocabulary, over wouter (2 KB; docs/adr/0007). Pages and components import
 * from here, never from the library: the route table, the shell and the tests share one meaning
 * of location, parameters and navigation.
 */
export { Link, Redirect as Navigate, useSearchParams } from 'wouter';

export interface AppLocation {
  pathname: string;
  /** With its leading '?', or '' when there is none. */
  search: string;
  /** With its leading '#', or ''. */
  hash: string;
}

/** The current location; components re-render when the path or the query changes. */
export function useLocation(): AppLocation {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return useMemo(
    () => ({
      pathname,
      search: search ? `?${search}` : '',
      hash: typeof window === 'undefined' ? '' : window.location.hash,
    }),
    [pathname, search],
  );
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape (`%E0%A4%A`) stays as it was typed: the page reports an unknown id.
    return value;
  }
}

/** The named parameters of a match, decoded (`/details/epg/channel-59%23…` → `channel-59#…`). */
export function namedParams(params: Record<string, string | undefined>): Record<string, string | undefined> {
  const decoded: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    // wouter also lists positional captures under numeric keys; the pages use names.
    if (/^\d+$/.test(key)) continue;
    decoded[key] = value === undefined ? undefined : decode(value);
  }
  return decoded;
}

/** The route's named parameters, decoded (namedParams). */
export function useParams(): Record<string, string | undefined> {
  const params = useWouterParams() as Record<string, string | undefined>;
  return useMemo(() => namedParams(params), [params]);
}

export type NavigateFunction = (to: string | number, options?: { replace?: boolean }) => void;

/** Navigates to a path, or by a number of history entries (`navigate(-1)` is the back button). */
export function useNavigate(): NavigateFunction {
  const [, navigate] = useWouterLocation();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  );
}

/** Set by the browser's back and forward buttons: those keep the scroll position they restore. */
let travelledThroughHistory = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    travelledThroughHistory = true;
  });
}

/**
 * A new page (a link, a redirect) opens at its top, as a page load would. The page the app starts
 * on stays where the browser has it: a server-drawn page may have been scrolled before the app
 * started (main.tsx starts it after the first paint), and a reload restores its position.
 */
export function useScrollToTopOnNavigation(pathname: string): void {
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    if (travelledThroughHistory) {
      travelledThroughHistory = false;
      return;
    }
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }, [pathname]);
}
