import {
  accountPaths,
  SESSION_TTL_MS,
  SessionResponseSchema,
  type LoginResponse,
  type SessionResponse,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { buildTestApp, engines, memoryLogger, TENANT } from '../helpers/test-app.js';
import {
  accountsCalls,
  bearer,
  idToken,
  login,
  loginRequest,
  testVerifyIdToken,
  useAccounts,
} from './helpers.js';

const isSession = Compile(SessionResponseSchema);

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { call, expectError } = accountsCalls(fx);

  describe('session and logout', () => {
    test('GET auth/session describes the session', async () => {
      const session = await login(fx.app, 'uid-session', 'session@example.com');
      const res = await call('GET', accountPaths.session(TENANT), session.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json<SessionResponse>();
      expect(isSession.Check(body)).toBe(true);
      expect(body).toMatchObject({
        accountId: session.accountId,
        userId: session.userId,
        crmToken: '',
        overTheDeviceLimit: false,
        expirationDateTime: session.expirationDateTime,
      });
      expect(body.userProfile).toMatchObject({ userId: session.userId, owner: true, active: true });
    });

    test('logout revokes this session only; the token then gets 401 INVALID_SESSION_TOKEN', async () => {
      const one = await login(fx.app, 'uid-logout', 'logout@example.com');
      const two = await login(fx.app, 'uid-logout', 'logout@example.com');
      const res = await call('DELETE', accountPaths.logout(TENANT), one.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expectError(
        await call('GET', accountPaths.session(TENANT), one.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expect((await call('GET', accountPaths.session(TENANT), two.sessionToken)).statusCode).toBe(200);
    });

    test('logout fromAllDevice=true ends every session of the household, not of others', async () => {
      const one = await login(fx.app, 'uid-all', 'all@example.com');
      const two = await login(fx.app, 'uid-all', 'all@example.com');
      const other = await login(fx.app, 'uid-all-other', 'all.other@example.com');
      const res = await call('DELETE', `${accountPaths.logout(TENANT)}?fromAllDevice=true`, two.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expectError(
        await call('GET', accountPaths.session(TENANT), one.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expectError(
        await call('GET', accountPaths.session(TENANT), two.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expect((await call('GET', accountPaths.session(TENANT), other.sessionToken)).statusCode).toBe(200);
    });

    test('an expired session gets 401 INVALID_SESSION_TOKEN', async () => {
      const session = await login(fx.app, 'uid-expired', 'expired@example.com');
      const saved = fx.clock.now;
      try {
        fx.clock.now = saved + SESSION_TTL_MS - 1;
        expect((await call('GET', accountPaths.session(TENANT), session.sessionToken)).statusCode).toBe(200);
        fx.clock.now = saved + SESSION_TTL_MS;
        expectError(
          await call('GET', accountPaths.session(TENANT), session.sessionToken),
          401,
          'INVALID_SESSION_TOKEN',
        );
      } finally {
        fx.clock.now = saved;
      }
    });

    test('no token → 401 NO_SESSION_TOKEN; a made-up one → 401 INVALID_SESSION_TOKEN', async () => {
      expectError(await call('GET', accountPaths.session(TENANT)), 401, 'NO_SESSION_TOKEN');
      expectError(
        await call('GET', accountPaths.session(TENANT), 'ses_madeup'),
        401,
        'INVALID_SESSION_TOKEN',
      );
    });
  });
  test('logs never hold a session token, an ID token nor a PIN', async () => {
    const { logger, lines } = memoryLogger();
    const app = await buildTestApp(fx.testDb, {
      logger,
      verifyIdToken: testVerifyIdToken,
      clock: () => fx.clock.now,
    });
    try {
      const res = await loginRequest(app, 'uid-logs', 'logs@example.com');
      const session = res.json<LoginResponse>();
      const token = bearer(session.sessionToken);
      await app.inject({ method: 'GET', url: accountPaths.session(TENANT), headers: token });
      const created = await app.inject({
        method: 'POST',
        url: accountPaths.profiles(TENANT),
        headers: token,
        payload: { displayName: 'Kid', pinCode: '9753' },
      });
      expect(created.statusCode, created.body).toBe(200);
      await app.inject({
        method: 'PUT',
        url: accountPaths.profile(TENANT, 'usr_x'),
        headers: token,
        payload: { pinCode: '9753' },
      });
      await app.inject({ method: 'DELETE', url: accountPaths.logout(TENANT), headers: token });
      await app.inject({ method: 'GET', url: accountPaths.session(TENANT), headers: token });
      const logged = JSON.stringify(lines());
      expect(lines().length).toBeGreaterThan(3);
      expect(logged).not.toContain(session.sessionToken.slice(4));
      expect(logged).not.toContain(idToken('uid-logs', 'logs@example.com'));
      // Not as a number of its own (a timestamp or a duration may hold these four digits by chance).
      expect(logged).not.toMatch(/(?<!\d)9753(?!\d)/);
    } finally {
      await app.close();
    }
  });
});
