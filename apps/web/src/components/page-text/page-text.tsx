import {
  DEFAULT_LOCALE,
  type Component,
  type ComponentReference,
  type Presentation,
} from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useReferencedComponent } from '../../api/get-referenced-component';
import { useStartup } from '../../api/use-startup';
import { directionOf } from '../../lib/language';
import { localizedPresentation } from '../../lib/presentation';
import { pageBlocks } from '../page-body/page-body';
import { firstReference, resolveReference } from './page-reference';
import { sanitizeBody } from './sanitize-body';
import { renderContext } from '../../lib/render-context';
import styles from './page-text.module.css';

/** What a legal or custom page shows, once its component (and what it references) is known. */
export type PageText =
  | { status: 'pending' }
  | { status: 'notFound' }
  | { status: 'text'; title: string | undefined; body: string; bodyLang: string }
  | { status: 'external'; title: string | undefined; url: string };

/** The language a presentation's body is written in for `language` (it may fall back to fr). */
function bodyLanguage(presentation: Presentation | undefined, language: string): string {
  if (presentation?.localized?.[language]?.body !== undefined) return language;
  return DEFAULT_LOCALE;
}

/**
 * A page of text rather than of lanes: a legal or custom page (appSubType Legal or Custom), or a
 * page whose body holds no hero banner and no carousel. /vod/{id} shows it as text.
 */
export function isTextPage(page: Component): boolean {
  if (page.appSubType === 'Legal' || page.appSubType === 'Custom') return true;
  return pageBlocks((page.components?.pageBody ?? []) as ComponentReference[]).length === 0;
}

/**
 * The text of a legal or custom page (spec part 1 §2): its presentation body when it has one;
 * otherwise the content at its reference address (components.pageBody[0].referenceUrl: a
 * component of our API is fetched and its body shown, a document on another site is linked);
 * otherwise, or when a fetch fails, `notFound`.
 */
export function usePageText(page: { data?: Component | undefined; isError: boolean }): PageText {
  const { i18n } = useTranslation();
  const { config } = useStartup();
  const language = i18n.language;
  const own = page.data ? localizedPresentation(page.data.presentation, language) : undefined;
  const reference = page.data && own?.body === undefined ? firstReference(page.data) : undefined;
  const target = reference
    ? resolveReference(
        reference.referenceUrl,
        config.exposureBaseUrl,
        renderContext()?.origin ?? window.location.origin,
      )
    : undefined;
  const referenced = useReferencedComponent(target?.kind === 'api' ? target.path : undefined);

  if (page.isError) return { status: 'notFound' };
  if (page.data === undefined) return { status: 'pending' };
  const name = page.data.name;
  if (own?.body !== undefined) {
    return {
      status: 'text',
      title: own.title ?? name,
      body: own.body,
      bodyLang: bodyLanguage(page.data.presentation, language),
    };
  }
  if (target === undefined) return { status: 'notFound' };
  if (target.kind === 'external')
    return { status: 'external', title: own?.title ?? reference?.name ?? name, url: target.url };
  if (referenced.isError) return { status: 'notFound' };
  if (referenced.data === undefined) return { status: 'pending' };
  const text = localizedPresentation(referenced.data.presentation, language);
  if (text.body === undefined) return { status: 'notFound' };
  return {
    status: 'text',
    title: own?.title ?? text.title ?? reference?.name ?? name,
    body: text.body,
    bodyLang: bodyLanguage(referenced.data.presentation, language),
  };
}

/** The body of a page of text (sanitised), or the link to its document on another site. */
export function PageTextContent({
  text,
  className,
}: {
  text: Extract<PageText, { status: 'text' | 'external' }>;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (text.status === 'external') {
    return (
      <div className={className}>
        <p>{t('LEGAL.EXTERNAL_DOCUMENT')}</p>
        <p>
          <a className={styles.documentLink} href={text.url} target="_blank" rel="noopener noreferrer">
            {t('LEGAL.OPEN_DOCUMENT')} <span className={styles.hint}>{t('LEGAL.NEW_WINDOW')}</span>
          </a>
        </p>
      </div>
    );
  }
  const foreign = text.bodyLang !== i18n.language;
  return (
    <div
      className={`${styles.body} ${className ?? ''}`}
      lang={foreign ? text.bodyLang : undefined}
      dir={foreign ? directionOf(text.bodyLang) : undefined}
      // Sanitised: only light formatting tags and safe link targets survive (sanitize-body.ts).
      dangerouslySetInnerHTML={{ __html: sanitizeBody(text.body) }}
    />
  );
}
