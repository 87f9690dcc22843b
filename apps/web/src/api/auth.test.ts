import { describe, expect, test } from 'vitest';
import { accountPaths, identityPaths } from '@antenne/contract';
import { apiError, config, json, mockFetch, requestsTo } from '../../test/fetch-mock';
import { useSessionStore } from '../state/session-store';
import { browserName, DEVICE_ID_KEY, logoutSequence, webDevice } from './auth';

describe('the web device', () => {
  test('keeps one random id per browser and names itself web-11-<browser>', () => {
    const first = webDevice();
    expect(first.type).toBe('WEB');
    expect(first.name).toMatch(/^web-11-/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first.deviceId);
    expect(webDevice().deviceId).toBe(first.deviceId);
  });

  test('tells the common browsers apart', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(browserName(chrome)).toBe('chrome');
    expect(browserName(`${chrome} Edg/131.0`)).toBe('edge');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'firefox',
    );
    expect(
      browserName(
        'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toBe('safari');
  });
});

describe('logoutSequence', () => {
  test('ends the Exposure session, signs out of the identity service and forgets the session, even when DELETE fails', async () => {
    const fetchMock = mockFetch({
      [accountPaths.logout(config)]: () => apiError(500, 'INTERNAL_ERROR'),
      [identityPaths.signOut]: () => json({ success: true }),
    });
    const store = useSessionStore.getState();
    store.householdLoginSuccess('session-1', { email: 'viewer@example.com' });
    store.setAvatar('a1');
    store.setProviderToken('provider-token', 'antenne-test');

    await logoutSequence(config);

    const [deleteCall] = fetchMock.mock.calls.filter(([input]) =>
      String(input).startsWith(accountPaths.logout(config)),
    );
    expect(deleteCall?.[1]).toMatchObject({ method: 'DELETE' });
    expect(new Headers(deleteCall?.[1]?.headers).get('Authorization')).toBe('Bearer session-1');
    expect(requestsTo(fetchMock, identityPaths.signOut)).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      user: null,
      avatar: null,
      providerToken: null,
      selectedProvider: null,
    });
  });

  test('forgets the session at once, before the server answers: leaving the page right after signs out all the same', async () => {
    let answer: () => void = () => undefined;
    const waiting = new Promise<Response>((resolve) => (answer = () => resolve(json({ success: true }))));
    mockFetch({
      [accountPaths.logout(config)]: () => waiting,
      [identityPaths.signOut]: () => waiting,
    });
    const store = useSessionStore.getState();
    store.householdLoginSuccess('session-2', { email: 'viewer@example.com' });
    store.setProviderToken('provider-token', 'antenne-test');

    const done = logoutSequence(config);
    // Nothing answered yet: what the browser keeps is already forgotten.
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, providerToken: null });
    expect(localStorage.getItem('antenne-session') ?? '').not.toContain('session-2');
    answer();
    await done;
  });
});
