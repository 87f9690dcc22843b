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
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return (RTL_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
}

/** `<html lang dir>`: Arabic is laid out right to left. */
export function applyDocumentLanguage(locale: string, doc: Document = document): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = directionOf(locale);
}
