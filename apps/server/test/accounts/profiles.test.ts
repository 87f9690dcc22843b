import {
  accountPaths,
  LoginResponseSchema,
  MAX_PROFILES,
  UserProfilesSchema,
  type LoginResponse,
  type PreferencesResponse,
  type SessionResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, login, useAccounts } from './helpers.js';

const isLogin = Compile(LoginResponseSchema);
const isProfiles = Compile(UserProfilesSchema);

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, tick, call, expectError } = accountsCalls(fx);

  describe('profiles', () => {
    test(`create up to ${MAX_PROFILES}, then 403 TOO_MANY_PROFILES`, async () => {
      const { sessionToken: token, userId } = await login(fx.app, 'uid-profiles', 'profiles@example.com');
      const url = accountPaths.profiles(TENANT);
      for (let i = 1; i < MAX_PROFILES; i++) {
        tick();
        const res = await call('POST', url, token, {
          displayName: `Profil ${i}`,
          child: i === 1,
          metadata: { avatar: `a${i}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(isProfiles.Check(res.json())).toBe(true);
      }
      expectError(await call('POST', url, token, { displayName: 'De trop' }), 403, 'TOO_MANY_PROFILES');
      expectError(await call('POST', url, token, {}), 400, 'BAD_REQUEST');
      const res = await call('GET', url, token);
      const body = res.json<UserProfiles>();
      expect(body.profiles.map((p) => p.displayName)).toEqual([
        'profiles',
        'Profil 1',
        'Profil 2',
        'Profil 3',
        'Profil 4',
      ]);
      expect(body.profiles[0]).toMatchObject({ userId, owner: true, active: true });
      expect(body.profiles[1]).toMatchObject({
        owner: false,
        child: true,
        active: false,
        metadata: { avatar: 'a1' },
      });
    });

    test('update with a PIN: stored hashed, never in clear; removed with null', async () => {
      const { sessionToken: token } = await login(fx.app, 'uid-pin', 'pin@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), token, { displayName: 'Enfant' });
      const kid = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      const res = await call('PUT', accountPaths.profile(TENANT, kid.userId), token, {
        displayName: 'Enfant sage',
        child: true,
        pinCode: '4821',
        metadata: { avatar: 'lion', PrLevel: '10' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('4821');
      expect(res.json<UserProfile>()).toMatchObject({
        userId: kid.userId,
        displayName: 'Enfant sage',
        child: true,
        hasPinCode: true,
        metadata: { avatar: 'lion', PrLevel: '10' },
      });
      const row = await query((d) =>
        d.selectFrom('profiles').selectAll().where('id', '=', kid.userId).executeTakeFirstOrThrow(),
      );
      expect(row.pin_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row)).not.toContain('4821');

      expectError(
        await call('PUT', accountPaths.profile(TENANT, kid.userId), token, { pinCode: '12' }),
        400,
        'BAD_REQUEST',
      );
      // Removing a PIN the profile has needs that PIN (ADR 0012; test/accounts/parental-pin.test.ts).
      const removed = await call('PUT', accountPaths.profile(TENANT, kid.userId), token, {
        pinCode: null,
        currentPinCode: '4821',
      });
      expect(removed.json<UserProfile>()).toMatchObject({ hasPinCode: false, displayName: 'Enfant sage' });
      const after = await query((d) =>
        d.selectFrom('profiles').select('pin_hash').where('id', '=', kid.userId).executeTakeFirstOrThrow(),
      );
      expect(after.pin_hash).toBeNull();
      expectError(
        await call('PUT', accountPaths.profile(TENANT, 'usr_unknown'), token, { displayName: 'x' }),
        404,
        'UNKNOWN_USER',
      );
    });

    test('select: a new session on that profile, the current token revoked', async () => {
      const main = await login(fx.app, 'uid-select', 'select@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Deuxième',
        language: 'en',
      });
      const second = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      const res = await call('GET', accountPaths.selectProfile(TENANT, second.userId), main.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      const selected = res.json<LoginResponse>();
      expect(isLogin.Check(selected)).toBe(true);
      expect(selected).toMatchObject({ accountId: main.accountId, userId: second.userId, language: 'en' });
      expect(selected.userProfile).toMatchObject({ userId: second.userId, owner: false, active: true });
      expect(selected.sessionToken).not.toBe(main.sessionToken);
      expectError(
        await call('GET', accountPaths.session(TENANT), main.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      const session = (
        await call('GET', accountPaths.session(TENANT), selected.sessionToken)
      ).json<SessionResponse>();
      expect(session.userId).toBe(second.userId);
      // Preferences belong to the profile.
      await call('POST', accountPaths.preferences(TENANT), selected.sessionToken, {
        preferences: { lang: 'en' },
      });
      const back = (
        await call('GET', accountPaths.selectProfile(TENANT, main.userId), selected.sessionToken)
      ).json<LoginResponse>();
      expect(
        (await call('GET', accountPaths.preferences(TENANT), back.sessionToken)).json<PreferencesResponse>()
          .preferences,
      ).toEqual({});
      expectError(
        await call('GET', accountPaths.selectProfile(TENANT, 'usr_nope'), back.sessionToken),
        404,
        'UNKNOWN_USER',
      );
    });

    test('delete: the owner is refused; another profile goes with its data and sessions', async () => {
      const main = await login(fx.app, 'uid-delete-profile', 'delete.profile@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Partant',
      });
      const leaving = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      expectError(
        await call('DELETE', accountPaths.profile(TENANT, main.userId), main.sessionToken),
        403,
        'CANNOT_DELETE_OWNER',
      );

      const onLeaving = (
        await call('GET', accountPaths.selectProfile(TENANT, leaving.userId), main.sessionToken)
      ).json<LoginResponse>();
      await call('POST', accountPaths.listAsset(TENANT, 'film-ete-indien'), onLeaving.sessionToken, {});
      // The profile deletes itself: its own session ends with it.
      const res = await call('DELETE', accountPaths.profile(TENANT, leaving.userId), onLeaving.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UserProfiles>().profiles.map((p) => p.userId)).toEqual([main.userId]);
      expectError(
        await call('GET', accountPaths.session(TENANT), onLeaving.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      const left = await query(async (d) => ({
        favorites: await d
          .selectFrom('favorites')
          .selectAll()
          .where('profile_id', '=', leaving.userId)
          .execute(),
        sessions: await d
          .selectFrom('sessions')
          .selectAll()
          .where('profile_id', '=', leaving.userId)
          .execute(),
      }));
      expect(left).toEqual({ favorites: [], sessions: [] });
    });
  });
});
