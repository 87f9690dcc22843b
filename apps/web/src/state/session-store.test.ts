import { describe, expect, test, vi } from 'vitest';
import { storageKeys } from '../lib/storage-keys';
import {
  syncSessionAcrossTabs,
  toSessionProfile,
  useSessionStore,
  whenSessionHydrated,
} from './session-store';

const profile = (userId: string, displayName: string, metadata: Record<string, string> = {}) => ({
  userId,
  username: userId,
  displayName,
  created: '2026-01-01T00:00:00Z',
  metadata,
  active: true,
  owner: userId === 'alice',
  child: false,
  hasPinCode: false,
  restricted: false,
});

describe('the session store', () => {
  test('persists the token and the user with its creation time to localStorage', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });
    const stored = JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({
      token: 'session-token',
      user: { email: 'viewer@example.com', createdAt: 1_767_225_600_000 },
      profile: null,
      avatar: null,
      providerToken: null,
      selectedProvider: null,
    });
  });

  test('clear() forgets the session', () => {
    useSessionStore.getState().setSession('session-token', {});
    useSessionStore.getState().clear();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, profile: null });
  });

  test('reports its hydration from localStorage', async () => {
    await expect(whenSessionHydrated()).resolves.toBeUndefined();
  });
});

describe('the login state (spec part 1 §4)', () => {
  test('anonymous → household connected → profile selected, the loading flags raised and lowered', () => {
    const store = useSessionStore.getState();
    store.logout();
    expect(useSessionStore.getState().status).toBe('anonymous');
    store.householdLoginRequest();
    expect(useSessionStore.getState().householdLoading).toBe(true);
    store.householdLoginSuccess('household-token', { email: 'viewer@example.com' });
    expect(useSessionStore.getState()).toMatchObject({
      status: 'household',
      householdLoading: false,
      token: 'household-token',
    });
    store.profileListReplaced([profile('alice', 'Alice'), profile('bob', 'Bob', { avatar: 'a2' })]);
    store.profileLoginRequest();
    expect(useSessionStore.getState().profileLoading).toBe(true);
    store.profileLoginSuccess(toSessionProfile(profile('bob', 'Bob', { avatar: 'a2' })), 'bob-token');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'connected',
      profileLoading: false,
      token: 'bob-token',
      avatar: 'a2',
      profile: { externalId: 'bob', profileProperties: [{ name: 'avatar', value: 'a2' }] },
    });
  });

  test('the current profile is refreshed from a replaced list', () => {
    const store = useSessionStore.getState();
    store.householdLoginSuccess('token', {});
    store.profileLoginSuccess(toSessionProfile(profile('bob', 'Bob')));
    store.profileListReplaced([profile('alice', 'Alice'), profile('bob', 'Robert')]);
    expect(useSessionStore.getState().profile?.displayName).toBe('Robert');
    expect(useSessionStore.getState().profiles).toHaveLength(2);
  });

  test('a suspended or inactive household turns on the suspension popup state and resets the session', () => {
    const store = useSessionStore.getState();
    store.householdLoginRequest();
    store.householdLoginFailure('INACTIVE_HOUSEHOLD');
    expect(useSessionStore.getState()).toMatchObject({
      suspended: true,
      householdError: 'INACTIVE_HOUSEHOLD',
      householdLoading: false,
      token: null,
      status: 'anonymous',
    });
    store.householdLoginFailure('INCORRECT_CREDENTIALS');
    expect(useSessionStore.getState().suspended).toBe(false);
  });

  test('a profile login failure clears the current profile and keeps its error', () => {
    const store = useSessionStore.getState();
    store.householdLoginSuccess('token', {});
    store.profileLoginSuccess(toSessionProfile(profile('bob', 'Bob')));
    store.profileLoginFailure('UNKNOWN_USER');
    expect(useSessionStore.getState()).toMatchObject({
      profile: null,
      profileError: 'UNKNOWN_USER',
      profileLoading: false,
    });
  });

  test('logout clears the user, the token, the profiles, the avatar, the provider token and the selected provider', () => {
    const store = useSessionStore.getState();
    store.householdLoginSuccess('token', { email: 'viewer@example.com' });
    store.profileListReplaced([profile('alice', 'Alice')]);
    store.profileLoginSuccess(toSessionProfile(profile('alice', 'Alice', { avatar: 'a1' })));
    store.setProviderToken('provider-token', 'antenne-test');
    store.logout();
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      user: null,
      profile: null,
      profiles: [],
      avatar: null,
      providerToken: null,
      selectedProvider: null,
      status: 'anonymous',
    });
  });

  test('the pay-TV provider token is kept with the provider chosen, persisted, and forgotten together', () => {
    const store = useSessionStore.getState();
    store.setProviderToken('media-token', 'antenne-test');
    expect(useSessionStore.getState()).toMatchObject({
      providerToken: 'media-token',
      selectedProvider: 'antenne-test',
    });
    const persisted = JSON.parse(localStorage.getItem(storageKeys.session) ?? '{}') as {
      state?: Record<string, unknown>;
    };
    expect(persisted.state).toMatchObject({ providerToken: 'media-token', selectedProvider: 'antenne-test' });
    store.setProviderToken(null, 'antenne-test');
    expect(useSessionStore.getState()).toMatchObject({ providerToken: null, selectedProvider: null });
  });
});

describe('a session that is no longer good', () => {
  test('a rejected current token forgets the session and raises sessionExpired; a token already replaced changes nothing', () => {
    useSessionStore.getState().setSession('old', {});
    useSessionStore.getState().profileLoginSuccess(toSessionProfile(profile('bob', 'Bob')), 'new');
    useSessionStore.getState().sessionRejected('old');
    expect(useSessionStore.getState()).toMatchObject({ token: 'new', sessionExpired: false });
    useSessionStore.getState().sessionRejected('new');
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      profile: null,
      status: 'anonymous',
      sessionExpired: true,
    });
    useSessionStore.getState().dismissSessionExpired();
    expect(useSessionStore.getState().sessionExpired).toBe(false);
  });

  test('another tab’s sign-out or profile switch is read back at once (storage event)', async () => {
    const stop = syncSessionAcrossTabs();
    try {
      useSessionStore.getState().setSession('tab-a', {});
      // The other tab chose another profile: a new token and profile in the shared storage.
      const switched = {
        state: {
          token: 'tab-b',
          user: { createdAt: 1 },
          profile: toSessionProfile(profile('bob', 'Bob')),
          avatar: null,
          providerToken: null,
        },
        version: 1,
      };
      localStorage.setItem(storageKeys.session, JSON.stringify(switched));
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: storageKeys.session,
          newValue: JSON.stringify(switched),
          storageArea: localStorage,
        }),
      );
      await vi.waitFor(() =>
        expect(useSessionStore.getState()).toMatchObject({ token: 'tab-b', status: 'connected' }),
      );
      expect(useSessionStore.getState().profile?.externalId).toBe('bob');
      // The other tab signed out.
      const out = {
        state: { token: null, user: null, profile: null, avatar: null, providerToken: null },
        version: 1,
      };
      localStorage.setItem(storageKeys.session, JSON.stringify(out));
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: storageKeys.session,
          newValue: JSON.stringify(out),
          storageArea: localStorage,
        }),
      );
      await vi.waitFor(() =>
        expect(useSessionStore.getState()).toMatchObject({ token: null, status: 'anonymous' }),
      );
    } finally {
      stop();
    }
  });
});
