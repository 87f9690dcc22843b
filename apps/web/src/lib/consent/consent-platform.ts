import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-platform.css';
import {
  CONSENT_COOKIE,
  noteConsentChanged,
  registerConsentPreferences,
  type ConsentCategory,
} from '../analytics/consent';
import {
  attachBannerPlatform,
  CONSENT_DAYS,
  consentBannerText,
  hideConsentBanner,
  showConsentBanner,
} from './consent-banner';

/**
 * The consent platform: vanilla-cookieconsent (docs/consent.md). Loaded after the first page is
 * live (consent-host.tsx); until then nothing optional runs, since every optional feature asks
 * `hasConsent(category)`, which reads the cookie this platform writes.
 *
 * The banner (the first layer: "accept all", "refuse all" and "choose", of equal weight: CNIL) is
 * ours (consent-banner.ts: in the server's HTML, there at the first paint); the platform keeps the
 * choice, draws the preferences ("choose" and the footer's cookie entry open them) and takes the
 * banner's choices once loaded. Every choice calls `noteConsentChanged()`: what listens stops at
 * once on a withdrawal.
 */

type Translate = (key: string) => string;

function translation(t: Translate): CookieConsent.Translation {
  return {
    // The platform's own first layer never shows (autoShow: false; the banner is consent-banner.ts);
    // its type asks for its text.
    consentModal: {
      label: t('CONSENT.LABEL'),
      title: t('CONSENT.TITLE'),
      description: t('CONSENT.DESCRIPTION'),
      acceptAllBtn: t('CONSENT.ACCEPT_ALL'),
      acceptNecessaryBtn: t('CONSENT.REFUSE_ALL'),
      showPreferencesBtn: t('CONSENT.CHOOSE'),
    },
    preferencesModal: {
      title: t('CONSENT.PREFERENCES_TITLE'),
      acceptAllBtn: t('CONSENT.ACCEPT_ALL'),
      acceptNecessaryBtn: t('CONSENT.REFUSE_ALL'),
      savePreferencesBtn: t('CONSENT.SAVE'),
      closeIconLabel: t('CONSENT.CLOSE'),
      sections: [
        { title: t('CONSENT.INTRO_TITLE'), description: t('CONSENT.INTRO_DESCRIPTION') },
        {
          title: t('CONSENT.NECESSARY_TITLE'),
          description: t('CONSENT.NECESSARY_DESCRIPTION'),
          linkedCategory: 'necessary',
        },
        {
          title: t('CONSENT.ANALYTICS_TITLE'),
          description: t('CONSENT.ANALYTICS_DESCRIPTION'),
          linkedCategory: 'analytics',
        },
        {
          title: t('CONSENT.ADVERTISING_TITLE'),
          description: t('CONSENT.ADVERTISING_DESCRIPTION'),
          linkedCategory: 'advertising',
        },
        { title: t('CONSENT.MORE_TITLE'), description: t('CONSENT.MORE_DESCRIPTION') },
      ],
    },
  };
}

let started = false;
let unregister: (() => void) | undefined;
let detachBanner: (() => void) | undefined;

/** Starts the platform in `language`; the banner (drawn when the page has none) for a visitor without a valid choice. */
export async function startConsentPlatform(language: string, t: Translate): Promise<void> {
  if (started) return setConsentLanguage(language, t);
  started = true;
  await CookieConsent.run({
    cookie: {
      name: CONSENT_COOKIE,
      expiresAfterDays: CONSENT_DAYS,
      sameSite: 'Lax',
      // A self-hosted server on plain http would otherwise never keep the choice.
      secure: window.location.protocol === 'https:',
    },
    // Playwright and other automation set navigator.webdriver: they are visitors too.
    hideFromBots: false,
    // The banner is ours (consent-banner.ts); the platform's own first layer never shows.
    autoShow: false,
    disablePageInteraction: false,
    guiOptions: {
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      advertising: {},
    },
    // onConsent also fires on every page load with a valid choice: only the first choice and changes.
    onFirstConsent: chosen,
    onChange: chosen,
    language: { default: language, rtl: 'ar', translations: { [language]: translation(t) } },
  });
  unregister = registerConsentPreferences(() => CookieConsent.showPreferences());
  detachBanner = attachBannerPlatform({
    accept: (all) => CookieConsent.acceptCategory(all ? 'all' : []),
    showPreferences: () => CookieConsent.showPreferences(),
  });
  dropPlatformBanner();
  showConsentBanner(consentBannerText(t));
}

/**
 * The platform draws its own first layer, hidden, for a visitor without a valid choice (so that
 * `show()` could show it) even with autoShow off: it goes, so that no second dialog of the same
 * name is in the page.
 */
function dropPlatformBanner(): void {
  document.querySelector('#cc-main .cm-wrapper')?.remove();
}

/** A choice is made (the banner, the preferences): the banner goes, the listeners are told. */
function chosen(): void {
  hideConsentBanner();
  noteConsentChanged();
}

/** The banner and preferences in `language` (the interface language changed). */
export async function setConsentLanguage(language: string, t: Translate): Promise<void> {
  const config = CookieConsent.getConfig('language') as
    CookieConsent.CookieConsentConfig['language'] | undefined;
  if (!config) return;
  config.translations[language] = translation(t);
  await CookieConsent.setLanguage(language, true);
  dropPlatformBanner();
  showConsentBanner(consentBannerText(t));
}

/** Applies a choice made elsewhere (the account's, on another device): exactly `accepted`. */
export function applyConsent(accepted: readonly ConsentCategory[]): void {
  CookieConsent.acceptCategory([...accepted]);
  hideConsentBanner();
}

/** Removes the platform's interface (tests). */
export function stopConsentPlatform(): void {
  unregister?.();
  unregister = undefined;
  detachBanner?.();
  detachBanner = undefined;
  hideConsentBanner();
  CookieConsent.reset(false);
  started = false;
}
