import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { json, mockFetch } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { accountHandlers, accountUrls, loginResponse, owner, profileOf } from './account-fixtures';
import { setUpLoginTests, setup, signIn } from './login-page-test-helpers';

// The connected view is another feature's (account settings): a stand-in proves it is shown.
vi.mock('./account-settings', () => ({ default: () => <h1>Réglages du compte (stand-in)</h1> }));
// So is the player, where a sign-in asked for by a play button returns.
vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpLoginTests();

describe('back to the player after signing in', () => {
  const PLAYER = '/player/film-ete-a-dakar/719';
  const remember = (path: string) => sessionStorage.setItem(storageKeys.returnTo, path);

  test('an email sign-in goes to the remembered player, replacing /login, and forgets it', async () => {
    remember(PLAYER);
    const user = userEvent.setup();
    const { router } = setup();
    const entries = window.history.length;
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(PLAYER));
    expect(await screen.findByRole('heading', { name: 'Lecteur (stand-in)' })).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
    // Replaced: leaving the player goes back to the page before /login.
    expect(window.history.length).toBe(entries);
  });

  test('back from a social provider, the same', async () => {
    remember(PLAYER);
    mockFetch({
      ...accountHandlers(),
      [identityPaths.getSession]: () =>
        json({ user: { id: 'idu-g', email: 'viewer@example.com', name: 'Alice', emailVerified: true } }),
    });
    const { router } = renderApp('/login?social=done');
    await waitFor(() => expect(router.state.location.pathname).toBe(PLAYER));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
  });

  test('with several profiles, after the profile is chosen', async () => {
    remember(PLAYER);
    const user = userEvent.setup();
    const bob = profileOf('bob', 'Bob', false);
    const { router } = setup({
      [accountUrls.profiles]: () => json({ profiles: [owner, bob], pinCodes: [] }),
      [accountUrls.selectProfile('bob')]: () => json(loginResponse('session-bob', bob)),
    });
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Bob' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PLAYER));
    expect(useSessionStore.getState().token).toBe('session-bob');
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
  });

  test.each(['https://evil.example/player/x', '//evil.example/player/x', '/\\evil.example'])(
    'a remembered %s is ignored: home, and forgotten',
    async (path) => {
      remember(path);
      const user = userEvent.setup();
      const { router } = setup();
      await signIn(user);
      await waitFor(() => expect(useSessionStore.getState().status).toBe('connected'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
    },
  );

  test('leaving the login page by its back button forgets the player', async () => {
    remember(PLAYER);
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
  });
});
