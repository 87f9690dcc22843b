// Shared set-up of the account settings' profile suites: a household server that records the calls,
// a signed-in owner, and the Profils tab opened.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import { accountPaths, paths, type UserProfile, type UserProfileWrite } from '@antenne/contract';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { config, json, mockFetch, startupPaths, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { toSessionProfile, useSessionStore } from '../../state/session-store';
import { loginResponse, profileOf } from './account-fixtures';

export const TOKEN = 'session-token-1';
export const PROFILES = accountPaths.profiles(config);
const avatars = [
  { id: 'avatar-1', url: '/images/avatars/1.png' },
  { id: 'avatar-2', url: '/images/avatars/2.png' },
];
export const REMINDERS = JSON.stringify([{ channelId: 'ch-1', startDate: 1_900_000_000, title: 'Journal' }]);

export const alice = profileOf('alice', 'Alice', true);
export const bob = {
  ...profileOf('bob', 'Bob', false, { avatar: 'avatar-2', PrLevel: '12', Reminders: REMINDERS }),
  child: true,
};

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * A household server: GET/POST the profiles, PUT/DELETE one, select one. `answers` overrides a
 * call by "METHOD path".
 */
export function serve(
  initial: UserProfile[],
  answers: Record<string, (url: URL, init: RequestInit | undefined) => Response | Promise<Response>> = {},
) {
  let household = [...initial];
  const calls: Recorded[] = [];
  let created = 0;
  const list = () => json({ profiles: household, pinCodes: [] });

  const one: Handler = (url, init) => {
    const method = init?.method ?? 'GET';
    const userId = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as UserProfileWrite;
      household = household.map((profile) =>
        profile.userId === userId
          ? {
              ...profile,
              displayName: body.displayName ?? profile.displayName,
              child: body.child ?? profile.child,
              metadata: body.metadata ?? profile.metadata,
              hasPinCode: body.pinCode === undefined ? profile.hasPinCode : body.pinCode !== null,
            }
          : profile,
      );
      return json(household.find((profile) => profile.userId === userId));
    }
    household = household.filter((profile) => profile.userId !== userId);
    return list();
  };

  const handlers: Record<string, Handler> = {
    [startupPaths.config]: () => json({ ...config, avatars }),
    [startupPaths.configFallback]: () => json({ ...config, avatars }),
    [accountPaths.preferences(config)]: () => json({ lastUpdated: '2026-11-01T00:00:00Z', preferences: {} }),
    [paths.location()]: () => json({ locationKnown: true, countryCode: 'FR' }),
    [PROFILES]: (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as UserProfileWrite;
        created += 1;
        household = [
          ...household,
          {
            ...profileOf(`new-${created}`, body.displayName ?? '', false, body.metadata ?? {}),
            child: body.child ?? false,
          },
        ];
      }
      return list();
    },
    ...Object.fromEntries(
      [...initial, ...[1, 2].map((n) => profileOf(`new-${n}`, '', false))].flatMap((profile) => [
        [accountPaths.profile(config, profile.userId), one],
        [
          accountPaths.selectProfile(config, profile.userId),
          () => json(loginResponse(`session-${profile.userId}`, profile)),
        ],
      ]),
    ),
  };
  const wrapped = Object.fromEntries(
    Object.entries(handlers).map(([path, handler]) => [
      path,
      (url: URL, init: RequestInit | undefined) => {
        const method = init?.method ?? 'GET';
        if (path !== startupPaths.config && path !== startupPaths.configFallback) {
          calls.push({
            method,
            path: url.pathname,
            body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
            authorization: new Headers(init?.headers).get('Authorization'),
          });
        }
        const override = answers[`${method} ${url.pathname}`];
        return override ? override(url, init) : handler(url, init);
      },
    ]),
  );
  mockFetch(wrapped);
  return {
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

/**
 * The set-up of every profiles suite, called at its top: Alice, the household's owner, signed in
 * before each test; any dialog left open closed after it.
 */
export function setUpProfilesTests() {
  preloadPageBeforeAll('/login');
  beforeEach(() => {
    useSessionStore.getState().logout();
    useSessionStore.setState({
      token: TOKEN,
      user: { email: 'viewer@example.com', userId: 'alice', createdAt: Date.now() },
      profile: toSessionProfile(alice),
      status: 'connected',
    });
  });

  afterEach(() => {
    act(() => usePopupStore.getState().close({ validated: false }));
  });
}

/** The account settings on /login, Profils tab: answers the household's list. */
export async function openProfiles() {
  const view = renderApp('/login');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Profils' }));
  const panel = screen.getByRole('tabpanel', { name: 'Profils' });
  const list = await within(panel).findByRole('list', { name: 'Les profils du foyer' });
  return { user, panel, list, router: view.router };
}

/** The list item of the profile named `name`. */
export function itemOf(list: HTMLElement, name: string): HTMLElement {
  const item = within(list)
    .getAllByRole('listitem')
    .find((element) => within(element).queryByText(name, { exact: true }));
  if (!item) throw new Error(`no profile ${name}`);
  return item;
}
