import { DEFAULT_LOCALE, RTL_LOCALES, SUPPORTED_LOCALES, type Locale } from '@antenne/contract';
import { safeStorage, storageKeys } from './storage-keys';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The interface language: the stored choice (lang-preference) when supported, else fr. */
export function readLanguagePreference(): Locale {
  const stored = safeStorage.get(storageKeys.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function storeLanguagePreference(locale: Locale): void {
  safeStorage.set(storageKeys.language, locale);
  mirrorLanguagePreference();
}

/** A year: the language cookie lasts as long as a choice is remembered. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The language chosen, mirrored into the `lang-preference` cookie: the server renders the next
 * page in it (docs/adr/0030). Nothing chosen: the cookie is left alone (Accept-Language decides).
 */
export function mirrorLanguagePreference(doc: Document = document): Locale | undefined {
  const stored = safeStorage.get(storageKeys.language);
  if (!isLocale(stored)) return undefined;
  doc.cookie = `${storageKeys.language}=${stored}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  return stored;
}

/** Whether the language cookie holds `locale` (cookies may be refused). */
export function languageCookieIs(locale: Locale, doc: Document = document): boolean {
  return doc.cookie.split(/;\s*/).includes(`${storageKeys.language}=${locale}`);
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return (RTL_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
}

/** `<html lang dir>`: Arabic is laid out right to left. */
export function applyDocumentLanguage(locale: string, doc: Document = document): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = directionOf(locale);
}
