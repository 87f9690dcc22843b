import {
  accountPaths,
  ACTIVATION_CODE_ALPHABET,
  activationPaths,
  type ActivationCodeResponse,
  type LoginResponse,
  type SessionResponse,
  type UserProfiles,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { addressKey } from '../../src/modules/activation/service.js';
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
    const guesser = await login(fx.app, 'act-guess', 'guess@example.com');
    const owner = await login(fx.app, 'act-guess-owner', 'guess.owner@example.com');
    const { code } = await newCode('198.51.100.40');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 10; i++)
      expectError(
        await confirm('198.51.100.41', wrong, guesser.sessionToken),
        400,
        'INVALID_ACTIVATION_CODE',
      );
    // Past ten wrong codes, even the right one is refused from that address, on either call, whoever asks.
    expectError(await confirm('198.51.100.41', code, owner.sessionToken), 429, 'TOO_MANY_REQUESTS');
    expectError(
      await consume('198.51.100.41', wrong, { ...TV, deviceId: 'another' }),
      429,
      'TOO_MANY_REQUESTS',
    );
    // Another address is not held back.
    expect((await confirm('198.51.100.42', code, owner.sessionToken)).statusCode).toBe(200);
    tick(15 * 60 * 1000 + 1);
    expectError(await confirm('198.51.100.41', wrong, guesser.sessionToken), 400, 'INVALID_ACTIVATION_CODE');
  });

  test('guessing is throttled per signed-in household, from whatever address; other households go on', async () => {
    const guesser = await login(fx.app, 'act-acct', 'acct@example.com');
    const owner = await login(fx.app, 'act-acct-owner', 'acct.owner@example.com');
    const { code } = await newCode('198.51.100.43');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 10; i++)
      expectError(
        await confirm(`203.0.113.${i + 1}`, wrong, guesser.sessionToken),
        400,
        'INVALID_ACTIVATION_CODE',
      );
    // A fresh address does not help that household: refused before the code is looked at.
    expectError(await confirm('203.0.113.99', code, guesser.sessionToken), 429, 'TOO_MANY_REQUESTS');
    expect((await confirm('203.0.113.99', code, owner.sessionToken)).statusCode).toBe(200);
  });

  test('wrong codes on consume count for the address and for the device', async () => {
    for (let i = 0; i < 10; i++)
      expectError(await consume('198.51.100.50', 'ABCDEF'), 400, 'INVALID_ACTIVATION_CODE');
    expectError(await consume('198.51.100.50', 'ABCDEF'), 429, 'TOO_MANY_REQUESTS');
    // Guesses in one device's name, each from another address: refused for that device.
    const named = { ...TV, deviceId: 'named-guesser' };
    for (let i = 0; i < 10; i++)
      expectError(await consume(`203.0.113.${120 + i}`, 'ABCDEF', named), 400, 'INVALID_ACTIVATION_CODE');
    expectError(await consume('203.0.113.140', 'ABCDEF', named), 429, 'TOO_MANY_REQUESTS');
  });

  test('a device polls its own code from an address past its limit (shared with a guesser), and late polls of it count nothing', async () => {
    const user = await login(fx.app, 'act-shared', 'shared@example.com');
    const shared = '198.51.100.55';
    const tv = { ...TV, deviceId: 'tv-behind-nat' };
    const { code } = await newCode(shared);
    expectError(await consume(shared, code, tv), 401, 'CODE_NOT_CONFIRMED');
    // Someone else behind the same address guesses until the address is refused.
    for (let i = 0; i < 10; i++)
      expectError(
        await consume(shared, 'ABCDEF', { ...TV, deviceId: 'neighbour' }),
        400,
        'INVALID_ACTIVATION_CODE',
      );
    expectError(await consume(shared, 'ABCDEF', { ...TV, deviceId: 'neighbour' }), 429, 'TOO_MANY_REQUESTS');
    // The TV keeps polling its own code, and signs in once it is confirmed.
    for (let i = 0; i < 15; i++) expectError(await consume(shared, code, tv), 401, 'CODE_NOT_CONFIRMED');
    expect((await confirm('198.51.100.56', code, user.sessionToken)).statusCode).toBe(200);
    expect((await consume(shared, code, tv)).statusCode).toBe(200);

    // Its own code polled again once used, or after expiry: 400, and never a guess of its own.
    const late = await newCode('198.51.100.57');
    expectError(await consume('198.51.100.57', late.code, tv), 401, 'CODE_NOT_CONFIRMED');
    tick(TEN_MINUTES);
    for (let i = 0; i < 15; i++) {
      expectError(await consume('198.51.100.57', code, tv), 400, 'INVALID_ACTIVATION_CODE');
      expectError(await consume('198.51.100.57', late.code, tv), 400, 'INVALID_ACTIVATION_CODE');
    }
    const next = await newCode('198.51.100.57');
    expectError(await consume('198.51.100.57', next.code, tv), 401, 'CODE_NOT_CONFIRMED');
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

  test('100 addresses guessing on both calls close activation for nobody else: a TV and its owner sign in, the guessers are refused', async () => {
    // Earlier tests' wrong codes are out of the window.
    tick(15 * 60 * 1000 + 1);
    const attacker = await login(fx.app, 'act-attacker', 'attacker@example.com');
    const attackers = Array.from({ length: 100 }, (_, i) => `192.0.2.${i + 1}`);
    // Every code issued before is expired: none of these guesses can be right.
    const guess = (attackerIndex: number, n: number) => {
      let value = attackerIndex * 32 + n;
      let code = '';
      for (let i = 0; i < 6; i++, value = Math.floor(value / 15))
        code = ACTIVATION_CODE_ALPHABET.charAt(value % 15) + code;
      return code;
    };
    // Round after round, every address at once: a wrong code on confirm, another on consume.
    const answers: number[] = [];
    for (let n = 0; n < 11; n++) {
      const round = await Promise.all(
        attackers.map(async (ip, index) => [
          await confirm(ip, guess(index, 2 * n), attacker.sessionToken),
          await consume(ip, guess(index, 2 * n + 1), { ...TV, deviceId: `bot-${ip}` }),
        ]),
      );
      for (const res of round.flat()) {
        expect([400, 429], res.body).toContain(res.statusCode);
        answers.push(res.statusCode);
      }
    }
    const refused = answers.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);

    // The owner's whole flow, each from its own address.
    const owner = await login(fx.app, 'act-victim', 'victim@example.com');
    const tv = { ...TV, deviceId: 'tv-of-the-owner' };
    const { code } = await newCode('198.51.100.200');
    expectError(await consume('198.51.100.200', code, tv), 401, 'CODE_NOT_CONFIRMED');
    const confirmed = await confirm('198.51.100.201', code, owner.sessionToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const signedIn = await consume('198.51.100.200', code, tv);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<LoginResponse>().accountId).toBe(owner.accountId);

    // The guessers stay refused, on either call, even with a right code.
    const another = await newCode('198.51.100.202');
    for (const ip of attackers.slice(0, 5)) {
      expectError(await confirm(ip, another.code, attacker.sessionToken), 429, 'TOO_MANY_REQUESTS');
      expectError(await consume(ip, 'ABCDEF', { ...TV, deviceId: `bot-${ip}` }), 429, 'TOO_MANY_REQUESTS');
    }
  }, 120_000);

  test('IPv6: a /64 counts as one address; IPv4-mapped addresses as their IPv4', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
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
