import type { ComponentReference } from '@antenne/contract';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { PageBody } from '../../components/page-body/page-body';
import { ChevronStartIcon } from '../../components/icons';
import { analytics } from '../../lib/analytics';
import { localizedPresentation } from '../../lib/presentation';
import styles from './category-page.module.css';

/** Tags a page body's HTML may keep. */
const BODY_TAGS = ['p', 'strong', 'b', 'i', 'em', 'br', 'a', 'ul', 'ol', 'li', 'h2', 'h3'];

/**
 * /vod/{id}: a category page (title, back button, optional hero, carousels) or a custom page
 * (its body). An id the structure does not know goes to /notFound.
 */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const page = useComponent(id);
  const shown = localizedPresentation(page.data?.presentation, i18n.language);
  const title = shown.title ?? '';
  const body = (page.data?.components?.pageBody ?? []) as ComponentReference[];

  useEffect(() => {
    if (page.isError) void navigate('/notFound', { replace: true });
  }, [page.isError, navigate]);
  useEffect(() => {
    if (page.isSuccess) analytics.category(id, title);
  }, [page.isSuccess, id, title]);

  return (
    <div className={styles.page}>
      {title ? <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title> : null}
      <div className={styles.header}>
        <button type="button" className={styles.back} onClick={() => void navigate(-1)} aria-label={t('CATEGORY.BACK')}>
          <ChevronStartIcon />
        </button>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {page.isPending ? <div className={styles.placeholder} aria-hidden="true" /> : null}
      {body.length > 0 ? <PageBody body={body} /> : null}
      {body.length === 0 && shown.body ? (
        <div
          className={styles.body}
          // Sanitised: only simple formatting survives.
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(shown.body, { ALLOWED_TAGS: BODY_TAGS, ALLOWED_ATTR: ['href'] }) }}
        />
      ) : null}
    </div>
  );
}
