import {
  accountPaths,
  activationPaths,
  type ActivationCodeResponse,
  type LoginResponse,
  type SessionResponse,
  type UserProfiles,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { ActivationService } from '../../src/modules/activation/index.js';
import { SessionTokens } from '../../src/modules/accounts/index.js';
import { accountsCalls, bearer, login, useAccounts } from '../accounts/helpers.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { publishedSchemas } from '../live/helpers.js';

/**
 * Device activation (issue 18, Exposure notes §10): a big screen's code, confirmed by a signed-in
 * person, consumed once by the polling device; every answer checked against the published schema
 * (test/fixtures/exposure-activation-schemas.json, extracted from exposure-openapi.json).
 */

const published = publishedSchemas('exposure-activation-schemas.json');
const TV = { deviceId: 'tv-salon', name: 'Téléviseur du salon', type: 'SMART_TV' } as const;
const TEN_MINUTES = 10 * 60 * 1000;

describe.each(engines)('device activation (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { tick, expectError, query } = accountsCalls(fx);

  const newCode = async (ip: string) => {
    const res = await fx.app.inject({
      method: 'GET',
      url: activationPaths.activationCode(TENANT),
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ActivationCodeResponse>();
    expect(published('ApiActivationCodeResponse', body)).toEqual([]);
    return body;
  };
  const consume = (ip: string, activationCode: string, device: object = TV) =>
    fx.app.inject({
      method: 'POST',
      url: activationPaths.consume(TENANT),
      remoteAddress: ip,
      payload: { activationCode, device },
    });
  const confirm = (ip: string, code: string, token?: string) =>
    fx.app.inject({
      method: 'PUT',
      url: activationPaths.confirm(TENANT, code),
      remoteAddress: ip,
      headers: token === undefined ? {} : bearer(token),
    });

  test('a code, polled until confirmed, then a login of the confirming profile on the device, once', async () => {
    const user = await login(fx.app, 'act-flow', 'flow@example.com');
    const { code, expires } = await newCode('198.51.100.1');
    expect(code).toMatch(/^[1-9A-F]{6}$/);
    expect(Date.parse(expires)).toBe(fx.clock.now + TEN_MINUTES);

    const waiting = await consume('198.51.100.1', code);
    expectError(waiting, 401, 'CODE_NOT_CONFIRMED');
    expect(published('ApiLoginResponse', waiting.json())).toEqual([]);

    // Typed in lower case on the second screen: the code is read in upper case.
    const confirmed = await confirm('198.51.100.2', code.toLowerCase(), user.sessionToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('private, no-store');

    tick(5000);
    const signedIn = await consume('198.51.100.1', code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const loginAnswer = signedIn.json<LoginResponse>();
    expect(published('ApiLoginResponse', loginAnswer)).toEqual([]);
    expect(loginAnswer).toMatchObject({ accountId: user.accountId, userId: user.userId });
    expect(loginAnswer.sessionToken).not.toBe(user.sessionToken);

    // A real session of the household, on the TV.
    const session = await fx.app.inject({
      method: 'GET',
      url: accountPaths.session(TENANT),
      headers: bearer(loginAnswer.sessionToken),
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json<SessionResponse>().accountId).toBe(user.accountId);
    const device = await query((db) =>
      db
        .selectFrom('sessions')
        .select(['device_id', 'device_type'])
        .where('device_id', '=', TV.deviceId)
        .execute(),
    );
    expect(device).toEqual([{ device_id: TV.deviceId, device_type: 'SMART_TV' }]);

    // Single use: neither consumed nor confirmed again.
    expectError(await consume('198.51.100.1', code), 400, 'INVALID_ACTIVATION_CODE');
    expectError(await confirm('198.51.100.2', code, user.sessionToken), 400, 'INVALID_ACTIVATION_CODE');
  });

  test("a child profile's confirmation gives the device that child profile's session, never the owner's", async () => {
    const owner = await login(fx.app, 'act-child', 'child@example.com');
    const created = await fx.app.inject({
      method: 'POST',
      url: accountPaths.profiles(TENANT),
      headers: bearer(owner.sessionToken),
      payload: { displayName: 'Kid', child: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const kid = created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Kid');
    if (kid === undefined) throw new Error('no child profile');
    const selected = await fx.app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, kid.userId),
      headers: bearer(owner.sessionToken),
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const kidSession = selected.json<LoginResponse>();

    const { code } = await newCode('198.51.100.80');
    expectError(await consume('198.51.100.80', code), 401, 'CODE_NOT_CONFIRMED');
    expect((await confirm('198.51.100.81', code, kidSession.sessionToken)).statusCode).toBe(200);
    const tv = await consume('198.51.100.80', code);
    expect(tv.statusCode, tv.body).toBe(200);
    const answer = tv.json<LoginResponse>();
    expect(published('ApiLoginResponse', answer)).toEqual([]);
    expect(answer.userId).toBe(kid.userId);
    expect(answer.userProfile).toMatchObject({ child: true, restricted: true, owner: false });
  });

  test('a household suspended between confirmation and poll gets no session', async () => {
    const user = await login(fx.app, 'act-suspended', 'suspended@example.com');
    const { code } = await newCode('198.51.100.90');
    expectError(await consume('198.51.100.90', code), 401, 'CODE_NOT_CONFIRMED');
    expect((await confirm('198.51.100.91', code, user.sessionToken)).statusCode).toBe(200);
    await query((db) =>
      db
        .updateTable('households')
        .set({ status: 'SUSPENDED_HOUSEHOLD' })
        .where('id', '=', user.accountId)
        .execute(),
    );
    expectError(await consume('198.51.100.90', code), 403, 'SUSPENDED_HOUSEHOLD');
  });

  test('confirming needs a session: anonymous and invalid tokens are refused', async () => {
    const { code } = await newCode('198.51.100.10');
    expectError(await confirm('198.51.100.11', code), 401, 'NO_SESSION_TOKEN');
    expectError(await confirm('198.51.100.11', code, 'ses_not-a-session'), 401, 'INVALID_SESSION_TOKEN');
    expectError(await consume('198.51.100.10', code), 401, 'CODE_NOT_CONFIRMED');
  });

  test('an expired code is refused on confirm and on consume', async () => {
    const user = await login(fx.app, 'act-expiry', 'expiry@example.com');
    const late = await newCode('198.51.100.20');
    tick(TEN_MINUTES);
    expectError(await confirm('198.51.100.21', late.code, user.sessionToken), 400, 'INVALID_ACTIVATION_CODE');

    const confirmedLate = await newCode('198.51.100.20');
    expect((await confirm('198.51.100.21', confirmedLate.code, user.sessionToken)).statusCode).toBe(200);
    tick(TEN_MINUTES);
    expectError(await consume('198.51.100.20', confirmedLate.code), 400, 'INVALID_ACTIVATION_CODE');
  });

  test('the first device polling a code owns it: another device cannot take the confirmed session', async () => {
    const user = await login(fx.app, 'act-device', 'device@example.com');
    const { code } = await newCode('198.51.100.30');
    expectError(await consume('198.51.100.30', code), 401, 'CODE_NOT_CONFIRMED');
    expect((await confirm('198.51.100.31', code, user.sessionToken)).statusCode).toBe(200);
    const thief = { deviceId: 'other', name: 'Autre', type: 'WEB' };
    expectError(await consume('198.51.100.32', code, thief), 400, 'INVALID_ACTIVATION_CODE');
    expect((await consume('198.51.100.30', code)).statusCode).toBe(200);
  });

  test('guessing is throttled per client address (429), others go on, the window ends it', async () => {
    const user = await login(fx.app, 'act-guess', 'guess@example.com');
    const { code } = await newCode('198.51.100.40');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 10; i++)
      expectError(await confirm('198.51.100.41', wrong, user.sessionToken), 400, 'INVALID_ACTIVATION_CODE');
    // Past ten wrong codes, even the right one is refused from that address, on either call.
    expectError(await confirm('198.51.100.41', code, user.sessionToken), 429, 'TOO_MANY_REQUESTS');
    expectError(await consume('198.51.100.41', wrong), 429, 'TOO_MANY_REQUESTS');
    // Another address is not held back.
    expect((await confirm('198.51.100.42', code, user.sessionToken)).statusCode).toBe(200);
    tick(15 * 60 * 1000 + 1);
    expectError(await confirm('198.51.100.41', wrong, user.sessionToken), 400, 'INVALID_ACTIVATION_CODE');
  });

  test('wrong codes on consume count too', async () => {
    for (let i = 0; i < 10; i++)
      expectError(await consume('198.51.100.50', 'ABCDEF'), 400, 'INVALID_ACTIVATION_CODE');
    expectError(await consume('198.51.100.50', 'ABCDEF'), 429, 'TOO_MANY_REQUESTS');
  });

  test('a client address may ask for 30 codes per window', async () => {
    for (let i = 0; i < 30; i++) await newCode('198.51.100.60');
    const res = await fx.app.inject({
      method: 'GET',
      url: activationPaths.activationCode(TENANT),
      remoteAddress: '198.51.100.60',
    });
    expectError(res, 429, 'TOO_MANY_REQUESTS');
  });

  test('the code space: wrong codes from every address together are throttled', async () => {
    const handle = fx.testDb.open();
    try {
      const service = new ActivationService({
        db: handle.db,
        tokens: new SessionTokens('activation-test-secret', 'monde'),
        clock: () => fx.clock.now,
        limits: { wrongCodesInAll: 3 },
      });
      // Earlier tests' wrong codes are out of the window.
      tick(15 * 60 * 1000 + 1);
      const by = { householdId: 'acc_none', profileId: 'usr_none' };
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
        await expect(service.confirm(ip, by, 'FFFFFF')).rejects.toMatchObject({
          code: 'INVALID_ACTIVATION_CODE',
        });
      await expect(service.confirm('192.0.2.4', by, 'FFFFFF')).rejects.toMatchObject({
        httpCode: 429,
        code: 'TOO_MANY_REQUESTS',
      });
    } finally {
      await handle.destroy();
    }
  });

  test('bad input: malformed bodies, NUL bytes and long codes are 400 before the database', async () => {
    const user = await login(fx.app, 'act-input', 'input@example.com');
    expectError(await consume('198.51.100.70', 'ABC'.repeat(10)), 400, 'BAD_REQUEST');
    expectError(await consume('198.51.100.70', 'ABCDE\u0000'), 400, 'BAD_REQUEST');
    const noDevice = await fx.app.inject({
      method: 'POST',
      url: activationPaths.consume(TENANT),
      remoteAddress: '198.51.100.70',
      payload: { activationCode: 'ABCDEF' },
    });
    expectError(noDevice, 400, 'BAD_REQUEST');
    expectError(await confirm('198.51.100.71', 'A'.repeat(17), user.sessionToken), 400, 'BAD_REQUEST');
    const nul = await fx.app.inject({
      method: 'PUT',
      url: `${activationPaths.confirm(TENANT, 'ABCDE')}%00`,
      remoteAddress: '198.51.100.71',
      headers: bearer(user.sessionToken),
    });
    expectError(nul, 400, 'BAD_REQUEST');
    // Not of the alphabet (0, G): a wrong code.
    expectError(await confirm('198.51.100.71', 'ABCDE0', user.sessionToken), 400, 'INVALID_ACTIVATION_CODE');
  });
});
