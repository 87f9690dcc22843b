import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './startup-error.module.css';

/** Route-level error boundary: a page that crashed (or whose code failed to load). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error('route error', error), [error]);
  return (
    <main className={styles.screen}>
      <div className={styles.box} role="alert">
        <h1 className={styles.title}>{t('ERROR.PAGE_TITLE')}</h1>
        <p>{t('ERROR.PAGE_TEXT')}</p>
        <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
          {t('ERROR.RELOAD')}
        </button>
      </div>
    </main>
  );
}
