import i18next, { type BackendModule, type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@antenne/contract';
import { api } from '../api/client';
import { applyDocumentLanguage } from './language';

/**
 * Translations live in public/locales/{lng}.json, served as plain files (short cache) so a
 * broadcaster can edit them without a rebuild, and only the languages in use are fetched.
 */
const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    api
      .get<Record<string, unknown>>(`/locales/${encodeURIComponent(language)}.json`, { clientJson: false })
      .then(
        (resources) => callback(null, resources),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

const options = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
  returnNull: false,
} satisfies InitOptions;

/**
 * A fresh i18next instance for `locale`, fr as the fallback. Resolves once the translations
 * are loaded (or failed: the keys' fallbacks then show, which never blocks startup).
 * Keeps `<html lang dir>` in step with the language.
 */
export async function createI18n(locale: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => applyDocumentLanguage(lng));
  applyDocumentLanguage(locale);
  await instance
    .use(localesBackend)
    .use(initReactI18next)
    .init({ ...options, lng: locale })
    .catch((error: unknown) => console.error('i18n: translations could not be loaded', error));
  return instance;
}

/**
 * An i18next instance ready at once, from the translations given: the server render's, and the
 * browser's when it hydrates a server-rendered page (the page carries its language's strings).
 */
export function createI18nWith(locale: Locale, translations: Record<string, unknown>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...options,
    lng: locale,
    resources: { [locale]: { translation: translations } },
    initAsync: false,
  });
  return instance;
}
