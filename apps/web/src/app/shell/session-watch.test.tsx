import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { accountPaths, identityPaths, type Asset, type UserProfile } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { toSessionProfile, useSessionStore } from '../../state/session-store';

vi.setConfig({ testTimeout: 20_000 });

const film: Asset = {
  assetId: 'film-ete-a-dakar',
  type: 'MOVIE',
  duration: 6_000_000,
  localized: [{ locale: 'fr', title: "L'Été à Dakar" }],
};
const alice: UserProfile = {
  userId: 'alice',
  username: 'alice',
  displayName: 'Alice',
  emailAddress: 'viewer@example.com',
  created: '2026-01-01T00:00:00Z',
  metadata: {},
  active: true,
  owner: true,
  child: false,
  hasPinCode: false,
  restricted: false,
};

/** Signed in with a token another tab has since replaced (its server session is gone). */
function staleSession() {
  useSessionStore.getState().setSession('stale-token', { email: 'viewer@example.com' });
  useSessionStore.getState().profileLoginSuccess(toSessionProfile(alice));
}

/** The favourites and continue-watching calls answer 401 INVALID_SESSION_TOKEN to the stale token; a sign-in works. */
function server(): Record<string, Handler> {
  const personal =
    (answer: () => Response): Handler =>
    (_url, init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer stale-token'
        ? apiError(401, 'INVALID_SESSION_TOKEN')
        : answer();
  return {
    [accountPaths.listAssets(config)]: (_url, init) =>
      // The list itself was read before the other tab acted: only the press fails.
      new Headers(init?.headers).get('Authorization') ? json([]) : apiError(401, 'NO_SESSION_TOKEN'),
    [accountPaths.listAsset(config, film.assetId)]: personal(() => json({ message: 'OK' })),
    [accountPaths.continueWatching(config)]: () => json({ items: [film] }),
    [accountPaths.lastViewedOffset(config)]: () =>
      json({ count: 0, pageNumber: 1, pageSize: 200, items: [] }),
    [identityPaths.providers]: () => json({ email: true, social: [], oidc: null }),
    [identityPaths.signInEmail]: () =>
      json({
        token: 'identity-session',
        user: { id: 'idu-1', email: 'viewer@example.com', name: 'Alice', emailVerified: true },
      }),
    [identityPaths.token]: () => json({ token: 'id-token' }),
    [accountPaths.firebaseLogin(config)]: () =>
      json({
        sessionToken: 'fresh-token',
        expirationDateTime: '2026-12-23T00:00:00Z',
        accountId: 'household-1',
        userId: 'alice',
        accountStatus: 'ACTIVE',
        crmToken: '',
        isOverDeviceLimit: false,
        userProfile: alice,
      }),
    [accountPaths.profiles(config)]: () => json({ profiles: [alice], pinCodes: [] }),
  };
}

afterEach(() => {
  sessionStorage.clear();
});

/** Signed in with the stale token on /mosaic/bookmark, the user presses a favourite: the prompt. */
async function pressWithStaleSession() {
  staleSession();
  mockFetch(server());
  const user = userEvent.setup();
  const { router } = renderApp('/mosaic/bookmark');
  await user.click(await screen.findByRole('button', { name: "Ajouter L'Été à Dakar aux favoris" }));
  const prompt = await screen.findByRole('dialog', { name: 'Session terminée' });
  return { user, router, prompt };
}

describe('a session the server no longer accepts', () => {
  test('a personal action answered 401 forgets the session, offers to sign in again, and the sign-in comes back to the page', async () => {
    const { user, router, prompt } = await pressWithStaleSession();
    expect(within(prompt).getByText(/Reconnectez-vous pour continuer/)).toBeInTheDocument();
    // Not the generic failure popup, and the session is gone.
    expect(screen.queryByRole('dialog', { name: 'Favoris' })).not.toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: null, profile: null, status: 'anonymous' });

    await user.click(within(prompt).getByRole('button', { name: 'Se reconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/mosaic/bookmark');

    const form = await screen.findByRole('form', { name: 'Connexion par e-mail' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'viewer@example.com');
    await user.type(within(form).getByLabelText('Mot de passe'), 'Secret#2026');
    await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mosaic/bookmark'));
    expect(useSessionStore.getState().token).toBe('fresh-token');
  });

  test('Cancel keeps the visitor on the page, signed out', async () => {
    const { user, router, prompt } = await pressWithStaleSession();
    await user.click(within(prompt).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/mosaic/bookmark');
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
  });
});
