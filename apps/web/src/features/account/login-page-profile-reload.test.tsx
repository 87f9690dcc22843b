import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { apiError, json } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { accountUrls, loginResponse, owner, profileOf } from './account-fixtures';
import { setUpLoginTests, setup } from './login-page-test-helpers';

// The connected view is another feature's (account settings): a stand-in proves it is shown.
vi.mock('./account-settings', () => ({ default: () => <h1>Réglages du compte (stand-in)</h1> }));
// So is the player, where a sign-in asked for by a play button returns.
vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpLoginTests();

describe('a reload before choosing a profile', () => {
  test('"Qui regarde ?" shows again, from the household\'s list read afresh, and choosing one selects it', async () => {
    const user = userEvent.setup();
    const bob = profileOf('bob', 'Bob', false);
    // What the sign-in left persisted before the reload: the household's token, no profile chosen.
    localStorage.setItem(
      storageKeys.session,
      JSON.stringify({
        state: {
          token: 'session-1',
          user: { email: 'viewer@example.com', createdAt: 1 },
          profile: null,
          avatar: null,
          providerToken: null,
        },
        version: 1,
      }),
    );
    await act(() => useSessionStore.persist.rehydrate());
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-1',
      status: 'household',
      profile: null,
      profiles: [],
    });

    const { fetchMock, router } = setup({
      [accountUrls.profiles]: () => json({ profiles: [owner, bob], pinCodes: [] }),
      [accountUrls.selectProfile('bob')]: () => json(loginResponse('session-bob', bob)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Qui regarde ?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Réglages du compte (stand-in)' })).not.toBeInTheDocument();
    const read = fetchMock.mock.calls.find(([input]) => String(input).startsWith(accountUrls.profiles));
    expect(new Headers(read?.[1]?.headers).get('Authorization')).toBe('Bearer session-1');

    await user.click(await screen.findByRole('button', { name: 'Bob' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-bob',
      status: 'connected',
      profile: { externalId: 'bob' },
    });
  });

  test('a household session that is over leads back to the sign-in form', async () => {
    useSessionStore.getState().householdLoginSuccess('session-gone', { email: 'viewer@example.com' });
    setup({ [accountUrls.profiles]: () => apiError(401, 'INVALID_SESSION_TOKEN') });
    expect(await screen.findByRole('form', { name: 'Connexion par e-mail' })).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: null, status: 'anonymous' });
  });
});
