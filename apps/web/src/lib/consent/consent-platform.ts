import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-platform.css';
import {
  CONSENT_COOKIE,
  noteConsentChanged,
  registerConsentPreferences,
  type ConsentCategory,
} from '../analytics/consent';

/**
 * The consent platform: vanilla-cookieconsent (docs/consent.md). Loaded after the first page is
 * live (consent-host.tsx); until then nothing optional runs, since every optional feature asks
 * `hasConsent(category)`, which reads the cookie this platform writes.
 *
 * The banner shows on a first visit (no valid choice in the cookie) with "accept all", "refuse all"
 * and "choose" of equal weight (CNIL); "choose" and the footer's cookie entry open the preferences.
 * Every choice calls `noteConsentChanged()`: what listens stops at once on a withdrawal.
 */

type Translate = (key: string) => string;

function translation(t: Translate): CookieConsent.Translation {
  return {
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

/** Half a year: the choice is asked again after it (CNIL recommends at most 13 months). */
const CONSENT_DAYS = 182;

let started = false;
let unregister: (() => void) | undefined;

/** Starts the platform in `language` (shows the banner when there is no valid choice yet). */
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
    disablePageInteraction: false,
    guiOptions: {
      consentModal: {
        layout: 'box wide',
        position: 'bottom center',
        equalWeightButtons: true,
        flipButtons: false,
      },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      advertising: {},
    },
    // The banner takes the focus as it shows (a dialog): not from a visitor already on a part of
    // the page (a programme of the guide, a search box), whose next key would land in the banner.
    onModalShow: ({ modalName }) => {
      if (modalName === 'consentModal') keepFocusOnThePage();
    },
    // onConsent also fires on every page load with a valid choice: only the first choice and changes.
    onFirstConsent: () => noteConsentChanged(),
    onChange: () => noteConsentChanged(),
    language: { default: language, rtl: 'ar', translations: { [language]: translation(t) } },
  });
  unregister = registerConsentPreferences(() => CookieConsent.showPreferences());
}

/**
 * How long after the banner shows the platform may still move the focus into it (at 100 ms, and
 * again as its fade-in ends).
 */
const BANNER_FOCUS_MS = 1500;

/**
 * While the banner comes in (BANNER_FOCUS_MS), a focus it takes from a part of the app goes back
 * there. The banner stays announced (role dialog) and in the tab order, at the end of the page; a
 * visitor on nothing yet (the page's body) lets it have the focus.
 */
function keepFocusOnThePage(): void {
  const main = document.getElementById('cc-main');
  if (main === null) return;
  const giveBack = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (!(from instanceof HTMLElement) || from === document.body || main.contains(from) || !from.isConnected)
      return;
    from.focus({ preventScroll: true });
  };
  main.addEventListener('focusin', giveBack);
  setTimeout(() => main.removeEventListener('focusin', giveBack), BANNER_FOCUS_MS);
}

/** The banner and preferences in `language` (the interface language changed). */
export async function setConsentLanguage(language: string, t: Translate): Promise<void> {
  const config = CookieConsent.getConfig('language') as
    CookieConsent.CookieConsentConfig['language'] | undefined;
  if (!config) return;
  config.translations[language] = translation(t);
  await CookieConsent.setLanguage(language, true);
}

/** Applies a choice made elsewhere (the account's, on another device): exactly `accepted`. */
export function applyConsent(accepted: readonly ConsentCategory[]): void {
  CookieConsent.acceptCategory([...accepted]);
  CookieConsent.hide();
}

/** Removes the platform's interface (tests). */
export function stopConsentPlatform(): void {
  unregister?.();
  unregister = undefined;
  CookieConsent.reset(false);
  started = false;
}
