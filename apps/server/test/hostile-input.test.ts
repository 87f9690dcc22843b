import { accountPaths, identityPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer } from './accounts/helpers.js';
import { TENANT, engines } from './helpers/test-app.js';
import { AD_MP4, ASSETS, FR_IP, newHousehold, play, setUpPlayback, START, type PlaybackFixture } from './playback/helpers.js';

/**
 * What a hostile client sends: NUL bytes, lone surrogates, invalid UTF-8, deep JSON, oversized
 * names. Each is refused with 400 and the one error body naming what is wrong, on both engines
 * (PostgreSQL refuses NUL in text with an error of its own: never a 500 any more).
 */
describe.each(engines)('hostile input (%s)', (engine) => {
  let f: PlaybackFixture;
  let user: LoginResponse;
  beforeAll(async () => {
    f = await setUpPlayback(engine);
    user = await newHousehold(f.app);
  });
  afterAll(async () => {
    await f?.close();
  });

  const badRequest = (extendedMessage: string) => ({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage });
  const ownerId = () => user.userProfile.userId;

  describe('a NUL character answers 400 naming where it is', () => {
    test('in a JSON string: the profile name', async () => {
      const res = await f.app.inject({
        method: 'POST',
        url: accountPaths.profiles(TENANT),
        headers: bearer(user.sessionToken),
        payload: { displayName: 'Ana\u0000s' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(badRequest('body.displayName: contains a NUL character'));
    });

    test('in a JSON string: changeEmail', async () => {
      const res = await f.app.inject({
        method: 'PUT',
        url: accountPaths.changeEmail(TENANT),
        headers: bearer(user.sessionToken),
        payload: { newEmailAddress: 'a\u0000@example.com' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(badRequest('body.newEmailAddress: contains a NUL character'));
    });

    test('in a path: the favourite lookup and the profile select', async () => {
      const favourite = await f.app.inject({ url: accountPaths.listAsset(TENANT, 'film\u0000x'), headers: bearer(user.sessionToken) });
      expect(favourite.statusCode, favourite.body).toBe(400);
      expect(favourite.json()).toEqual(badRequest('params.assetId: contains a NUL character'));
      const select = await f.app.inject({ url: accountPaths.selectProfile(TENANT, 'usr\u0000x'), headers: bearer(user.sessionToken) });
      expect(select.statusCode, select.body).toBe(400);
      expect(select.json()).toEqual(badRequest('params.userId: contains a NUL character'));
    });

    test('in a query: lastviewedoffset, and the VAST call without signing in', async () => {
      const offsets = await f.app.inject({ url: `${accountPaths.lastViewedOffset(TENANT)}?assetIds=a%00b`, headers: bearer(user.sessionToken) });
      expect(offsets.statusCode, offsets.body).toBe(400);
      expect(offsets.json()).toEqual(badRequest('query.assetIds: contains a NUL character'));
      const vast = await f.app.inject({ url: `${playbackPaths.vast(TENANT)}?playSessionId=ps%00x` });
      expect(vast.statusCode, vast.body).toBe(400);
      expect(vast.json()).toEqual(badRequest('query.playSessionId: contains a NUL character'));
    });

    test('in the eventsink SessionId, without signing in (application/json and text/plain)', async () => {
      const batch = JSON.stringify({ DispatchTime: 1, Customer: TENANT.customer, BusinessUnit: TENANT.businessUnit, SessionId: 'ps\u0000x', Payload: [] });
      for (const contentType of ['application/json', 'text/plain']) {
        const res = await f.app.inject({ method: 'POST', url: playbackPaths.eventsinkSend(TENANT), headers: { 'content-type': contentType }, payload: batch });
        expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual(badRequest('body.SessionId: contains a NUL character'));
      }
    });

    test('in an object key: a preference name', async () => {
      const res = await f.app.inject({
        method: 'POST',
        url: accountPaths.preferences(TENANT),
        headers: bearer(user.sessionToken),
        payload: { preferences: { 'first\u0000name': 'Ana' } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(badRequest('body.preferences: a key contains a NUL character'));
    });
  });

  test("a favourite's order that is not a 32-bit integer answers 400 (found by the fuzzer: 500 on PostgreSQL)", async () => {
    for (const order of [1.5e-128, 2 ** 31, 0.5]) {
      const res = await f.app.inject({
        method: 'POST',
        url: accountPaths.listAsset(TENANT, 'film-gratuit'),
        headers: bearer(user.sessionToken),
        payload: { order },
      });
      expect(res.statusCode, `${order}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('order') });
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
        payload: { DispatchTime: START, Customer: TENANT.customer, BusinessUnit: TENANT.businessUnit, SessionId: played.playSessionId, Payload: [event] },
      });
      expect(res.statusCode, `${JSON.stringify(event)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('body/Payload/0/') });
    }
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
    const profiles = await f.app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(user.sessionToken) });
    expect(profiles.json<{ profiles: { displayName: string }[] }>().profiles.map((p) => p.displayName)).not.toContain('Ana\ufffds');
  });

  test('invalid UTF-8 in a JSON body is refused and nothing is stored', async () => {
    const payload = Buffer.concat([Buffer.from('{"displayName":"Ana'), Buffer.from([0xc3, 0x28]), Buffer.from('s"}')]);
    const res = await f.app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, ownerId()),
      headers: { ...bearer(user.sessionToken), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ httpCode: 400, message: 'INVALID_JSON', extendedMessage: 'body is not valid UTF-8' });
    const profiles = await f.app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(user.sessionToken) });
    expect(profiles.json<{ profiles: { displayName: string }[] }>().profiles.map((p) => p.displayName)).not.toContain('Ana\ufffd(s');
  });

  test('deeply nested JSON (depth 5 000) answers 400, on the identity service and the API alike', async () => {
    const deep = `{"email":"a@example.com","password":"x","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const expected = { httpCode: 400, message: 'INVALID_JSON', extendedMessage: 'body is nested deeper than 64 levels' };
    for (const url of [identityPaths.signInEmail, identityPaths.signUpEmail, accountPaths.preferences(TENANT)]) {
      const res = await f.app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.77',
        headers: { ...bearer(user.sessionToken), 'content-type': 'application/json', origin: 'http://localhost:8080' },
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
    expect(res.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('name') });
  });

  test('preference keys and values and profile names have length limits', async () => {
    const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
      f.app.inject({ method, url, headers: bearer(user.sessionToken), payload });
    const longKey = await post(accountPaths.preferences(TENANT), { preferences: { ['k'.repeat(129)]: 'v' } });
    expect(longKey.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('body/preferences') });
    const emptyKey = await post(accountPaths.preferences(TENANT), { preferences: { '': 'v' } });
    expect(emptyKey.statusCode).toBe(400);
    const longMetadataKey = await post(accountPaths.profile(TENANT, ownerId()), { metadata: { ['m'.repeat(65)]: 'v' } }, 'PUT');
    expect(longMetadataKey.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('body/metadata') });
    const manyMetadataKeys = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, 'v']));
    expect((await post(accountPaths.profile(TENANT, ownerId()), { metadata: manyMetadataKeys }, 'PUT')).statusCode).toBe(400);
    const favouriteMetadata = await post(accountPaths.listAsset(TENANT, 'film-gratuit'), { metadata: { ['m'.repeat(65)]: 1 } });
    expect(favouriteMetadata.statusCode).toBe(400);
    const longValue = await post(accountPaths.preferences(TENANT), { preferences: { city: 'v'.repeat(4097) } });
    expect(longValue.json()).toMatchObject({ httpCode: 403, message: 'TOO_LONG_PREFERENCES' });
    const longName = await post(accountPaths.profile(TENANT, ownerId()), { displayName: 'n'.repeat(65) }, 'PUT');
    expect(longName.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: 'body/displayName must NOT have more than 64 characters' });
  });

  describe('the one error body everywhere', () => {
    test('a Range beyond a media file answers 416 in the error body, with Content-Range', async () => {
      const res = await f.app.inject({ url: AD_MP4, headers: { range: 'bytes=999999-' } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-range']).toBe('bytes */4096');
      expect(res.json()).toEqual({ httpCode: 416, message: 'RANGE_NOT_SATISFIABLE', extendedMessage: 'the file has 4096 bytes' });
    });

    test('the identity service answers its refusals in the error body, its code in message', async () => {
      const wrong = await f.app.inject({
        method: 'POST',
        url: identityPaths.signInEmail,
        remoteAddress: '203.0.113.79',
        headers: { origin: 'http://localhost:8080' },
        payload: { email: 'nobody@example.com', password: 'Motdepasse1!' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ httpCode: 401, message: 'INVALID_EMAIL_OR_PASSWORD', extendedMessage: 'Invalid email or password' });

      const unknown = await f.app.inject({ url: '/identity/no-such-endpoint' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ httpCode: 404, message: 'NOT_FOUND' });

      const invalid = await f.app.inject({
        method: 'POST',
        url: identityPaths.signInEmail,
        remoteAddress: '203.0.113.79',
        headers: { origin: 'http://localhost:8080' },
        payload: { email: 'not-an-address', password: 'Motdepasse1!' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ httpCode: 400, message: 'INVALID_EMAIL', extendedMessage: 'Invalid email' });

      const missing = await f.app.inject({ method: 'POST', url: identityPaths.signInEmail, headers: { origin: 'http://localhost:8080' }, payload: { email: 'a@example.com' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ httpCode: 400, message: 'BAD_REQUEST', extendedMessage: "body must have required property 'password'" });
    });

    test('past the sign-in limit: 429 TOO_MANY_ATTEMPTS_TRY_LATER in the error body', async () => {
      let last;
      for (let i = 0; i < 7; i++) {
        last = await f.app.inject({
          method: 'POST',
          url: identityPaths.signInEmail,
          remoteAddress: '203.0.113.80',
          headers: { origin: 'http://localhost:8080' },
          payload: { email: 'nobody@example.com', password: 'Motdepasse1!' },
        });
      }
      expect(last?.statusCode).toBe(429);
      expect(last?.json()).toEqual({ httpCode: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' });
    });

    test('a JSON content type with an empty body on a body-less call is no body', async () => {
      const json = { 'content-type': 'application/json' };
      const add = await f.app.inject({ method: 'POST', url: accountPaths.listAsset(TENANT, 'film-gratuit'), headers: { ...bearer(user.sessionToken), ...json }, payload: '' });
      expect(add.statusCode, add.body).toBe(200);
      const remove = await f.app.inject({ method: 'DELETE', url: accountPaths.listAsset(TENANT, 'film-gratuit'), headers: { ...bearer(user.sessionToken), ...json }, payload: '' });
      expect(remove.statusCode, remove.body).toBe(200);
      const init = await f.app.inject({ method: 'POST', url: playbackPaths.eventsinkInit(TENANT), headers: json, payload: '' });
      expect(init.statusCode, init.body).toBe(200);
      const logout = await f.app.inject({ method: 'DELETE', url: accountPaths.logout(TENANT), headers: { ...bearer(user.sessionToken), ...json }, payload: '' });
      expect(logout.statusCode, logout.body).toBe(200);
      user = await newHousehold(f.app);
      const deleted = await f.app.inject({ method: 'POST', url: accountPaths.userDelete(TENANT), headers: { ...bearer(user.sessionToken), ...json }, payload: '' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      user = await newHousehold(f.app);
    });
  });
});
