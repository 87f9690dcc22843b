import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { preloadPageBeforeAll, renderApp } from '../../test/render-app';
import { config, json, mockFetch } from '../../test/fetch-mock';
import { epgHandlers } from '../../test/epg-fixtures';
import { useSessionStore } from '../state/session-store';

beforeEach(() => {
  mockFetch();
});

// The search page's chunk is the heaviest of the table's (its box, its results): cold, it can
// outlast a test's 5 s wait on a busy machine.
preloadPageBeforeAll('/search');

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the route table', () => {
  test.each([
    ['/', 'Accueil', undefined],
    ['/mosaic/bookmark', 'Continuer à regarder', undefined],
    ['/details/vod/redbee:abc123', 'Détails', undefined],
    ['/guide', 'Guide des programmes', undefined],
    ['/search', 'Recherche', undefined],
    ['/settings', 'Paramètres', undefined],
    ['/login', 'Connexion', undefined],
    ['/create-account', 'Créer un compte', undefined],
    ['/csa', 'Signalétique jeunesse', undefined],
    ['/notFound', 'Page introuvable', undefined],
  ])('%s shows its page "%s" inside the shell', async (path, title, id) => {
    renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    if (id) expect(screen.getByText(`Identifiant : ${id}`)).toBeInTheDocument();
  });

  test.each([
    ['encoded', '/details/epg/ch-monde%231773172800000'],
    ['raw (the rest of the id is the hash)', '/details/epg/ch-monde#1773172800000'],
  ])('/details/epg/{channelId#startTimestampMs} with the # %s shows that programme', async (_, path) => {
    mockFetch(epgHandlers());
    renderApp(path);
    expect(await heading('monde 03-10 20:00')).toBeInTheDocument();
  });

  test('an unknown path shows PAGE UNDER CONSTRUCTION (in words) inside the shell', async () => {
    renderApp('/this/path/does-not-exist');
    expect(await heading('Page en construction')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  test('/legal/{id} is outside the main shell: no top bar', async () => {
    mockFetch({
      '/v2/whitelabel/customer/antenne/businessunit/web/config/sandwich/component/cgu': () =>
        json({
          type: 'Component',
          id: 'cgu',
          appType: 'page',
          presentation: { fallback: { title: "Conditions d'utilisation", body: 'Bienvenue.' } },
        }),
    });
    renderApp('/legal/cgu');
    expect(await heading("Conditions d'utilisation")).toBeInTheDocument();
    expect(screen.getByText('Bienvenue.')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test.each(['/player/abc123', '/player/abc123/120'])(
    '%s shows the player without the top bar',
    async (path) => {
      renderApp(path);
      expect(await heading('Lecteur')).toBeInTheDocument();
      expect(document.querySelector('video')).toBeInstanceOf(HTMLVideoElement);
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    },
  );

  test('leaving the player restores the top bar', async () => {
    const { router } = renderApp('/player/abc123');
    await heading('Lecteur');
    await router.navigate('/');
    expect(await heading('Accueil')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  test('/mycontent sends a visitor without a token to /login', async () => {
    const { router } = renderApp('/mycontent');
    expect(await heading('Connexion')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('/activation sends a visitor to /login; a signed-in user gets the activation page', async () => {
    const { router, unmount } = renderApp('/activation');
    expect(await heading('Connexion')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    unmount();
    useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });
    renderApp('/activation');
    expect(await heading('Activer un appareil')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  test('/tv (the big screen) is outside the main shell: no top bar', async () => {
    renderApp('/tv');
    expect(await heading('Antenne sur votre téléviseur')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('/mycontent opens for a signed-in user', async () => {
    useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });
    const { router } = renderApp('/mycontent');
    expect(await heading('Mes contenus')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mycontent');
  });
});

describe('the top bar', () => {
  test('holds the burger, the logo link home and the settings, search and account links', async () => {
    renderApp('/');
    const bar = await screen.findByRole('banner');
    const burger = within(bar).getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    const logo = within(bar).getByRole('link', { name: 'Antenne Accueil' });
    expect(logo).toHaveAttribute('href', '/');
    expect(within(logo).getByRole('img', { name: 'Antenne' })).toHaveAttribute('src', '/images/logo.svg');
    expect(within(bar).getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/settings');
    expect(within(bar).getByRole('link', { name: 'Recherche' })).toHaveAttribute('href', '/search');
    expect(within(bar).getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/login');
  });

  test("the account link shows the signed-in profile's picture, and the icon for a visitor", async () => {
    mockFetch({
      '/config/config_web.json': () =>
        json({ ...config, avatars: [{ id: 'avatar-2', url: '/avatars/avatar-2.svg' }] }),
    });
    useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });
    useSessionStore.getState().setAvatar('avatar-2');
    const view = renderApp('/');
    const account = within(await screen.findByRole('banner')).getByRole('link', { name: 'Mon compte' });
    await waitFor(() => expect(account.querySelector('img')).toHaveAttribute('src', '/avatars/avatar-2.svg'));
    view.unmount();
    useSessionStore.getState().logout();
    renderApp('/');
    const visitor = within(await screen.findByRole('banner')).getByRole('link', { name: 'Mon compte' });
    expect(visitor.querySelector('img')).toBeNull();
  });

  test('its links lead to their pages and the logo back home', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const bar = await screen.findByRole('banner');
    await user.click(within(bar).getByRole('link', { name: 'Recherche' }));
    expect(await heading('Recherche')).toBeInTheDocument();
    await user.click(within(bar).getByRole('link', { name: 'Paramètres' }));
    expect(await heading('Paramètres')).toBeInTheDocument();
    await user.click(within(bar).getByRole('link', { name: 'Mon compte' }));
    expect(await heading('Connexion')).toBeInTheDocument();
    await user.click(within(bar).getByRole('link', { name: /Accueil/ }));
    expect(await heading('Accueil')).toBeInTheDocument();
  });
});
