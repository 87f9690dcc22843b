import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as CookieConsent from 'vanilla-cookieconsent';
import { afterEach, describe, expect, test } from 'vitest';
import { CONSENT_COOKIE, consentCookieValue, onConsentChange, readConsent } from '../analytics/consent';
import { consentBannerHtml, startConsentBanner, type ConsentBannerText } from './consent-banner';
import { startConsentPlatform, stopConsentPlatform } from './consent-platform';

const FRENCH: ConsentBannerText = {
  label: 'Consentement aux cookies',
  title: 'Vos choix en matière de cookies',
  description: "Antenne utilise des cookies <nécessaires> & « d'audience ».",
  acceptAll: 'Tout accepter',
  refuseAll: 'Tout refuser',
  choose: 'Choisir',
};

const t = (key: string) => `[${key}]`;
/** The interface's strings the server's banner was drawn with. */
const french = (key: string) =>
  ({
    'CONSENT.LABEL': FRENCH.label,
    'CONSENT.TITLE': FRENCH.title,
    'CONSENT.DESCRIPTION': FRENCH.description,
    'CONSENT.ACCEPT_ALL': FRENCH.acceptAll,
    'CONSENT.REFUSE_ALL': FRENCH.refuseAll,
    'CONSENT.CHOOSE': FRENCH.choose,
  })[key] ?? t(key);

/** The page as the server sends it to a visitor who has not chosen: the banner after the app. */
function serverPage() {
  document.body.innerHTML = `<div id="root"><a href="/">Accueil</a></div>${consentBannerHtml(FRENCH)}`;
}

const clearChoice = () => {
  document.cookie = `${CONSENT_COOKIE}=; path=/; max-age=0`;
};

describe("the server's consent banner", () => {
  afterEach(() => {
    stopConsentPlatform();
    clearChoice();
    document.body.innerHTML = '';
  });

  test('its markup is a named dialog with three equal choices; the text is escaped', () => {
    serverPage();
    const banner = screen.getByRole('dialog', { name: 'Consentement aux cookies' });
    expect(banner.getAttribute('aria-modal')).toBe('false');
    expect(within(banner).getByRole('heading').textContent).toBe(FRENCH.title);
    expect(within(banner).getByText(FRENCH.description).tagName).toBe('P');
    expect(
      within(banner)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Tout accepter', 'Tout refuser', 'Choisir']);
    expect(consentBannerHtml({ ...FRENCH, label: '"><script>' })).not.toContain('"><script>');
  });

  test('before the platform: accepting writes a choice the platform later takes as valid, and tells the listeners', async () => {
    clearChoice();
    serverPage();
    startConsentBanner();
    const changes: unknown[] = [];
    const stop = onConsentChange((choice) => changes.push(choice));
    await userEvent.click(screen.getByRole('button', { name: 'Tout accepter' }));
    stop();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsent()?.accepted).toEqual(['analytics', 'advertising']);
    expect(changes).toHaveLength(1);

    // What listens from the platform's coming on (the account's keeper) hears of the choice then.
    const later: unknown[] = [];
    const stopLater = onConsentChange((choice) => later.push(choice));
    await startConsentPlatform('fr', t);
    stopLater();
    expect(later).toEqual([{ accepted: ['analytics', 'advertising'], at: expect.any(Number) }]);
    expect(CookieConsent.validConsent()).toBe(true);
    expect(CookieConsent.acceptedCategory('analytics')).toBe(true);
    expect(CookieConsent.acceptedCategory('advertising')).toBe(true);
    // No banner drawn again for a visitor who has chosen.
    expect(screen.queryByRole('dialog', { name: 'Consentement aux cookies' })).toBeNull();
  });

  test('before the platform: "choose" opens the preferences as soon as it is there; the banner stays until a choice is saved', async () => {
    clearChoice();
    serverPage();
    startConsentBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Choisir' }));
    expect(screen.getByRole('dialog', { name: 'Consentement aux cookies' })).toBeTruthy();
    await startConsentPlatform('fr', french);
    const preferences = await screen.findByRole('dialog', { name: '[CONSENT.PREFERENCES_TITLE]' });
    // The server's banner is the one kept (not drawn again).
    expect(document.querySelectorAll('#consent-banner')).toHaveLength(1);
    await userEvent.click(within(preferences).getByRole('button', { name: 'Tout refuser' }));
    expect(readConsent()?.accepted).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Consentement aux cookies' })).toBeNull();
  });

  test('once the platform is there, refusing goes through it; a visitor who had chosen has the banner removed at start', async () => {
    clearChoice();
    serverPage();
    startConsentBanner();
    const drawn = document.getElementById('consent-banner');
    await startConsentPlatform('fr', french);
    // The server's banner, in the interface's language, is kept as it is.
    expect(document.getElementById('consent-banner')).toBe(drawn);
    await userEvent.click(screen.getByRole('button', { name: 'Tout refuser' }));
    expect(CookieConsent.validConsent()).toBe(true);
    expect(CookieConsent.acceptedCategory('analytics')).toBe(false);
    expect(readConsent()?.accepted).toEqual([]);

    // A page kept by the browser from before a choice made in another tab.
    stopConsentPlatform();
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics'])}; path=/`;
    serverPage();
    startConsentBanner();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a page drawn in the browser gets the banner from the platform, in the interface language', async () => {
    clearChoice();
    await startConsentPlatform('fr', t);
    const banner = screen.getByRole('dialog', { name: '[CONSENT.LABEL]' });
    expect(within(banner).getByRole('button', { name: '[CONSENT.ACCEPT_ALL]' })).toBeTruthy();
    await startConsentPlatform('en', (key) => `{${key}}`);
    expect(screen.getByRole('dialog', { name: '{CONSENT.LABEL}' })).toBeTruthy();
    expect(document.querySelectorAll('#consent-banner')).toHaveLength(1);
  });
});
