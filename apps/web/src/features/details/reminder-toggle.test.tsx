import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountPaths, type Reminder, type UserProfile, type UserProfileUpdate } from '@antenne/contract';
import { apiError, config, json, mockFetch } from '../../../test/fetch-mock';
import { epgHandlers } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

preloadPageBeforeAll('/details/epg/x%231');

/** « Me le rappeler » on the programme details page (issue 15 item 7): the profile's Reminders. */

const at = (iso: string) => Date.parse(iso);
const START = at('2026-03-10T22:00:00Z');
const PATH = `/details/epg/ch-monde%23${START}`;
const TITLE = 'monde 03-10 22:00';

const profileWith = (metadata: Record<string, string>): UserProfile => ({
  userId: 'usr-kid',
  username: 'a@example.com',
  displayName: 'Kid',
  created: '2026-01-01T00:00:00Z',
  metadata,
  active: true,
  owner: false,
  child: true,
  hasPinCode: false,
  restricted: true,
});

function signIn(metadata: Record<string, string>) {
  useSessionStore.setState({
    token: 'session-token-1',
    user: { createdAt: Date.now() },
    status: 'connected',
    profile: {
      externalId: 'usr-kid',
      restricted: true,
      profileProperties: Object.entries(metadata).map(([name, value]) => ({ name, value })),
    },
  });
}

/** A server keeping the profile's metadata: answers each PUT with what it stores. */
function profileServer() {
  const bodies: UserProfileUpdate[] = [];
  const handler = (_url: URL, init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as UserProfileUpdate;
    bodies.push(body);
    return json(profileWith(body.metadata ?? {}));
  };
  return { bodies, handler };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(at('2026-03-10T21:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  useSessionStore.getState().clear();
});

describe('the reminder toggle on an upcoming programme', () => {
  test('signed in: remind me adds {channelId, startDate in seconds, title}, keeping the other metadata; cancel removes it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signIn({ avatar: 'avatar-2', PrLevel: '10' });
    const server = profileServer();
    mockFetch({ ...epgHandlers(), [accountPaths.profile(config, 'usr-kid')]: server.handler });
    renderApp(PATH);
    const group = await screen.findByRole('group', { name: 'Actions' });
    await user.click(within(group).getByRole('button', { name: 'Me le rappeler' }));
    expect(await within(group).findByRole('button', { name: 'Annuler le rappel' })).toBeInTheDocument();
    expect(server.bodies[0]?.metadata).toEqual({
      avatar: 'avatar-2',
      PrLevel: '10',
      Reminders: JSON.stringify([{ channelId: 'ch-monde', startDate: START / 1000, title: TITLE }]),
    });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/Un rappel est programmé/);
    const stored = useSessionStore.getState().profile?.profileProperties.find((p) => p.name === 'Reminders');
    expect(JSON.parse(stored?.value ?? '[]') as Reminder[]).toHaveLength(1);

    await user.click(within(group).getByRole('button', { name: 'Annuler le rappel' }));
    expect(await within(group).findByRole('button', { name: 'Me le rappeler' })).toBeInTheDocument();
    expect(server.bodies[1]?.metadata).toEqual({ avatar: 'avatar-2', PrLevel: '10', Reminders: '[]' });
  });

  test('another programme’s reminder stays when this one is added', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const other: Reminder = { channelId: 'ch-info', startDate: START / 1000 + 3600, title: 'Autre' };
    signIn({ Reminders: JSON.stringify([other]) });
    const server = profileServer();
    mockFetch({ ...epgHandlers(), [accountPaths.profile(config, 'usr-kid')]: server.handler });
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Me le rappeler' }));
    await screen.findByRole('button', { name: 'Annuler le rappel' });
    expect(JSON.parse(server.bodies[0]?.metadata?.Reminders ?? '')).toEqual([
      other,
      { channelId: 'ch-monde', startDate: START / 1000, title: TITLE },
    ]);
  });

  test('a failed save says so and the toggle stays off', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signIn({});
    mockFetch({ ...epgHandlers(), [accountPaths.profile(config, 'usr-kid')]: () => apiError(500, 'ERROR') });
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Me le rappeler' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Le rappel n'a pas pu être enregistré.");
    expect(screen.getByRole('button', { name: 'Me le rappeler', hidden: true })).toBeInTheDocument();
  });

  test('a visitor is asked to sign in, and the sign-in comes back here', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    mockFetch(epgHandlers());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Me le rappeler' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Connectez-vous pour être prévenu quand ce programme commence.');
    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('antenne-return-to')).toBe(PATH);
  });

  test('no reminder once the programme has started', async () => {
    vi.setSystemTime(START + 60_000);
    signIn({});
    mockFetch(epgHandlers());
    renderApp(PATH);
    await screen.findByRole('link', { name: 'Regarder en direct' });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Me le rappeler' })).not.toBeInTheDocument();
  });
});
