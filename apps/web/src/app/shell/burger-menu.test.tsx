import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { shellHandlers } from './shell-fixtures';

async function openMenu() {
  const button = await screen.findByRole('button', { name: 'Menu' });
  await userEvent.click(button);
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  // The structure's items arrive with the menu component.
  await within(menu).findByRole('link', { name: 'Cinéma' });
  return { button, menu };
}

describe('burger menu', () => {
  test('opens from the Menu button with Home, the TV guide, the structure items and My content', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const { button, menu } = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);

    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Accueil', '/'],
      ['Guide TV', '/guide'],
      ['Cinéma', '/vod/page-cinema'],
      ['Podcasts', '/vod/page-podcasts'],
      ['Antenne Monde Info (nouvel onglet)', 'https://info.example/'],
      ['Été à Dakar', '/details/vod/film-ete'],
      ['Mes contenus', '/mycontent'],
    ]);
    const external = within(menu).getByRole('link', { name: /Antenne Monde Info/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Focus moves into the menu.
    expect(links[0]).toHaveFocus();
  });

  test('highlights home, podcasts and external links only', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const { menu } = await openMenu();
    const highlighted = (name: string | RegExp) =>
      /highlighted/.test(within(menu).getByRole('link', { name }).className);
    expect(highlighted('Accueil')).toBe(true);
    expect(highlighted('Podcasts')).toBe(true);
    expect(highlighted(/Antenne Monde Info/)).toBe(true);
    expect(highlighted('Cinéma')).toBe(false);
    expect(highlighted('Mes contenus')).toBe(false);
  });

  test('Escape closes it and gives the focus back to the Menu button', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const { button } = await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument(),
    );
  });

  test('closes on a click outside and on a choice, which navigates', async () => {
    mockFetch(shellHandlers());
    const { router } = renderApp('/');
    const { button } = await openMenu();
    await userEvent.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument(),
    );

    const { menu } = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'Cinéma' }));
    expect(router.state.location.pathname).toBe('/vod/page-cinema');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  test('the Menu button toggles it', async () => {
    mockFetch(shellHandlers());
    renderApp('/');
    const { button } = await openMenu();
    await act(() => userEvent.click(button));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
