import {
  accountPaths,
  MAX_PROFILE_METADATA_VALUE_LENGTH,
  MAX_REMINDER_TITLE_LENGTH,
  MAX_REMINDERS,
  PROFILE_PROPERTY,
  type LoginResponse,
  type Reminder,
  type SessionResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, login, START, useAccounts } from './helpers.js';

/**
 * The profile property Reminders (spec part 1 §3–§4, ADR 0027): checked when written, only future
 * programmes kept (on write and on read, on the app's clock), per profile, restricted ones too.
 */

const sec = (ms: number) => Math.floor(ms / 1000);
const reminder = (minutesFromStart: number, title = 'Le Journal'): Reminder => ({
  channelId: 'antenne-info',
  startDate: sec(START) + minutesFromStart * 60,
  title,
});
const metadataOf = (reminders: unknown) => ({ avatar: 'avatar-1', Reminders: JSON.stringify(reminders) });
const remindersOf = (profile: UserProfile): Reminder[] =>
  JSON.parse(profile.metadata[PROFILE_PROPERTY.reminders] ?? '[]') as Reminder[];

describe.each(engines)('reminders (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { call, expectError } = accountsCalls(fx);

  test('only future ones are kept: the past dropped on write, the started ones dropped on read', async () => {
    fx.clock.now = START;
    const { sessionToken: token, userId } = await login(fx.app, 'uid-rem-1', 'rem1@example.com');
    const res = await call('PUT', accountPaths.profile(TENANT, userId), token, {
      metadata: metadataOf([reminder(-5, 'Passé'), reminder(10, 'Bientôt'), reminder(120, 'Ce soir')]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(remindersOf(res.json<UserProfile>()).map((r) => r.title)).toEqual(['Bientôt', 'Ce soir']);
    expect(res.json<UserProfile>().metadata.avatar).toBe('avatar-1');

    fx.clock.now = START + 10 * 60_000; // « Bientôt » starts now: no longer in the future
    const list = await call('GET', accountPaths.profiles(TENANT), token);
    const own = list.json<UserProfiles>().profiles.find((p) => p.userId === userId) as UserProfile;
    expect(remindersOf(own).map((r) => r.title)).toEqual(['Ce soir']);
    const session = await call('GET', accountPaths.session(TENANT), token);
    expect(remindersOf(session.json<SessionResponse>().userProfile).map((r) => r.title)).toEqual(['Ce soir']);
  });

  test('a malformed list → 400 naming what is wrong, nothing stored', async () => {
    fx.clock.now = START;
    const { sessionToken: token, userId } = await login(fx.app, 'uid-rem-2', 'rem2@example.com');
    const url = accountPaths.profile(TENANT, userId);
    const cases: [unknown, RegExp][] = [
      ['[{', /Reminders: not JSON/],
      [{ channelId: 'a' }, /Reminders: must be a JSON list/],
      [[reminder(10), { ...reminder(20), startDate: 1.5e9 + 0.5 }], /Reminders\[1\]: startDate/],
      [[{ ...reminder(20), startDate: '1900000000' }], /Reminders\[0\]: startDate/],
      [[{ ...reminder(20), channelId: '' }], /Reminders\[0\]: channelId/],
      [[reminder(20, 't'.repeat(MAX_REMINDER_TITLE_LENGTH + 1))], /Reminders\[0\]: title/],
      [[null], /Reminders\[0\]: must be an object/],
      [Array.from({ length: MAX_REMINDERS + 1 }, (_, i) => reminder(i + 1)), /at most 50 items/],
    ];
    for (const [value, message] of cases) {
      const Reminders = typeof value === 'string' ? value : JSON.stringify(value);
      const body = expectError(
        await call('PUT', url, token, { metadata: { Reminders } }),
        400,
        'BAD_REQUEST',
      );
      expect(body.extendedMessage, Reminders.slice(0, 60)).toMatch(message);
    }
    // Past the longest metadata value: refused by the body's schema.
    const long = await call('PUT', url, token, {
      metadata: { Reminders: 'x'.repeat(MAX_PROFILE_METADATA_VALUE_LENGTH + 1) },
    });
    expect(expectError(long, 400, 'BAD_REQUEST').extendedMessage).toMatch(/metadata/);
    const created = await call('POST', accountPaths.profiles(TENANT), token, {
      displayName: 'Autre',
      metadata: { Reminders: '[1]' },
    });
    expect(expectError(created, 400, 'BAD_REQUEST').extendedMessage).toMatch(/Reminders\[0\]/);
    const session = await call('GET', accountPaths.session(TENANT), token);
    expect(session.json<SessionResponse>().userProfile.metadata).toEqual({});
  });

  test(`a full list (${MAX_REMINDERS} items, long titles) is accepted`, async () => {
    fx.clock.now = START;
    const { sessionToken: token, userId } = await login(fx.app, 'uid-rem-3', 'rem3@example.com');
    const many = Array.from({ length: MAX_REMINDERS }, (_, i) =>
      reminder(i + 1, 'é'.repeat(MAX_REMINDER_TITLE_LENGTH)),
    );
    const res = await call('PUT', accountPaths.profile(TENANT, userId), token, {
      metadata: metadataOf(many),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(remindersOf(res.json<UserProfile>())).toHaveLength(MAX_REMINDERS);
  });

  test('each profile keeps its own, a restricted (child) profile too; another household cannot touch them', async () => {
    fx.clock.now = START;
    const owner = await login(fx.app, 'uid-rem-4', 'rem4@example.com');
    const created = await call('POST', accountPaths.profiles(TENANT), owner.sessionToken, {
      displayName: 'Enfant',
      child: true,
    });
    const kid = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
    const selected = await call('GET', accountPaths.selectProfile(TENANT, kid.userId), owner.sessionToken);
    expect(selected.statusCode, selected.body).toBe(200);
    const kidToken = selected.json<LoginResponse>().sessionToken;
    expect(selected.json<LoginResponse>().userProfile.restricted).toBe(true);

    const own = await call('PUT', accountPaths.profile(TENANT, kid.userId), kidToken, {
      metadata: { Reminders: JSON.stringify([reminder(30, 'Dessins animés')]) },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(remindersOf(own.json<UserProfile>()).map((r) => r.title)).toEqual(['Dessins animés']);

    const other = await login(fx.app, 'uid-rem-5', 'rem5@example.com');
    const refused = await call('PUT', accountPaths.profile(TENANT, kid.userId), other.sessionToken, {
      metadata: { Reminders: '[]' },
    });
    expectError(refused, 404, 'UNKNOWN_USER');
    const again = await login(fx.app, 'uid-rem-4', 'rem4@example.com');
    const list = await call('GET', accountPaths.profiles(TENANT), again.sessionToken);
    const profiles = list.json<UserProfiles>().profiles;
    expect(remindersOf(profiles.find((p) => p.userId === kid.userId) as UserProfile)).toHaveLength(1);
    expect(profiles.find((p) => p.owner)?.metadata.Reminders).toBeUndefined();
  });
});
