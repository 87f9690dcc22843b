import { accountPaths, identityPaths, paths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { bearer } from './accounts/helpers.js';
import { badRequest, TENANT, engines } from './helpers/test-app.js';
import { ASSETS, FR_IP, play, usePlayback, START, type PlaybackFixture } from './playback/helpers.js';
/**
 * What a hostile client sends: NUL bytes, lone surrogates, invalid UTF-8, deep JSON, oversized
 * names. Each is refused with 400 and the one error body naming what is wrong, on both engines
 * (PostgreSQL refuses NUL in text with an error of its own: never a 500 any more).
 */
describe.each(engines)('hostile input (%s)', (engine) => {
  const { state } = usePlayback(engine);
  let f: PlaybackFixture;
  let user: LoginResponse;
  beforeAll(() => {
    ({ f, user } = state());
  });
  const ownerId = () => user.userProfile.userId;

  test("a favourite's order that is not a 32-bit integer answers 400 (found by the fuzzer: 500 on PostgreSQL)", async () => {
    for (const order of [1.5e-128, 2 ** 31, 0.5]) {
      const res = await f.app.inject({
        method: 'POST',
        url: accountPaths.listAsset(TENANT, 'film-gratuit'),
        headers: bearer(user.sessionToken),
        payload: { order },
      });
      expect(res.statusCode, `${order}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        httpCode: 400,
        message: 'BAD_REQUEST',
        extendedMessage: expect.stringContaining('order'),
      });
    }
  });

  test('an eventsink time or offset past what a 64-bit column holds answers 400', async () => {
    const played = await play(f.app, ASSETS.free, { ...bearer(user.sessionToken), 'x-forwarded-for': FR_IP });
    for (const event of [
      { EventType: 'Playback.Heartbeat', Timestamp: 1e308, OffsetTime: 1000 },
      { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 1e308 },
      { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 1000, SequenceNumber: 2 ** 64 },
    ]) {
      const res = await f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkSend(TENANT),
        headers: bearer(user.sessionToken),
        payload: {
          DispatchTime: START,
          Customer: TENANT.customer,
          BusinessUnit: TENANT.businessUnit,
          SessionId: played.playSessionId,
          Payload: [event],
        },
      });
      expect(res.statusCode, `${JSON.stringify(event)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        httpCode: 400,
        message: 'BAD_REQUEST',
        extendedMessage: expect.stringContaining('body/Payload/0/'),
      });
    }
  });

  test('a number that reads as Infinity answers 400 naming where it is (found by the fuzzer: 500 on content/asset)', async () => {
    // In a query, Ajv coerces '1e309' to Infinity and then skips the schema's maximum.
    for (const query of ['pageNumber=1e309', 'pageSize=-1e309', 'pageNumber=Infinity']) {
      const res = await f.app.inject({ url: `${paths.assets(TENANT)}?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        httpCode: 400,
        extendedMessage: expect.stringMatching(new RegExp(query.split('=')[0] ?? '')),
      });
    }
    // In a JSON body, JSON.parse reads 1e309 as Infinity: refused before any route sees it.
    const res = await f.app.inject({
      method: 'POST',
      url: accountPaths.listAsset(TENANT, 'film-gratuit'),
      headers: { ...bearer(user.sessionToken), 'content-type': 'application/json' },
      payload: '{"order":1e309}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(badRequest('body.order: is not a finite number'));
  });

  test('a lone surrogate in a JSON string is refused and nothing is stored', async () => {
    const res = await f.app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, ownerId()),
      headers: { ...bearer(user.sessionToken), 'content-type': 'application/json' },
      payload: '{"displayName":"Ana\\ud800s"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(badRequest('body.displayName: contains a lone surrogate (not valid Unicode)'));
    const profiles = await f.app.inject({
      url: accountPaths.profiles(TENANT),
      headers: bearer(user.sessionToken),
    });
    expect(
      profiles.json<{ profiles: { displayName: string }[] }>().profiles.map((p) => p.displayName),
    ).not.toContain('Ana\ufffds');
  });

  test('invalid UTF-8 in a JSON body is refused and nothing is stored', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"displayName":"Ana'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('s"}'),
    ]);
    const res = await f.app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, ownerId()),
      headers: { ...bearer(user.sessionToken), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      httpCode: 400,
      message: 'INVALID_JSON',
      extendedMessage: 'body is not valid UTF-8',
    });
    const profiles = await f.app.inject({
      url: accountPaths.profiles(TENANT),
      headers: bearer(user.sessionToken),
    });
    expect(
      profiles.json<{ profiles: { displayName: string }[] }>().profiles.map((p) => p.displayName),
    ).not.toContain('Ana\ufffd(s');
  });

  test('deeply nested JSON (depth 5 000) answers 400, on the identity service and the API alike', async () => {
    const deep = `{"email":"a@example.com","password":"x","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const expected = {
      httpCode: 400,
      message: 'INVALID_JSON',
      extendedMessage: 'body is nested deeper than 64 levels',
    };
    for (const url of [
      identityPaths.signInEmail,
      identityPaths.signUpEmail,
      accountPaths.preferences(TENANT),
    ]) {
      const res = await f.app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.77',
        headers: {
          ...bearer(user.sessionToken),
          'content-type': 'application/json',
          origin: 'http://localhost:8080',
        },
        payload: deep,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(expected);
    }
  });

  test('a sign-up name longer than its limit is refused', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: identityPaths.signUpEmail,
      remoteAddress: '203.0.113.78',
      headers: { origin: 'http://localhost:8080' },
      payload: { email: 'long-name@example.com', password: 'Motdepasse1!', name: 'A'.repeat(10_000) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      httpCode: 400,
      message: 'BAD_REQUEST',
      extendedMessage: expect.stringContaining('name'),
    });
  });

  test('preference keys and values and profile names have length limits', async () => {
    const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
      f.app.inject({ method, url, headers: bearer(user.sessionToken), payload });
    const longKey = await post(accountPaths.preferences(TENANT), { preferences: { ['k'.repeat(129)]: 'v' } });
    expect(longKey.json()).toMatchObject({
      httpCode: 400,
      message: 'BAD_REQUEST',
      extendedMessage: expect.stringContaining('body/preferences'),
    });
    const emptyKey = await post(accountPaths.preferences(TENANT), { preferences: { '': 'v' } });
    expect(emptyKey.statusCode).toBe(400);
    const longMetadataKey = await post(
      accountPaths.profile(TENANT, ownerId()),
      { metadata: { ['m'.repeat(65)]: 'v' } },
      'PUT',
    );
    expect(longMetadataKey.json()).toMatchObject({
      httpCode: 400,
      message: 'BAD_REQUEST',
      extendedMessage: expect.stringContaining('body/metadata'),
    });
    const manyMetadataKeys = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, 'v']));
    expect(
      (await post(accountPaths.profile(TENANT, ownerId()), { metadata: manyMetadataKeys }, 'PUT')).statusCode,
    ).toBe(400);
    const favouriteMetadata = await post(accountPaths.listAsset(TENANT, 'film-gratuit'), {
      metadata: { ['m'.repeat(65)]: 1 },
    });
    expect(favouriteMetadata.statusCode).toBe(400);
    const longValue = await post(accountPaths.preferences(TENANT), {
      preferences: { city: 'v'.repeat(4097) },
    });
    expect(longValue.json()).toMatchObject({ httpCode: 403, message: 'TOO_LONG_PREFERENCES' });
    const longName = await post(
      accountPaths.profile(TENANT, ownerId()),
      { displayName: 'n'.repeat(65) },
      'PUT',
    );
    expect(longName.json()).toMatchObject({
      httpCode: 400,
      message: 'BAD_REQUEST',
      extendedMessage: 'body/displayName must NOT have more than 64 characters',
    });
  });
});
