import { useMemo, useSyncExternalStore } from 'react';
import { adSizeClass, type AdSizeClass } from '@antenne/contract';
import { hasConsent, onConsentChange } from '../../lib/analytics/consent';
import { readOncePerRun } from '../../lib/read-once-per-run';
import { useLocation } from '../../lib/router';

/** The window's size class, read once per run for all the page's slots (lib/read-once-per-run). */
const sizeClassNow = readOncePerRun(() => adSizeClass(window.innerWidth));

/**
 * What a slot needs to ask for an ad: advertising consent (kept up to date: a withdrawal collapses
 * the slot at once), the size class of the window width, and the page view's number. A server
 * render and the hydration of its page have none of them (the page's HTML is the same for every
 * visitor): the slot is collapsed there and decides in the browser.
 */

export function useAdvertisingConsent(): boolean {
  return useSyncExternalStore(
    (onChange) => onConsentChange(onChange),
    () => hasConsent('advertising'),
    () => false,
  );
}

export function useAdSizeClass(): AdSizeClass | undefined {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    sizeClassNow,
    () => undefined,
  );
}

/** Page views counted in this tab: every slot of one page view shares the number. */
const pageViews = { count: 0, page: undefined as string | undefined };

/** The number of the page view of `page`: a new one whenever the page differs from the last one asked. */
function pageViewOf(page: string): number {
  if (pageViews.page !== page) {
    pageViews.page = page;
    pageViews.count += 1;
  }
  return pageViews.count;
}

/** The page view's number (the ad unit's site name alternates with it, spec part 2 §9). */
export function usePageView(): number {
  const { pathname, search } = useLocation();
  return useMemo(() => pageViewOf(pathname + search), [pathname, search]);
}
