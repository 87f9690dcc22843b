import {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  readConsentCookie,
  type ConsentCategory,
} from '@antenne/contract';
import { noteConsentChanged } from '../analytics/consent';
import './consent-banner.css';

/**
 * The consent banner (the first layer: accept all, refuse all, choose; equal weight, CNIL), ours
 * rather than the platform's (docs/adr/0044). On a page the server draws it is in the HTML for a
 * visitor without a choice (apps/server's page-render.ts draws it with `consentBannerHtml`), so it
 * is there at the first paint instead of appearing seconds later as the largest paint; on a page
 * drawn in the browser the platform draws it once loaded (`showConsentBanner`).
 *
 * Its buttons work from the moment the entry has run (main.tsx: `startConsentBanner`): before the
 * platform (vanilla-cookieconsent, loaded once the page is live) is there, a choice is written as
 * the platform writes it (so the platform reads it as valid); once it is there, through it. "Choose"
 * opens the platform's preferences, as soon as it is loaded.
 */

export const CONSENT_BANNER_ID = 'consent-banner';

export interface ConsentBannerText {
  /** The dialog's name. */
  label: string;
  title: string;
  description: string;
  acceptAll: string;
  refuseAll: string;
  choose: string;
}

/** The banner's text in the interface's strings (the CONSENT block of locales/*.json). */
export function consentBannerText(t: (key: string) => string): ConsentBannerText {
  return {
    label: t('CONSENT.LABEL'),
    title: t('CONSENT.TITLE'),
    description: t('CONSENT.DESCRIPTION'),
    acceptAll: t('CONSENT.ACCEPT_ALL'),
    refuseAll: t('CONSENT.REFUSE_ALL'),
    choose: t('CONSENT.CHOOSE'),
  };
}

type Choice = 'all' | 'necessary' | 'choose';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The banner's markup: a dialog that does not take the focus (the visitor may be on a part of the
 * page already), at the end of the page's tab order.
 */
export function consentBannerHtml(text: ConsentBannerText): string {
  const button = (choice: Choice, label: string) =>
    `<button type="button" class="consent-banner__button" data-consent="${choice}">${escape(label)}</button>`;
  return (
    `<div id="${CONSENT_BANNER_ID}" class="consent-banner" role="dialog" aria-modal="false" ` +
    `aria-label="${escape(text.label)}" aria-describedby="${CONSENT_BANNER_ID}-description">` +
    `<h2 class="consent-banner__title">${escape(text.title)}</h2>` +
    `<p class="consent-banner__description" id="${CONSENT_BANNER_ID}-description">${escape(text.description)}</p>` +
    `<div class="consent-banner__actions">${button('all', text.acceptAll)}${button('necessary', text.refuseAll)}${button('choose', text.choose)}</div>` +
    `</div>`
  );
}

/** What the platform does with the banner's choices once it is loaded (consent-platform.ts). */
export interface BannerPlatform {
  /** Accepts all optional categories, or none: writes the choice and tells the listeners. */
  accept(all: boolean): void;
  showPreferences(): void;
}

let platform: BannerPlatform | undefined;
let preferencesAsked = false;
/** A choice was written before the platform came (told again as it comes: attachBannerPlatform). */
let chosenBeforePlatform = false;

const bannerOf = (doc: Document) => doc.getElementById(CONSENT_BANNER_ID);

/**
 * Makes the server's banner work (main.tsx, before the app's code): its buttons answer from now
 * on. A banner for a visitor who has chosen (a page kept by the browser from before the choice)
 * goes at once.
 */
export function startConsentBanner(doc: Document = document): void {
  const banner = bannerOf(doc);
  if (banner === null) return;
  if (readConsentCookie(doc.cookie) !== undefined) banner.remove();
  else listen(banner);
}

/**
 * The banner for a visitor without a choice, in `text` (the platform is loaded: consent-platform.ts):
 * drawn at the end of the page when the server did not draw it (a page drawn in the browser), or
 * its text changed (the interface's language changed). Nothing for a visitor who has chosen.
 */
export function showConsentBanner(text: ConsentBannerText, doc: Document = document): void {
  const current = bannerOf(doc);
  if (readConsentCookie(doc.cookie) !== undefined) {
    current?.remove();
    return;
  }
  // The server's banner in this language stays as it is (a new one would be painted again).
  if (
    current !== null &&
    current.getAttribute('aria-label') === text.label &&
    current.querySelector('p')?.textContent === text.description
  )
    return;
  const focused = current?.contains(doc.activeElement)
    ? doc.activeElement?.getAttribute('data-consent')
    : null;
  current?.remove();
  doc.body.insertAdjacentHTML('beforeend', consentBannerHtml(text));
  const banner = bannerOf(doc);
  if (banner === null) return;
  listen(banner);
  if (focused) banner.querySelector<HTMLElement>(`[data-consent="${focused}"]`)?.focus();
}

/** Removes the banner (a choice is made, here or elsewhere). */
export function hideConsentBanner(doc: Document = document): void {
  bannerOf(doc)?.remove();
}

/**
 * The platform takes the banner's choices from now on; a "choose" pressed before it was there
 * opens its preferences now. Returns the function that detaches it.
 */
export function attachBannerPlatform(loaded: BannerPlatform): () => void {
  platform = loaded;
  // What listens from the platform's coming on (the account's keeper: a signed-in visitor's choice
  // goes to the account) hears of a choice made before it.
  if (chosenBeforePlatform) {
    chosenBeforePlatform = false;
    noteConsentChanged();
  }
  if (preferencesAsked) {
    preferencesAsked = false;
    loaded.showPreferences();
  }
  return () => {
    if (platform === loaded) platform = undefined;
  };
}

function listen(banner: HTMLElement): void {
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-consent]');
    const choice = button?.dataset.consent as Choice | undefined;
    if (choice !== undefined) choose(choice, banner.ownerDocument);
  });
}

function choose(choice: Choice, doc: Document): void {
  if (choice === 'choose') {
    // The banner stays until a choice is saved in the preferences.
    if (platform !== undefined) platform.showPreferences();
    else preferencesAsked = true;
    return;
  }
  const all = choice === 'all';
  // The focus, on a button that goes, goes to the page (the next Tab starts from its top).
  if (bannerOf(doc)?.contains(doc.activeElement)) (doc.activeElement as HTMLElement).blur();
  hideConsentBanner(doc);
  if (platform !== undefined) return platform.accept(all);
  writeChoice(all ? [...CONSENT_CATEGORIES] : [], doc);
  chosenBeforePlatform = true;
  noteConsentChanged();
}

/** Half a year: the choice is asked again after it (CNIL recommends at most 13 months). */
export const CONSENT_DAYS = 182;

/**
 * The choice as vanilla-cookieconsent writes it (categories, both timestamps, a consent id,
 * revision 0, its expiry): the platform, loaded later, reads it as a valid choice.
 */
function writeChoice(accepted: readonly ConsentCategory[], doc: Document): void {
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const value = {
    categories: ['necessary', ...accepted],
    revision: 0,
    data: null,
    consentTimestamp: stamp,
    consentId: consentId(),
    services: { necessary: [], analytics: [], advertising: [] },
    lastConsentTimestamp: stamp,
    expirationTime: now + CONSENT_DAYS * 24 * 3600 * 1000,
  };
  const secure = doc.location.protocol === 'https:' ? '; secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; path=/; max-age=${CONSENT_DAYS * 24 * 3600}; samesite=lax${secure}`;
}

/** A random UUID v4 (crypto.randomUUID is only there on https and localhost). */
function consentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
