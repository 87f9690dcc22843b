import type { ComponentReference } from '@antenne/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { PageBody } from '../../components/page-body/page-body';
import { isTextPage, PageTextContent, usePageText } from '../../components/page-text/page-text';
import { ChevronStartIcon } from '../../components/icons';
import { analytics } from '../../lib/analytics';
import { localizedPresentation } from '../../lib/presentation';
import styles from './category-page.module.css';

/**
 * /vod/{id}: a category page (title, back button, optional hero, carousels) or a custom page
 * (spec part 1 §2: its body, else the content at its reference address, else /notFound). An id
 * the structure does not know goes to /notFound.
 */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const page = useComponent(id);
  const textPage = page.data !== undefined && isTextPage(page.data);
  const text = usePageText(textPage ? page : { isError: false });
  const shown = localizedPresentation(page.data?.presentation, i18n.language);
  const shownText = textPage && (text.status === 'text' || text.status === 'external') ? text : undefined;
  const title = shownText?.title ?? shown.title ?? '';
  const body = (page.data?.components?.pageBody ?? []) as ComponentReference[];
  const notFound = page.isError || (textPage && text.status === 'notFound');

  useEffect(() => {
    if (notFound) void navigate('/notFound', { replace: true });
  }, [notFound, navigate]);
  useEffect(() => {
    if (page.isSuccess) analytics.category(id, title);
  }, [page.isSuccess, id, title]);

  return (
    <div className={styles.page}>
      {title ? <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title> : null}
      <div className={styles.header}>
        <button
          type="button"
          className={styles.back}
          onClick={() => void navigate(-1)}
          aria-label={t('CATEGORY.BACK')}
        >
          <ChevronStartIcon />
        </button>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {page.isPending || (textPage && text.status === 'pending') ? (
        <div className={styles.placeholder} aria-hidden="true" />
      ) : null}
      {shownText ? <PageTextContent text={shownText} className={styles.body} /> : null}
      {page.data !== undefined && !textPage ? <PageBody body={body} page="category" /> : null}
    </div>
  );
}
