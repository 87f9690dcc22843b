import {
  accountPaths,
  activationPaths,
  NO_PASSWORD_CREDENTIALS,
  type ActivationCodeResponse,
  type LoginResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { recordProgress } from '../../src/modules/accounts/index.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, bearer, login, START, useAccounts } from './helpers.js';

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, call, expectError, tick } = accountsCalls(fx);

  describe('user/delete and changeEmail', () => {
    async function rowCounts(householdId: string): Promise<Record<string, number>> {
      return query(async (d) => {
        const profileIds = (
          await d.selectFrom('profiles').select('id').where('household_id', '=', householdId).execute()
        ).map((p) => p.id);
        const count = async (table: 'favorites' | 'preferences' | 'play_history') =>
          profileIds.length === 0
            ? 0
            : (await d.selectFrom(table).select('profile_id').where('profile_id', 'in', profileIds).execute())
                .length;
        return {
          households: (await d.selectFrom('households').select('id').where('id', '=', householdId).execute())
            .length,
          profiles: profileIds.length,
          sessions: (
            await d
              .selectFrom('sessions')
              .select('token_hash')
              .where('household_id', '=', householdId)
              .execute()
          ).length,
          preferences: await count('preferences'),
          favorites: await count('favorites'),
          play_history: await count('play_history'),
        };
      });
    }

    async function householdWithData(uid: string, email: string) {
      const main = await login(fx.app, uid, email);
      await login(fx.app, uid, email);
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Autre',
      });
      const other = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      await call('POST', accountPaths.preferences(TENANT), main.sessionToken, { preferences: { a: 'b' } });
      await call('POST', accountPaths.listAsset(TENANT, 'film-ete-indien'), main.sessionToken, {});
      await query((d) =>
        recordProgress(d, {
          profileId: other.userId,
          assetId: 'quartier-s1e1',
          offsetMs: 1000,
          viewedAt: START,
        }),
      );
      return main;
    }

    test('deletes the household and every personal row, in one go; others keep theirs', async () => {
      const main = await householdWithData('uid-gone', 'gone@example.com');
      const bystander = await householdWithData('uid-stays', 'stays@example.com');
      const before = await rowCounts(main.accountId);
      expect(before).toEqual({
        households: 1,
        profiles: 2,
        sessions: 2,
        preferences: 1,
        favorites: 1,
        play_history: 1,
      });
      const bystanderBefore = await rowCounts(bystander.accountId);

      const res = await call(
        'POST',
        accountPaths.userDelete(TENANT),
        main.sessionToken,
        NO_PASSWORD_CREDENTIALS,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      expect(await rowCounts(main.accountId)).toEqual({
        households: 0,
        profiles: 0,
        sessions: 0,
        preferences: 0,
        favorites: 0,
        play_history: 0,
      });
      expect(await rowCounts(bystander.accountId)).toEqual(bystanderBefore);
      expectError(
        await call('GET', accountPaths.session(TENANT), main.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );

      // Signing in again starts afresh.
      const again = await login(fx.app, 'uid-gone', 'gone@example.com');
      expect(again.accountId).not.toBe(main.accountId);
    });

    test('an empty body ({}) or none is accepted too', async () => {
      const a = await login(fx.app, 'uid-gone-empty', 'gone.empty@example.com');
      expect((await call('POST', accountPaths.userDelete(TENANT), a.sessionToken, {})).statusCode).toBe(200);
      const b = await login(fx.app, 'uid-gone-none', 'gone.none@example.com');
      const res = await fx.app.inject({
        method: 'POST',
        url: accountPaths.userDelete(TENANT),
        headers: bearer(b.sessionToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowCounts(b.accountId)).households).toBe(0);
    });

    test('deleting needs a sign-in of the last 10 minutes: past it 400 SESSION_EXPIRED and nothing deleted; a new sign-in may', async () => {
      const main = await login(fx.app, 'uid-recent', 'recent@example.com');
      tick(10 * 60 * 1000);
      const stale = expectError(
        await call('POST', accountPaths.userDelete(TENANT), main.sessionToken, NO_PASSWORD_CREDENTIALS),
        400,
        'SESSION_EXPIRED',
      );
      expect(stale.extendedMessage).toContain('10 minutes');
      expect((await rowCounts(main.accountId)).households).toBe(1);
      // The session itself is still good for everything else.
      expect((await call('GET', accountPaths.session(TENANT), main.sessionToken)).statusCode).toBe(200);

      const again = await login(fx.app, 'uid-recent', 'recent@example.com');
      tick(9 * 60 * 1000);
      const res = await call(
        'POST',
        accountPaths.userDelete(TENANT),
        again.sessionToken,
        NO_PASSWORD_CREDENTIALS,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowCounts(main.accountId)).households).toBe(0);
    });

    test("firebaseLogin's sign-in is the identity's (the ID token's auth_time), not the exchange's", async () => {
      // An ID token minted from an identity session signed in 11 minutes ago.
      const main = await login(fx.app, 'uid-auth-time', 'auth.time@example.com', {
        signedInMs: fx.clock.now - 11 * 60 * 1000,
      });
      expectError(
        await call('POST', accountPaths.userDelete(TENANT), main.sessionToken, {}),
        400,
        'SESSION_EXPIRED',
      );
      const fresh = await login(fx.app, 'uid-auth-time', 'auth.time@example.com', {
        signedInMs: fx.clock.now - 60 * 1000,
      });
      expect((await call('POST', accountPaths.userDelete(TENANT), fresh.sessionToken, {})).statusCode).toBe(
        200,
      );
    });

    test('a profile switch is no sign-in: its session keeps the sign-in of the one it replaced', async () => {
      const main = await login(fx.app, 'uid-switch', 'switch@example.com');
      tick(8 * 60 * 1000);
      const switched = await call('GET', accountPaths.selectProfile(TENANT, main.userId), main.sessionToken);
      expect(switched.statusCode, switched.body).toBe(200);
      const token = switched.json<LoginResponse>().sessionToken;
      tick(3 * 60 * 1000);
      expectError(await call('POST', accountPaths.userDelete(TENANT), token, {}), 400, 'SESSION_EXPIRED');
      expect((await rowCounts(main.accountId)).households).toBe(1);
    });

    test('a big screen activated by a code never signed in: it cannot delete the account', async () => {
      const main = await login(fx.app, 'uid-tv', 'tv.delete@example.com');
      const tv = { deviceId: 'tv-delete', name: 'TV', type: 'SMART_TV' };
      const issued = await fx.app.inject({ method: 'GET', url: activationPaths.activationCode(TENANT) });
      const { code } = issued.json<ActivationCodeResponse>();
      const consume = () =>
        fx.app.inject({
          method: 'POST',
          url: activationPaths.consume(TENANT),
          payload: { activationCode: code, device: tv },
        });
      expectError(await consume(), 401, 'CODE_NOT_CONFIRMED');
      expect((await call('PUT', activationPaths.confirm(TENANT, code), main.sessionToken)).statusCode).toBe(
        200,
      );
      const signedIn = await consume();
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expectError(
        await call('POST', accountPaths.userDelete(TENANT), signedIn.json<LoginResponse>().sessionToken, {}),
        400,
        'SESSION_EXPIRED',
      );
      expect((await rowCounts(main.accountId)).households).toBe(1);
    });

    test('changeEmail never sets an address the identity service has not verified for the account (403 UNVERIFIED_EMAIL); an invalid one → 400 naming the field', async () => {
      const main = await login(fx.app, 'uid-email', 'old.email@example.com');
      const url = accountPaths.changeEmail(TENANT);
      const bad = expectError(
        await call('PUT', url, main.sessionToken, { newEmailAddress: 'not-an-email' }),
        400,
        'BAD_REQUEST',
      );
      expect(bad.extendedMessage).toContain('newEmailAddress');
      // The accepted case, with a real identity service, is test/accounts/change-email.test.ts.
      expectError(
        await call('PUT', url, main.sessionToken, {
          newEmailAddress: 'new.email@example.com',
          credentials: NO_PASSWORD_CREDENTIALS,
        }),
        403,
        'UNVERIFIED_EMAIL',
      );
      const row = await query((d) =>
        d.selectFrom('households').select('email').where('id', '=', main.accountId).executeTakeFirstOrThrow(),
      );
      expect(row.email).toBe('old.email@example.com');
    });
  });
});
