import { accountPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { bearer } from './accounts/helpers.js';
import { badRequest, TENANT, engines } from './helpers/test-app.js';
import { usePlayback, type PlaybackFixture } from './playback/helpers.js';
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
      const favourite = await f.app.inject({
        url: accountPaths.listAsset(TENANT, 'film\u0000x'),
        headers: bearer(user.sessionToken),
      });
      expect(favourite.statusCode, favourite.body).toBe(400);
      expect(favourite.json()).toEqual(badRequest('params.assetId: contains a NUL character'));
      const select = await f.app.inject({
        url: accountPaths.selectProfile(TENANT, 'usr\u0000x'),
        headers: bearer(user.sessionToken),
      });
      expect(select.statusCode, select.body).toBe(400);
      expect(select.json()).toEqual(badRequest('params.userId: contains a NUL character'));
    });

    test('in a query: lastviewedoffset, and the VAST call without signing in', async () => {
      const offsets = await f.app.inject({
        url: `${accountPaths.lastViewedOffset(TENANT)}?assetIds=a%00b`,
        headers: bearer(user.sessionToken),
      });
      expect(offsets.statusCode, offsets.body).toBe(400);
      expect(offsets.json()).toEqual(badRequest('query.assetIds: contains a NUL character'));
      const vast = await f.app.inject({ url: `${playbackPaths.vast(TENANT)}?playSessionId=ps%00x` });
      expect(vast.statusCode, vast.body).toBe(400);
      expect(vast.json()).toEqual(badRequest('query.playSessionId: contains a NUL character'));
    });

    test('in the eventsink SessionId, without signing in (application/json and text/plain)', async () => {
      const batch = JSON.stringify({
        DispatchTime: 1,
        Customer: TENANT.customer,
        BusinessUnit: TENANT.businessUnit,
        SessionId: 'ps\u0000x',
        Payload: [],
      });
      for (const contentType of ['application/json', 'text/plain']) {
        const res = await f.app.inject({
          method: 'POST',
          url: playbackPaths.eventsinkSend(TENANT),
          headers: { 'content-type': contentType },
          payload: batch,
        });
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
});
