import { lazy, Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { PopupHost } from '../../components/modal/popup-host';
import { analytics } from '../../lib/analytics/analytics';
import { TopBar } from './top-bar';
import { useSessionStore } from '../../state/session-store';
import { useAnalyticsTransport } from './use-analytics-transport';
import { useSessionWatch } from './use-session-watch';
import { afterPageLive, useDrawnByServer } from '../../lib/render-context';
import styles from './main-shell.module.css';

/**
 * The profile's reminders (use-reminders.ts): their scheduler is fetched only once a user is signed
 * in, so a visitor's first screen does not carry it (the home route's JS budget).
 */
const RemindersHost = lazy(() => import('./use-reminders').then((m) => ({ default: m.RemindersHost })));

/** The footer sits below the first screen: its code is fetched when its place comes into view. */
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

function AfterPageLive({ wait, children }: { wait: boolean; children: ReactNode }) {
  if (wait) use(afterPageLive);
  return children;
}

/**
 * The footer once its place (below the page, itself at least a screen high) reaches the viewport:
 * scrolling or tabbing to the end of the page brings it; the first screen does not wait for it.
 * Without IntersectionObserver it comes at once. A server-rendered page has it in its HTML (its links
 * work without JavaScript); the browser hydrates it once its code has come, after the page.
 */
function FooterWhenNear() {
  const drawnByServer = useDrawnByServer();
  const [near, setNear] = useState(() => drawnByServer || typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // Read once: drawnByServer turns false right after hydration, and the footer's boundary may
  // still be waiting then.
  const [wait] = useState(() => drawnByServer && typeof document !== 'undefined');
  // One element for every render: a re-render while the server's footer is still waiting to
  // hydrate (the session restored, the hydration over) leaves it as it is; new props would make
  // React drop its server HTML and draw it afresh (a link being clicked would be detached).
  const footer = useMemo(
    () => (
      <Suspense fallback={<div className={styles.footerPlace} />}>
        {/* A server-rendered page keeps the footer's HTML as it is until the page is live: its
            code comes after the first screen's (docs/adr/0043). */}
        <AfterPageLive wait={wait}>
          <Footer />
        </AfterPageLive>
      </Suspense>
    ),
    [wait],
  );
  return near ? footer : <div ref={place} className={styles.footerPlace} />;
}

export interface LayoutProps {
  /** The page of the current route. */
  children: ReactNode;
  /** The player hides the top bar (and the footer); leaving it restores them. */
  hideTopBar: boolean;
}

/** Reports a page view on every route change (path and query), once per change. */
function usePageViews() {
  const { pathname, search } = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const path = `${pathname}${search}`;
    // StrictMode runs effects twice in development: one view per change all the same.
    if (reported.current === path) return;
    reported.current = path;
    analytics.page(path, document.title);
  }, [pathname, search]);
}

/**
 * The main shell: top bar, the page, the footer, and the popup host. Pages are code-split; the
 * bar stays while one loads. Both layouts watch the session (use-session-watch.ts); this one
 * also shows the profile's reminders when they are due (use-reminders.ts).
 */
export function MainShell({ children, hideTopBar }: LayoutProps) {
  const { t } = useTranslation();
  useAnalyticsTransport();
  usePageViews();
  useSessionWatch();
  const signedIn = useSessionStore((state) => state.token !== null);

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('GENERAL.SKIP_TO_CONTENT')}
      </a>
      {!hideTopBar && (
        // A boundary of its own: React hydrates the bar apart from the page (docs/adr/0043).
        <Suspense fallback={null}>
          <TopBar />
        </Suspense>
      )}
      <main id="main" className={hideTopBar ? styles.fullScreen : styles.main}>
        <Suspense fallback={<div className={styles.pageFallback} />}>{children}</Suspense>
      </main>
      {!hideTopBar && <FooterWhenNear />}
      <PopupHost />
      {signedIn ? (
        <Suspense fallback={null}>
          <RemindersHost />
        </Suspense>
      ) : null}
    </>
  );
}

/** Pages outside the main shell (/legal/{id}): no top bar, no footer. */
export function BareLayout({ children }: LayoutProps) {
  useAnalyticsTransport();
  usePageViews();
  useSessionWatch();
  return (
    <>
      <main id="main" className={styles.bare}>
        <Suspense fallback={<div className={styles.pageFallback} />}>{children}</Suspense>
      </main>
      <PopupHost />
    </>
  );
}
