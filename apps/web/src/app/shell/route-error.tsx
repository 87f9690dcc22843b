import { useTranslation } from 'react-i18next';
import styles from './startup-error.module.css';

/** What the route error boundary (app/routes.tsx) shows: a page that crashed or whose code failed to load. */
export function RouteError() {
  const { t } = useTranslation();
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
