import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from './top-bar';
import styles from './main-shell.module.css';

/** What a route can ask of the shell (`handle` in the route table). */
export interface RouteHandle {
  /** The player hides the top bar; leaving it restores the bar. */
  hideTopBar?: boolean;
}

/** The main shell: top bar and the page. Pages are code-split; the bar stays while one loads. */
export function MainShell() {
  const { t } = useTranslation();
  const matches = useMatches();
  const hideTopBar = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideTopBar);

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('GENERAL.SKIP_TO_CONTENT')}
      </a>
      {!hideTopBar && <TopBar />}
      <main id="main" className={hideTopBar ? styles.fullScreen : styles.main}>
        <Suspense fallback={<div className={styles.pageFallback} />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

/** Pages outside the main shell (/legal/{id}): no top bar. */
export function BareLayout() {
  return (
    <main id="main" className={styles.bare}>
      <Suspense fallback={<div className={styles.pageFallback} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
