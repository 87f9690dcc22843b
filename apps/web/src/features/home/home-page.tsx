import type { ComponentReference } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { useStartup } from '../../api/use-startup';
import { PageBody } from '../../components/page-body/page-body';
import { localizedPresentation } from '../../lib/presentation';
import styles from './home-page.module.css';

/** The home page: the structure's home component and its body (hero banner, carousels, ad slots). */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { structure } = useStartup();
  const home = structure?.components.homePage?.[0];
  const page = useComponent(home?.referenceId);
  const body = (page.data?.components?.pageBody ?? []) as ComponentReference[];
  const title = localizedPresentation(page.data?.presentation, i18n.language).title ?? t('PAGES.HOME');
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">{title}</h1>
      {page.isError ? (
        <p className={styles.message}>{t('GENERAL.NO_CONTENT')}</p>
      ) : (
        <PageBody body={body} page="home" />
      )}
    </div>
  );
}
