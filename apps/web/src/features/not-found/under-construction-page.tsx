import { useEffect } from 'react';
import { Link, useLocation } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../lib/analytics';
import styles from './not-found.module.css';

/**
 * Any path outside the route table (spec part 2 §2): "page under construction" (key
 * NOT_FOUND.PAGE_UNDER_CONSTRUCTION, translated) and a 404 page analytics event.
 */
export default function UnderConstructionPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    analytics.notFound(pathname);
  }, [pathname]);

  return (
    <section className={styles.page}>
      <title>{`${t('NOT_FOUND.PAGE_UNDER_CONSTRUCTION')} · ${t('GENERAL.APP_NAME')}`}</title>
      <svg
        className={styles.illustration}
        viewBox="0 0 64 64"
        width="64"
        height="64"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M32 6 60 56H4Z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
        <path d="M32 24v16" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="32" cy="47" r="2.5" fill="currentColor" />
      </svg>
      <h1 className={styles.title}>{t('NOT_FOUND.PAGE_UNDER_CONSTRUCTION')}</h1>
      <p className={styles.text}>{t('NOT_FOUND.UNDER_CONSTRUCTION_TEXT')}</p>
      <Link className={styles.home} to="/">
        {t('NOT_FOUND.HOME')}
      </Link>
    </section>
  );
}
