// Shared set-up of the account settings' suites: a preferences server that records the calls, and
// the settings opened for a signed-in user.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { accountPaths, identityPaths, paths } from '@antenne/contract';
import fr from '../../../public/locales/fr.json';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { config, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { useSessionStore } from '../../state/session-store';

const PREFERENCES = accountPaths.preferences(config);
export const TOKEN = 'session-token-1';
export const STORED = {
  firstname: 'Awa',
  lastname: 'Diop',
  email: 'awa@example.com',
  dateofbirth: '12031990',
  gender: 'female',
  avatar: 'avatar-3',
  country: 'BE',
  city: 'Liège',
  newsletter: 'false',
};

/** Text of a translation key as fr.json holds it (shared keys may be worded by another screen). */
export const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr) as string;

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
}

/** A server holding `preferences`, with `extra` answers; every call to it is recorded. */
export function serve(preferences: Record<string, string> = STORED, extra: Record<string, Handler> = {}) {
  let stored = { ...preferences };
  const calls: Recorded[] = [];
  const record = (url: URL, init: RequestInit | undefined) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('Authorization'),
      credentials: init?.credentials,
    });
    return body;
  };
  const handlers: Record<string, Handler> = {
    [PREFERENCES]: (url, init) => {
      const body = record(url, init) as { preferences: Record<string, string> } | undefined;
      if (init?.method === 'POST' && body) {
        stored = body.preferences;
        return json({ message: 'OK' });
      }
      return json({ lastUpdated: '2026-11-01T00:00:00Z', preferences: stored });
    },
    [paths.location()]: (url, init) => (record(url, init), json({ locationKnown: true, countryCode: 'SN' })),
    // The identity sign-in two minutes ago: recent enough to delete the account.
    [identityPaths.getSession]: (url, init) => (
      record(url, init),
      json({
        session: { createdAt: new Date(Date.now() - 120_000).toISOString() },
        user: { email: 'awa@example.com' },
      })
    ),
    ...Object.fromEntries(
      Object.entries(extra).map(([path, handler]) => [
        path,
        (url: URL, init: RequestInit | undefined) => (record(url, init), handler(url, init)),
      ]),
    ),
  };
  const fetchMock = mockFetch(handlers);
  return {
    fetchMock,
    calls,
    posted: () => calls.filter((c) => c.method === 'POST' && c.path === PREFERENCES).map((c) => c.body),
  };
}

/**
 * The set-up of every account settings suite, called at its top: Awa signed in before each test;
 * any dialog left open closed after it.
 */
export function setUpAccountSettingsTests() {
  preloadPageBeforeAll('/login');
  beforeEach(() => {
    useSessionStore.setState({ token: TOKEN, user: { email: 'awa@example.com', createdAt: Date.now() } });
  });

  afterEach(() => {
    usePopupStore.getState().close({ validated: false });
  });
}

/** The account settings on /login, once the form has its preferences. */
export async function openSettings() {
  renderApp('/login');
  return screen.findByRole('textbox', { name: 'Nom' });
}
