import { accountPaths, LoginResponseSchema, SESSION_TTL_MS, type LoginResponse } from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { HouseholdStatusError, setHouseholdStatus } from '../../src/modules/accounts/index.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, DEVICE, login, loginRequest, useAccounts } from './helpers.js';

const isLogin = Compile(LoginResponseSchema);

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, tick, call, expectError } = accountsCalls(fx);

  describe('firebaseLogin', () => {
    test('the first login creates the household and its main profile, named after the email', async () => {
      const res = await loginRequest(fx.app, 'uid-first', 'premier.essai@example.com');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<LoginResponse>();
      expect(isLogin.Check(body)).toBe(true);
      // Exposure's format (issue 18): random part, account, user, unit, issued, expires, anonymous, device id and type, signature.
      expect(body.sessionToken).toMatch(
        /^ses_[A-Za-z0-9_-]{32}\|acc_\w+\|usr_\w+\|monde\|\d+\|\d+\|false\|device-1\|WEB\|[A-Za-z0-9_-]{43}$/,
      );
      expect(body.accountId).toMatch(/^acc_/);
      expect(body.userId).toMatch(/^usr_/);
      expect(body).toMatchObject({ accountStatus: 'OK', crmToken: '', isOverDeviceLimit: false });
      expect(body.expirationDateTime).toBe(new Date(fx.clock.now + SESSION_TTL_MS).toISOString());
      expect(body.userProfile).toMatchObject({
        userId: body.userId,
        displayName: 'premier.essai',
        owner: true,
        child: false,
        hasPinCode: false,
        emailAddress: 'premier.essai@example.com',
      });
      const rows = await query(async (d) => ({
        households: await d
          .selectFrom('households')
          .selectAll()
          .where('identity_user_id', '=', 'uid-first')
          .execute(),
        profiles: await d
          .selectFrom('profiles')
          .selectAll()
          .where('household_id', '=', body.accountId)
          .execute(),
      }));
      expect(rows.households).toHaveLength(1);
      expect(rows.households[0]).toMatchObject({
        id: body.accountId,
        email: 'premier.essai@example.com',
        status: 'ACTIVE',
      });
      expect(rows.profiles.map((p) => [p.id, Number(p.owner)])).toEqual([[body.userId, 1]]);
    });

    test('a display name sent at the first login names the main profile', async () => {
      const body = await login(fx.app, 'uid-named', 'named@example.com', { displayName: 'Aminata' });
      expect(body.userProfile.displayName).toBe('Aminata');
    });

    test('the second login reuses the household and the main profile, with a new token', async () => {
      const first = await login(fx.app, 'uid-again', 'again@example.com');
      tick();
      const second = await login(fx.app, 'uid-again', 'again@example.com');
      expect(second.accountId).toBe(first.accountId);
      expect(second.userId).toBe(first.userId);
      expect(second.sessionToken).not.toBe(first.sessionToken);
      const count = await query((d) =>
        d
          .selectFrom('households')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('identity_user_id', '=', 'uid-again')
          .executeTakeFirstOrThrow(),
      );
      expect(Number(count.n)).toBe(1);
      // Both sessions work.
      expect((await call('GET', accountPaths.session(TENANT), first.sessionToken)).statusCode).toBe(200);
      expect((await call('GET', accountPaths.session(TENANT), second.sessionToken)).statusCode).toBe(200);
    });

    test('an unverified email is refused (403 EMAIL_NOT_VERIFIED) and creates nothing', async () => {
      const res = await loginRequest(fx.app, 'uid-unverified', 'pas.verifie@example.com', {
        verified: false,
      });
      expectError(res, 403, 'EMAIL_NOT_VERIFIED');
      const rows = await query((d) =>
        d.selectFrom('households').selectAll().where('identity_user_id', '=', 'uid-unverified').execute(),
      );
      expect(rows).toEqual([]);
    });

    test("a username that is not the token's user, or a token that does not verify → 401 INCORRECT_CREDENTIALS", async () => {
      expectError(
        await loginRequest(fx.app, 'uid-x', 'x@example.com', { username: 'firebase..someone-else' }),
        401,
        'INCORRECT_CREDENTIALS',
      );
      expectError(
        await loginRequest(fx.app, 'uid-x', 'x@example.com', { username: 'uid-x' }),
        401,
        'INCORRECT_CREDENTIALS',
      );
      const forged = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin(TENANT),
        payload: { username: 'firebase..uid-x', accessToken: 'eyJhbGciOiJub25lIn0.e30.', device: DEVICE },
      });
      expectError(forged, 401, 'INCORRECT_CREDENTIALS');
    });

    test('a body without device → 400 BAD_REQUEST naming it; another business unit → 404', async () => {
      const res = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin(TENANT),
        payload: { username: 'firebase..u', accessToken: 'test-id-token:u:u@example.com:true' },
      });
      expect(expectError(res, 400, 'BAD_REQUEST').extendedMessage).toContain('device');
      const other = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin({ customer: TENANT.customer, businessUnit: 'autre' }),
        payload: {
          username: 'firebase..u',
          accessToken: 'test-id-token:u:u@example.com:true',
          device: DEVICE,
        },
      });
      expectError(other, 404, 'UNKNOWN_BUSINESS_UNIT');
    });

    test('a suspended or inactive household (set by the administrator command) is refused, its sessions too', async () => {
      const before = await login(fx.app, 'uid-suspended', 'Suspendu@Example.com');
      const result = await query((d) => setHouseholdStatus(d, 'suspendu@example.com', 'SUSPENDED_HOUSEHOLD'));
      expect(result).toMatchObject({
        householdId: before.accountId,
        previous: 'ACTIVE',
        status: 'SUSPENDED_HOUSEHOLD',
      });
      expectError(
        await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com'),
        403,
        'SUSPENDED_HOUSEHOLD',
      );
      expectError(
        await call('GET', accountPaths.session(TENANT), before.sessionToken),
        403,
        'SUSPENDED_HOUSEHOLD',
      );
      expectError(
        await call('GET', accountPaths.preferences(TENANT), before.sessionToken),
        403,
        'SUSPENDED_HOUSEHOLD',
      );

      await query((d) => setHouseholdStatus(d, 'suspendu@example.com', 'INACTIVE_HOUSEHOLD'));
      expectError(
        await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com'),
        403,
        'INACTIVE_HOUSEHOLD',
      );

      await query((d) => setHouseholdStatus(d, 'SUSPENDU@example.com', 'ACTIVE'));
      expect((await call('GET', accountPaths.session(TENANT), before.sessionToken)).statusCode).toBe(200);
      expect((await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com')).statusCode).toBe(200);
    });

    test('the administrator command refuses an unknown email or status', async () => {
      await expect(query((d) => setHouseholdStatus(d, 'personne@example.com', 'ACTIVE'))).rejects.toThrow(
        HouseholdStatusError,
      );
      await expect(query((d) => setHouseholdStatus(d, 'personne@example.com', 'ACTIVE'))).rejects.toThrow(
        'no household with the email personne@example.com',
      );
      await expect(query((d) => setHouseholdStatus(d, 'again@example.com', 'BANNED'))).rejects.toThrow(
        'unknown status "BANNED"',
      );
    });
  });
});
