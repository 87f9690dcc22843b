import {
  accountPaths,
  appSessionPaths,
  identityPaths,
  paths,
  playbackPaths,
  SESSION_TOKEN_FIELD_COUNT,
  SESSION_TOKEN_FIELDS,
} from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { setHouseholdStatus } from '../../src/modules/accounts/index.js';
import { CUSTOMER_PASSWORD, IdentityClient, signUpAndSignIn } from '../helpers/identity-client.js';
import { startSmtpCapture } from '../helpers/smtp-capture.js';
import { buildTestApp, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoDatabase } from '../live/helpers.js';
import { check } from './published.js';

const DEVICE = { deviceId: 'tv-salon-1', name: 'Salon', type: 'SMART_TV' } as const;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const fieldsOf = (token: string) => token.split('|');

/**
 * Issue 18, item 3: Exposure's password login on v1, v2 and v3 against the identity service (its
 * rules: verified address, rate limit; the household's status), anonymous device sessions (browse
 * yes, play no), session tokens in Exposure's format, and the user details.
 */
describe.each(engines)('Exposure sessions (%s)', (engine) => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let app: App;
  let movieId: string;
  // Each test signs in from an address of its own: the sign-in limit counts per address.
  let nextIp = 10;
  const ip = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    [testDb, smtp] = await Promise.all([demoDatabase(engine), startSmtpCapture()]);
    app = await buildTestApp(testDb, { config: { smtpUrl: smtp.url, authSignInLimit: 5 } });
    const movies = await app.inject({ url: `${paths.assets(TENANT)}?assetType=MOVIE&pageSize=1` });
    movieId = movies.json<{ items: { assetId: string }[] }>().items[0]?.assetId ?? '';
    expect(movieId).not.toBe('');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await testDb?.cleanup();
  });

  const post = (url: string, payload: object, remoteAddress = ip(), headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress, headers });
  const v3 = (username: string, password = CUSTOMER_PASSWORD, remoteAddress = ip()) =>
    post(appSessionPaths.login(TENANT, 'v3'), { username, password, device: DEVICE }, remoteAddress);
  const error = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ httpCode: status, message: code });
    expect(check('API Error message', res.json())).toEqual([]);
  };

  describe('POST /v1|v2|v3/customer/{c}/businessunit/{bu}/auth/login', () => {
    test('a verified account signs in on each version, each with its body: ApiLoginResponse, the device in the token', async () => {
      const customer = await signUpAndSignIn(app, smtp, 'awa@example.com', { ip: ip() });
      const bodies = {
        v1: {
          username: 'awa@example.com',
          password: CUSTOMER_PASSWORD,
          deviceId: DEVICE.deviceId,
          device: { type: DEVICE.type, deviceModelId: 'Salon' },
        },
        v2: {
          username: 'Awa@Example.com',
          credentials: {
            passwordTuples: [
              { algorithm: { algorithmName: 'CLEAR', pbkdf2Iterations: 0 }, value: CUSTOMER_PASSWORD },
            ],
          },
          device: DEVICE,
        },
        v3: { username: 'awa@example.com', password: CUSTOMER_PASSWORD, device: DEVICE },
      };
      for (const version of ['v1', 'v2', 'v3'] as const) {
        const res = await post(appSessionPaths.login(TENANT, version), bodies[version]);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(check('ApiLoginResponse', body)).toEqual([]);
        expect(body).toMatchObject({
          accountId: customer.accountId,
          accountStatus: 'OK',
          isOverDeviceLimit: false,
        });
        expect(res.headers['cache-control']).toBe('private, no-store');
        // Exposure's token: the SDKs read the expiry, the anonymous flag and the device id from it.
        const fields = fieldsOf(body.sessionToken);
        expect(fields).toHaveLength(SESSION_TOKEN_FIELD_COUNT);
        expect(fields[SESSION_TOKEN_FIELDS.deviceId]).toBe(DEVICE.deviceId);
        expect(fields[SESSION_TOKEN_FIELDS.anonymous]).toBe('false');
        expect(Number(fields[SESSION_TOKEN_FIELDS.expiresMs])).toBe(Date.parse(body.expirationDateTime));
        // A session for the personal calls.
        const session = await app.inject({
          url: accountPaths.session(TENANT),
          headers: bearer(body.sessionToken),
        });
        expect(session.statusCode).toBe(200);
        expect(session.json().accountId).toBe(customer.accountId);
      }
      // The identity cookie session the check opened is closed again: only the sign-up's and the helper's remain.
      const sessions = await app.inject({
        url: accountPaths.session(TENANT),
        headers: bearer(customer.sessionToken),
      });
      expect(sessions.statusCode).toBe(200);
    });

    test('a wrong password or an unknown account is 401 INCORRECT_CREDENTIALS', async () => {
      await signUpAndSignIn(app, smtp, 'binta@example.com', { ip: ip() });
      error(await v3('binta@example.com', 'Mauvais1!'), 401, 'INCORRECT_CREDENTIALS');
      error(await v3('personne@example.com'), 401, 'INCORRECT_CREDENTIALS');
      const v2 = await post(appSessionPaths.login(TENANT, 'v2'), {
        username: 'binta@example.com',
        credentials: {
          passwordTuples: [{ algorithm: { algorithmName: 'PBKDF2', pbkdf2Iterations: 1000 }, value: 'x' }],
        },
        device: DEVICE,
      });
      error(v2, 400, 'BAD_REQUEST');
    });

    test('an address not yet verified is 403 EMAIL_NOT_VERIFIED', async () => {
      const client = new IdentityClient(app, ip());
      const signUp = await client.call('POST', identityPaths.signUpEmail, {
        email: 'coumba@example.com',
        password: CUSTOMER_PASSWORD,
        name: 'Coumba',
      });
      expect(signUp.statusCode).toBe(200);
      error(await v3('coumba@example.com'), 403, 'EMAIL_NOT_VERIFIED');
    });

    test('a suspended or inactive household is refused with its code', async () => {
      await signUpAndSignIn(app, smtp, 'dior@example.com', { ip: ip() });
      const database = testDb.open();
      try {
        await setHouseholdStatus(database.db, 'dior@example.com', 'SUSPENDED_HOUSEHOLD');
        error(await v3('dior@example.com'), 403, 'SUSPENDED_HOUSEHOLD');
        await setHouseholdStatus(database.db, 'dior@example.com', 'INACTIVE_HOUSEHOLD');
        error(await v3('dior@example.com'), 403, 'INACTIVE_HOUSEHOLD');
      } finally {
        await database.destroy();
      }
    });

    test('past AUTH_SIGN_IN_LIMIT attempts a minute from one address: 429, even with the right password', async () => {
      await signUpAndSignIn(app, smtp, 'eva@example.com', { ip: ip() });
      const address = ip();
      for (let i = 0; i < 5; i++)
        error(await v3('eva@example.com', 'Mauvais1!', address), 401, 'INCORRECT_CREDENTIALS');
      error(await v3('eva@example.com', CUSTOMER_PASSWORD, address), 429, 'TOO_MANY_REQUESTS');
      // Another address is not held back.
      expect((await v3('eva@example.com')).statusCode).toBe(200);
    });

    test('hostile bodies are 400: missing device, huge username, a pipe in the device id, NUL bytes', async () => {
      for (const payload of [
        { username: 'a@example.com', password: 'x' },
        { username: 'a'.repeat(5000), password: 'x', device: DEVICE },
        { username: 'a@example.com', password: 'x', device: { ...DEVICE, deviceId: 'a|b' } },
        { username: 'a@example.com', password: 'x', device: { ...DEVICE, type: 'TOASTER' } },
      ]) {
        error(await post(appSessionPaths.login(TENANT, 'v3'), payload), 400, 'BAD_REQUEST');
      }
      const nul = await post(appSessionPaths.login(TENANT, 'v3'), {
        username: 'a\u0000@example.com',
        password: 'x',
        device: DEVICE,
      });
      expect(nul.statusCode).toBe(400);
      error(
        await post(appSessionPaths.login({ ...TENANT, businessUnit: 'autre' }, 'v3'), {
          username: 'a@example.com',
          password: 'x',
          device: DEVICE,
        }),
        404,
        'UNKNOWN_BUSINESS_UNIT',
      );
    });
  });

  describe('POST /v1|v2/customer/{c}/businessunit/{bu}/auth/anonymous', () => {
    const anonymous = async (version: 'v1' | 'v2' = 'v2') => {
      const res = await post(appSessionPaths.anonymous(TENANT, version), {
        deviceId: 'tv-hall-7',
        device: { type: 'SMART_TV', deviceModelId: 'hall' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(check('ApiAnonymousSessionResponse', res.json())).toEqual([]);
      return res.json<{ sessionToken: string; expirationDateTime: string }>().sessionToken;
    };

    test('a device session without an account: marked anonymous, its device id in the token', async () => {
      for (const version of ['v1', 'v2'] as const) {
        const fields = fieldsOf(await anonymous(version));
        expect(fields).toHaveLength(SESSION_TOKEN_FIELD_COUNT);
        expect(fields[SESSION_TOKEN_FIELDS.anonymous]).toBe('true');
        expect(fields[SESSION_TOKEN_FIELDS.deviceId]).toBe('tv-hall-7');
      }
    });

    test('it browses: the catalogue and the white-label reads answer as to a visitor', async () => {
      const token = await anonymous();
      const visitor = await app.inject({ url: paths.assets(TENANT) });
      const assets = await app.inject({ url: paths.assets(TENANT), headers: bearer(token) });
      expect(assets.statusCode).toBe(200);
      expect(assets.json().totalCount).toBe(visitor.json().totalCount);
      expect(
        (await app.inject({ url: paths.asset(TENANT, movieId), headers: bearer(token) })).statusCode,
      ).toBe(200);
      expect((await app.inject({ url: paths.wlConfig(TENANT), headers: bearer(token) })).statusCode).toBe(
        200,
      );
    });

    test('it does not play: 403 NOT_ENTITLED with the LOGIN action; personal calls 403 with LOGIN', async () => {
      const token = await anonymous();
      const play = await app.inject({ url: playbackPaths.play(TENANT, movieId), headers: bearer(token) });
      error(play, 403, 'NOT_ENTITLED');
      expect(play.json().actions).toEqual([{ type: 'LOGIN' }]);
      for (const url of [
        accountPaths.preferences(TENANT),
        appSessionPaths.userDetails(TENANT),
        accountPaths.profiles(TENANT),
      ]) {
        const res = await app.inject({ url, headers: bearer(token) });
        error(res, 403, 'FORBIDDEN');
        expect(res.json().actions).toEqual([{ type: 'LOGIN' }]);
      }
    });

    test('auth/session says it is valid (no account): a stored one is checked so at start; logout answers OK', async () => {
      const token = await anonymous();
      const session = await app.inject({ url: accountPaths.session(TENANT), headers: bearer(token) });
      expect(session.statusCode, session.body).toBe(200);
      expect(check('ApiSessionResponse', session.json())).toEqual([]);
      expect(session.json()).toMatchObject({ accountId: 'anonymous', userId: 'anonymous' });
      expect(Date.parse(session.json().expirationDateTime)).toBe(
        Number(fieldsOf(token)[SESSION_TOKEN_FIELDS.expiresMs]),
      );
      const logout = await app.inject({
        method: 'DELETE',
        url: accountPaths.logout(TENANT),
        headers: bearer(token),
      });
      expect(logout.statusCode).toBe(200);
      // A forged one is not valid there either.
      const forged = [...fieldsOf(token).slice(0, -1), 'x'.repeat(43)].join('|');
      error(
        await app.inject({ url: accountPaths.session(TENANT), headers: bearer(forged) }),
        401,
        'INVALID_SESSION_TOKEN',
      );
    });

    test('a trailer answers it as a visitor (no login asked)', async () => {
      const hero = await app.inject({ url: paths.wlComponent(TENANT, 'home-hero') });
      const items = hero.json<{
        components: { heroBannerItems: { presentation: { fallback: { trailerAssetId?: string } } }[] };
      }>().components.heroBannerItems;
      const trailer = items.map((item) => item.presentation.fallback.trailerAssetId).find(Boolean);
      expect(trailer).toBeDefined();
      const url = playbackPaths.play(TENANT, trailer ?? '');
      const play = await app.inject({ url, headers: bearer(await anonymous()) });
      // The tests' database has no media files: a visitor hears the same (past the login check).
      const visitor = await app.inject({ url });
      expect(play.json().message).not.toBe('NOT_ENTITLED');
      expect(play.json().actions).toBeUndefined();
      expect({ status: play.statusCode, body: play.json() }).toEqual({
        status: visitor.statusCode,
        body: visitor.json(),
      });
    });

    test('a forged anonymous token (flag set by hand, or its signature changed) is 401 INVALID_SESSION_TOKEN', async () => {
      const fields = fieldsOf(await anonymous());
      const forged = [...fields.slice(0, -1), 'x'.repeat(43)].join('|');
      error(
        await app.inject({ url: paths.assets(TENANT), headers: bearer(forged) }),
        401,
        'INVALID_SESSION_TOKEN',
      );
      const longer = [...fields];
      longer[SESSION_TOKEN_FIELDS.expiresMs] = String(Date.now() + 1e12);
      error(
        await app.inject({ url: playbackPaths.play(TENANT, movieId), headers: bearer(longer.join('|')) }),
        401,
        'INVALID_SESSION_TOKEN',
      );
    });

    test('a bad device is 400', async () => {
      error(await post(appSessionPaths.anonymous(TENANT), { deviceId: 'x' }), 400, 'BAD_REQUEST');
      error(
        await post(appSessionPaths.anonymous(TENANT), { deviceId: 'x'.repeat(500), device: { type: 'WEB' } }),
        400,
        'BAD_REQUEST',
      );
    });
  });

  describe('GET/PUT /v2/customer/{c}/businessunit/{bu}/user/details', () => {
    test("reads and changes the session's profile, as ApiUserDetailsResponse", async () => {
      const { sessionToken } = await signUpAndSignIn(app, smtp, 'fanta@example.com', { ip: ip() });
      const read = await app.inject({
        url: appSessionPaths.userDetails(TENANT),
        headers: bearer(sessionToken),
      });
      expect(read.statusCode).toBe(200);
      expect(check('ApiUserDetailsResponse', read.json())).toEqual([]);
      expect(read.json()).toMatchObject({
        username: 'fanta@example.com',
        email: 'fanta@example.com',
        capabilities: { canManageAccount: true },
      });

      const put = await app.inject({
        method: 'PUT',
        url: appSessionPaths.userDetails(TENANT),
        headers: bearer(sessionToken),
        payload: { displayName: 'Fanta D.', language: 'en', metadata: { avatar: 'a3' } },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(check('ApiUserDetailsResponse', put.json())).toEqual([]);
      expect(put.json()).toMatchObject({
        displayName: 'Fanta D.',
        language: 'en',
        metadata: { avatar: 'a3' },
      });
      const again = await app.inject({
        url: appSessionPaths.userDetails(TENANT),
        headers: bearer(sessionToken),
      });
      expect(again.json()).toMatchObject({ displayName: 'Fanta D.', language: 'en' });
    });

    test('bad input is 400; no session 401', async () => {
      const { sessionToken } = await signUpAndSignIn(app, smtp, 'gnima@example.com', { ip: ip() });
      const put = (payload: unknown) =>
        app.inject({
          method: 'PUT',
          url: appSessionPaths.userDetails(TENANT),
          headers: { ...bearer(sessionToken), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
      for (const payload of [
        { displayName: 'x'.repeat(65) },
        { displayName: '' },
        { language: 'français!' },
        { child: 'yes' },
        { metadata: { avatar: 'x'.repeat(100_000) } },
        { displayName: { first: 'x' } },
        [],
      ]) {
        expect((await put(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      expect((await put({ displayName: 'a\u0000b' })).statusCode).toBe(400);
      expect((await put({ displayName: '   ' })).statusCode).toBe(400);
      error(await app.inject({ url: appSessionPaths.userDetails(TENANT) }), 401, 'NO_SESSION_TOKEN');
      // Nothing changed.
      const read = await app.inject({
        url: appSessionPaths.userDetails(TENANT),
        headers: bearer(sessionToken),
      });
      expect(read.json().displayName).not.toBe('   ');
    });
  });
});
