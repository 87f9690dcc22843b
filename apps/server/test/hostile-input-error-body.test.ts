import { accountPaths, identityPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { bearer } from './accounts/helpers.js';
import { TENANT, engines } from './helpers/test-app.js';
import { AD_MP4, newHousehold, usePlayback, type PlaybackFixture } from './playback/helpers.js';
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

  describe('the one error body everywhere', () => {
    test('a Range beyond a media file answers 416 in the error body, with Content-Range', async () => {
      const res = await f.app.inject({ url: AD_MP4, headers: { range: 'bytes=999999-' } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-range']).toBe('bytes */4096');
      expect(res.json()).toEqual({
        httpCode: 416,
        message: 'RANGE_NOT_SATISFIABLE',
        extendedMessage: 'the file has 4096 bytes',
      });
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
      expect(wrong.json()).toEqual({
        httpCode: 401,
        message: 'INVALID_EMAIL_OR_PASSWORD',
        extendedMessage: 'Invalid email or password',
      });

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
      expect(invalid.json()).toEqual({
        httpCode: 400,
        message: 'INVALID_EMAIL',
        extendedMessage: 'Invalid email',
      });

      const missing = await f.app.inject({
        method: 'POST',
        url: identityPaths.signInEmail,
        headers: { origin: 'http://localhost:8080' },
        payload: { email: 'a@example.com' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        httpCode: 400,
        message: 'BAD_REQUEST',
        extendedMessage: "body must have required property 'password'",
      });
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
      const add = await f.app.inject({
        method: 'POST',
        url: accountPaths.listAsset(TENANT, 'film-gratuit'),
        headers: { ...bearer(user.sessionToken), ...json },
        payload: '',
      });
      expect(add.statusCode, add.body).toBe(200);
      const remove = await f.app.inject({
        method: 'DELETE',
        url: accountPaths.listAsset(TENANT, 'film-gratuit'),
        headers: { ...bearer(user.sessionToken), ...json },
        payload: '',
      });
      expect(remove.statusCode, remove.body).toBe(200);
      const init = await f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkInit(TENANT),
        headers: json,
        payload: '',
      });
      expect(init.statusCode, init.body).toBe(200);
      const logout = await f.app.inject({
        method: 'DELETE',
        url: accountPaths.logout(TENANT),
        headers: { ...bearer(user.sessionToken), ...json },
        payload: '',
      });
      expect(logout.statusCode, logout.body).toBe(200);
      user = await newHousehold(f.app);
      const deleted = await f.app.inject({
        method: 'POST',
        url: accountPaths.userDelete(TENANT),
        headers: { ...bearer(user.sessionToken), ...json },
        payload: '',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      user = await newHousehold(f.app);
    });
  });
});
