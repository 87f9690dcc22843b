import { describe, expect, test, vi } from 'vitest';
import { useSessionStore, whenSessionHydrated } from './session-store';

describe('the session store', () => {
  test('persists the token and the user with its creation time to localStorage', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });
    const stored = JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({
      token: 'session-token',
      user: { email: 'viewer@example.com', createdAt: 1_767_225_600_000 },
      profile: null,
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
