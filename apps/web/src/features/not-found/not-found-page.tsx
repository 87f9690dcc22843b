import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import styles from './not-found.module.css';

/** /notFound (spec part 1 §2): a page with neither a body nor a reference, or a failed page fetch. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.NOT_FOUND')} · ${t('GENERAL.APP_NAME')}`}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('PAGES.NOT_FOUND')}</h1>
      <p className={styles.text}>{t('NOT_FOUND.TEXT')}</p>
      <Link className={styles.home} to="/">
        {t('NOT_FOUND.HOME')}
      </Link>
    </section>
  );
}
