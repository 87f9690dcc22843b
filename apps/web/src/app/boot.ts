import type { i18n as I18n } from 'i18next';
import type { Locale } from '@antenne/contract';
import { createI18n } from '../lib/i18n';
import { readLanguagePreference } from '../lib/language';
import { waitForAuthState, type AuthStateOutcome } from '../state/auth-state';

/** The startup work that is not a query: started once, before the first render, in parallel. */
export interface Boot {
  locale: Locale;
  /** Resolves when the translations of the locale are loaded. */
  i18n: Promise<I18n>;
  /** Resolves when the authentication state is known, at most 2500 ms after boot. */
  authState: Promise<AuthStateOutcome>;
  /** Resolves when the code of the first page is loaded (see preloadPage). */
  page: Promise<unknown>;
}

export interface BootOptions {
  locale?: Locale;
  authState?: Promise<AuthStateOutcome>;
  page?: Promise<unknown>;
}

export function startBoot(options: BootOptions = {}): Boot {
  const locale = options.locale ?? readLanguagePreference();
  return {
    locale,
    i18n: createI18n(locale),
    authState: options.authState ?? waitForAuthState(),
    page: options.page ?? Promise.resolve(),
  };
}
