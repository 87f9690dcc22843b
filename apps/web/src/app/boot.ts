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
  /**
   * Everything above is already there: the translations of a server render, or of a server-rendered
   * page being hydrated, whose first render must draw the page at once, as the server did.
   */
  ready?: I18n;
}

export interface BootOptions {
  locale?: Locale;
  authState?: Promise<AuthStateOutcome>;
  page?: Promise<unknown>;
}

/** The boot of a render whose translations, page code and authentication state are all at hand. */
export function readyBoot(locale: Locale, i18n: I18n): Boot {
  return {
    locale,
    i18n: Promise.resolve(i18n),
    authState: Promise.resolve('known'),
    page: Promise.resolve(),
    ready: i18n,
  };
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
