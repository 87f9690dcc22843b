import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { PageTextContent, usePageText } from '../../components/page-text/page-text';
import styles from './legal-page.module.css';

/**
 * /legal/{id}, outside the main shell (spec part 1 §2): a legal or custom page component.
 * Its presentation body when it has one; otherwise the text at its reference address
 * (components.pageBody[0].referenceUrl: a component of our API is fetched, a document on another
 * site is linked); otherwise, or when a fetch fails, /notFound.
 */
export default function LegalPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const page = useComponent(id);
  const text = usePageText(page);

  if (!id || text.status === 'notFound') return <Navigate to="/notFound" replace />;
  if (text.status === 'pending') return <Loading />;
  return (
    <PageView title={text.title ?? t('PAGES.LEGAL')}>
      <PageTextContent text={text} />
    </PageView>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{t('LEGAL.LOADING')}</span>
    </div>
  );
}

function PageView({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className={styles.page}>
      <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title>
      <nav className={styles.nav}>
        <Link className={styles.homeLink} to="/">
          {t('LEGAL.BACK_HOME')}
        </Link>
      </nav>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </article>
  );
}
