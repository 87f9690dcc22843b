import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { skipToken, useQuery } from '@tanstack/react-query';
import { DEFAULT_LOCALE, type Component, type Presentation } from '@antenne/contract';
import { api } from '../../api/client';
import { useComponent } from '../../api/get-component';
import { useStartup } from '../../api/use-startup';
import { directionOf } from '../../lib/language';
import { localizedPresentation } from '../../lib/presentation';
import { sanitizeBody } from './page-body';
import { firstReference, resolveReference } from './page-reference';
import styles from './legal-page.module.css';

/** The language a presentation's body is written in for `language` (it may fall back to fr). */
function bodyLanguage(presentation: Presentation | undefined, language: string): string {
  if (presentation?.localized?.[language]?.body !== undefined) return language;
  return DEFAULT_LOCALE;
}

/**
 * /legal/{id}, outside the main shell (spec part 1 §2): a legal or custom page component.
 * Its presentation body when it has one; otherwise the text at its reference address
 * (components.pageBody[0].referenceUrl: a component of our API is fetched, a document on another
 * site is linked); otherwise, or when a fetch fails, /notFound.
 */
export default function LegalPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation();
  const { config, location } = useStartup();
  const language = i18n.language;
  const page = useComponent(id);

  const own = page.data ? localizedPresentation(page.data.presentation, language) : undefined;
  const reference = page.data && own?.body === undefined ? firstReference(page.data) : undefined;
  const target = reference
    ? resolveReference(reference.referenceUrl, config.exposureBaseUrl, window.location.origin)
    : undefined;
  const apiPath = target?.kind === 'api' ? target.path : undefined;
  const referenced = useQuery({
    queryKey: ['pageReference', apiPath, location.country],
    queryFn: apiPath
      ? ({ signal }) =>
          api.get<Component>(apiPath, {
            baseUrl: config.exposureBaseUrl,
            query: { paymentMethodPreview: false, filters: location.filters, allowedCountry: location.country },
            signal,
          })
      : skipToken,
    staleTime: 5 * 60_000,
  });

  const notFound = <Navigate to="/notFound" replace />;
  if (!id || page.isError) return notFound;
  if (page.isPending) return <Loading />;

  if (own?.body !== undefined) {
    return (
      <PageView
        title={own.title ?? page.data.name ?? t('PAGES.LEGAL')}
        body={own.body}
        bodyLang={bodyLanguage(page.data.presentation, language)}
      />
    );
  }
  if (target === undefined) return notFound;

  const fallbackTitle = own?.title ?? reference?.name ?? page.data.name ?? t('PAGES.LEGAL');
  if (target.kind === 'external') {
    return (
      <PageView title={fallbackTitle}>
        <p>{t('LEGAL.EXTERNAL_DOCUMENT')}</p>
        <p>
          <a className={styles.documentLink} href={target.url} target="_blank" rel="noopener noreferrer">
            {t('LEGAL.OPEN_DOCUMENT')} <span className={styles.hint}>{t('LEGAL.NEW_WINDOW')}</span>
          </a>
        </p>
      </PageView>
    );
  }

  if (referenced.isError) return notFound;
  if (referenced.isPending) return <Loading />;
  const text = localizedPresentation(referenced.data.presentation, language);
  if (text.body === undefined) return notFound;
  return (
    <PageView
      title={own?.title ?? text.title ?? fallbackTitle}
      body={text.body}
      bodyLang={bodyLanguage(referenced.data.presentation, language)}
    />
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

function PageView({
  title,
  body,
  bodyLang,
  children,
}: {
  title: string;
  body?: string;
  bodyLang?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const foreign = bodyLang !== undefined && bodyLang !== i18n.language;
  return (
    <article className={styles.page}>
      <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title>
      <nav className={styles.nav}>
        <Link className={styles.homeLink} to="/">
          {t('LEGAL.BACK_HOME')}
        </Link>
      </nav>
      <h1 className={styles.title}>{title}</h1>
      {body !== undefined && (
        <div
          className={styles.body}
          lang={foreign ? bodyLang : undefined}
          dir={foreign ? directionOf(bodyLang) : undefined}
          // Sanitised: only light formatting tags and safe link targets survive (page-body.ts).
          dangerouslySetInnerHTML={{ __html: sanitizeBody(body) }}
        />
      )}
      {children}
    </article>
  );
}
