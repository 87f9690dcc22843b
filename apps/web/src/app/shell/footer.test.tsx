import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { paths } from '@antenne/contract';
import { config, json, mockFetch } from '../../../test/fetch-mock';
import { registerConsentPreferences } from '../../lib/analytics/consent';
import { splitFooterTitle } from './footer-groups';
import { footerComponent, shellHandlers } from './shell-fixtures';

// The consent platform is tested in lib/consent: here the footer alone, with or without one.
vi.mock('../../lib/consent/consent-host', () => ({ ConsentHost: () => null }));

async function findFooter() {
  const footer = await screen.findByRole('contentinfo');
  await within(footer).findByRole('link', { name: /Mentions légales/ });
  return footer;
}

const column = (footer: HTMLElement, name: string) => within(footer).getByRole('region', { name });

describe('footer', () => {
  test('splits a title on the separator', () => {
    expect(splitFooterTitle('Informations | Qui sommes-nous ?')).toEqual({
      group: 'Informations',
      label: 'Qui sommes-nous ?',
    });
    expect(splitFooterTitle('A | B | C')).toEqual({ group: 'A', label: 'B | C' });
    expect(splitFooterTitle('Seul')).toEqual({ group: '', label: 'Seul' });
  });

  test('groups the structure footer items into columns by the part before the separator', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const footer = await findFooter();
    expect(
      within(footer)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      "L'univers du réseau",
      'Informations',
      'Gestion des cookies',
      'Informations légales',
      'Réseaux sociaux',
    ]);
    const informations = column(footer, 'Informations');
    expect(
      within(informations)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Qui sommes-nous ?', 'Nous contacter']);
    // A custom page stays in the app.
    expect(within(informations).getByRole('link', { name: 'Qui sommes-nous ?' })).toHaveAttribute(
      'href',
      '/vod/qui-sommes-nous',
    );
    expect(within(informations).getByRole('link', { name: 'Qui sommes-nous ?' })).not.toHaveAttribute(
      'target',
    );
  });

  test('opens legal pages in a new tab at /legal/{id}', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const footer = await findFooter();
    const legal = within(column(footer, 'Informations légales')).getByRole('link', {
      name: /Mentions légales/,
    });
    expect(legal).toHaveAttribute('href', '/legal/mentions-legales');
    expect(legal).toHaveAttribute('target', '_blank');
    expect(legal).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  test('adds the social networks column, without repeating a link', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const footer = await findFooter();
    const social = column(footer, 'Réseaux sociaux');
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://facebook.example/antenne', 'https://youtube.example/antenne']);
  });

  test("names a social link by its item's title and leads to its ExternalUrlAction; an older {name, url} is still read", async () => {
    const handlers = shellHandlers();
    const component = {
      ...footerComponent,
      components: {
        ...footerComponent.components,
        socialMediaLinks: [
          ...(footerComponent.components?.socialMediaLinks ?? []),
          { name: 'Instagram', url: 'https://instagram.example/antenne' },
          { name: 'Sans lien' },
        ],
      },
    };
    handlers[paths.wlComponent(config, 'footer')] = () => json(component);
    mockFetch(handlers);
    renderApp('/');
    const social = column(await findFooter(), 'Réseaux sociaux');
    expect(within(social).getByRole('link', { name: /YouTube/ })).toHaveAttribute(
      'href',
      'https://youtube.example/antenne',
    );
    expect(within(social).getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      'https://instagram.example/antenne',
    );
    expect(within(social).queryByRole('link', { name: /Sans lien/ })).toBeNull();
  });

  test('the cookie entry is the cookie page until the consent platform is there, then opens its preferences', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const footer = await findFooter();
    const cookies = within(footer).getByRole('link', { name: /^Gestion des cookies/ });
    expect(cookies).toHaveAttribute('href', '/legal/gestion-des-cookies');
    expect(cookies).toHaveAttribute('target', '_blank');

    // No platform yet (it loads after the page is live): the link is followed.
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    cookies.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);

    expect(cookies).not.toHaveAttribute('aria-haspopup');
    const show = vi.fn();
    const unregister = registerConsentPreferences(show);
    try {
      await waitFor(() => expect(cookies).toHaveAttribute('aria-haspopup', 'dialog'));
      const second = new MouseEvent('click', { bubbles: true, cancelable: true });
      cookies.dispatchEvent(second);
      expect(second.defaultPrevented).toBe(true);
      expect(show).toHaveBeenCalledTimes(1);
    } finally {
      unregister();
    }
  });

  test('has no links when the structure has no footer', async () => {
    mockFetch();
    renderApp('/');
    await screen.findByRole('banner');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryAllByRole('link')).toHaveLength(0);
  });
});
