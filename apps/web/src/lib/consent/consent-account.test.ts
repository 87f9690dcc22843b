import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { config } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import {
  CONSENT_COOKIE,
  consentCookieValue,
  consentString,
  noteConsentChanged,
  type ConsentChoice,
} from '../analytics/consent';
import { keepConsentWithAccount } from './consent-account';

const preferences = vi.hoisted(() => ({
  stored: {} as Record<string, string>,
  gets: 0,
  posts: [] as Record<string, string>[],
}));

vi.mock('../../api/preferences', () => ({
  getPreferences: vi.fn(async () => {
    preferences.gets += 1;
    return { lastUpdated: '', preferences: { ...preferences.stored } };
  }),
  updatePreferences: vi.fn(async (_config: unknown, _token: string, changes: Record<string, string>) => {
    preferences.stored = { ...preferences.stored, ...changes };
    preferences.posts.push(changes);
    return preferences.stored;
  }),
  rememberPreferences: vi.fn(),
}));

const DAY = 24 * 3600 * 1000;
const writeDeviceChoice = (accepted: ConsentChoice['accepted'], at: number) => {
  document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(accepted, at)}; path=/`;
};
const signIn = () =>
  useSessionStore.getState().householdLoginSuccess('session-1', { email: 'viewer@example.com' });

describe('the consent choice kept with the account', () => {
  let applied: ConsentChoice[];
  let stop: () => void;
  beforeEach(() => {
    preferences.stored = {};
    preferences.gets = 0;
    preferences.posts = [];
    applied = [];
    stop = keepConsentWithAccount(config, new QueryClient(), (choice) => applied.push(choice));
  });
  afterEach(() => stop());

  test("at sign-in, the account's newer choice is applied on this device", async () => {
    writeDeviceChoice([], Date.now() - 10 * DAY);
    const account = consentString({ accepted: ['analytics', 'advertising'], at: Date.now() - DAY });
    preferences.stored = { consent: account, newsletter: 'true' };
    signIn();
    await vi.waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]?.accepted).toEqual(['analytics', 'advertising']);
    expect(preferences.posts).toEqual([]);
  });

  test("at sign-in, this device's newer choice is saved to the account, the other preferences kept", async () => {
    writeDeviceChoice(['analytics'], Date.now() - DAY);
    preferences.stored = {
      consent: consentString({ accepted: ['advertising'], at: Date.now() - 10 * DAY }),
      newsletter: 'true',
    };
    signIn();
    await vi.waitFor(() => expect(preferences.posts).toHaveLength(1));
    expect(preferences.stored.consent).toMatch(/^v1;analytics=1;advertising=0;at=\d+$/);
    expect(preferences.stored.newsletter).toBe('true');
    expect(applied).toEqual([]);
  });

  test('a page opened already signed in asks nothing; a choice made while signed in is saved', async () => {
    stop();
    signIn();
    stop = keepConsentWithAccount(config, new QueryClient(), (choice) => applied.push(choice));
    writeDeviceChoice(['advertising'], Date.now());
    expect(preferences.gets).toBe(0);
    noteConsentChanged();
    await vi.waitFor(() => expect(preferences.posts).toHaveLength(1));
    expect(preferences.stored.consent).toMatch(/^v1;analytics=0;advertising=1;at=\d+$/);
  });

  test('signed out, a choice stays on the device', async () => {
    writeDeviceChoice(['analytics'], Date.now());
    noteConsentChanged();
    await Promise.resolve();
    expect(preferences.posts).toEqual([]);
    expect(preferences.gets).toBe(0);
  });
});
