import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { shellHandlers } from '../../app/shell/shell-fixtures';
import { CONSENT_COOKIE, hasConsent, onConsentChange, readConsent } from '../analytics/consent';
import { stopConsentPlatform } from './consent-platform';

const clearChoice = () => {
  document.cookie = `${CONSENT_COOKIE}=; path=/; max-age=0`;
};

async function findBanner() {
  return screen.findByRole('dialog', { name: 'Consentement aux cookies' }, { timeout: 8000 });
}

describe('consent platform', () => {
  beforeAll(async () => {
    await Promise.all([import('./consent-platform'), import('./consent-account')]);
  });
  afterEach(() => {
    stopConsentPlatform();
    clearChoice();
  });

  test('a first visit sees the banner; refusing keeps only the necessary cookies and tells the listeners', async () => {
    clearChoice();
    mockFetch(shellHandlers());
    const changes: unknown[] = [];
    const stop = onConsentChange((choice) => changes.push(choice));
    renderApp('/');
    const banner = await findBanner();
    const buttons = within(banner)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Tout accepter', 'Tout refuser', 'Choisir']));

    await userEvent.click(within(banner).getByRole('button', { name: 'Tout refuser' }));
    await waitFor(() => expect(readConsent()?.accepted).toEqual([]));
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('advertising')).toBe(false);
    expect(changes).toHaveLength(1);
    stop();
  });

  test('a returning visitor sees no banner; the footer entry opens the preferences, where one category is chosen', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const entry = await within(footer).findByRole('link', { name: /^Gestion des cookies/ });
    // The platform registers once the page is live: then the entry opens its preferences.
    await waitFor(
      async () => {
        await act(async () => entry.click());
        expect(screen.getByRole('dialog', { name: 'Préférences de cookies' })).toBeVisible();
      },
      { timeout: 8000 },
    );
    expect(screen.queryByRole('dialog', { name: 'Consentement aux cookies' })).toBeNull();
    const preferences = screen.getByRole('dialog', { name: 'Préférences de cookies' });
    await userEvent.click(within(preferences).getByRole('checkbox', { name: /Mesure d'audience/ }));
    await userEvent.click(within(preferences).getByRole('button', { name: 'Enregistrer mes choix' }));
    await waitFor(() => expect(readConsent()?.accepted).toEqual(['analytics']));
    expect(hasConsent('advertising')).toBe(false);
  });
});
