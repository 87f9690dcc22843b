import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './placeholder-page.module.css';

/**
 * A page that is not built yet: its translated title (also the document title) and, where
 * the route carries one, the id it was opened with. Later issues replace each page.
 */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}
