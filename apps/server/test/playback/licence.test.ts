import { playbackPaths } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { ASSETS, KEY, KEY_ID, play, usePlayback, START, type PlaybackFixture } from './helpers.js';

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

/** The ClearKey licence. */
describe.each(engines)('protected media, licence, ads and eventsink (%s)', (engine) => {
  const { state, auth } = usePlayback(engine);
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
  });

  describe('ClearKey licence', () => {
    const license = (token: string | undefined, kids: string[], headers: Record<string, string> = {}) =>
      f.app.inject({
        method: 'POST',
        url: playbackPaths.clearKeyLicense(TENANT),
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          'content-type': 'application/json',
          ...headers,
        },
        payload: JSON.stringify({ kids, type: 'temporary' }),
      });

    test('the key of the token’s own media, base64url without padding (also without a content type, as shaka posts it)', async () => {
      const body = await play(f.app, ASSETS.encrypted, auth());
      const response = await license(body.playToken, [b64url(KEY_ID)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        keys: [{ kty: 'oct', kid: b64url(KEY_ID), k: b64url(KEY) }],
        type: 'temporary',
      });
      expect(response.body).not.toContain('=');
      expect(
        Buffer.from(response.json<{ keys: { k: string }[] }>().keys[0]?.k ?? '', 'base64url').toString('hex'),
      ).toBe(KEY);

      const bare = await f.app.inject({
        method: 'POST',
        url: playbackPaths.clearKeyLicense(TENANT),
        headers: { authorization: `Bearer ${body.playToken}` },
        payload: Buffer.from(JSON.stringify({ kids: [b64url(KEY_ID)], type: 'temporary' })),
      });
      expect(bare.statusCode, bare.body).toBe(200);
    });

    test('another title’s token → 403 NOT_ENTITLED; no, bad or expired token → 403 INVALID_PLAY_TOKEN', async () => {
      const other = await play(f.app, ASSETS.free, auth());
      const foreign = await license(other.playToken, [b64url(KEY_ID)]);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ httpCode: 403, message: 'NOT_ENTITLED' });
      expect(foreign.body).not.toContain(b64url(KEY));

      const own = await play(f.app, ASSETS.encrypted, auth());
      const unknownKid = await license(own.playToken, [b64url('0123456789abcdef0123456789abcdef')]);
      expect(unknownKid.json()).toMatchObject({ httpCode: 403, message: 'NOT_ENTITLED' });
      for (const token of [undefined, 'garbage', `${own.playToken.split('.')[0]}.AAAA`]) {
        const response = await license(token, [b64url(KEY_ID)]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ httpCode: 403, message: 'INVALID_PLAY_TOKEN' });
      }
      f.clock.now = own.playTokenExpiration + 1;
      try {
        expect((await license(own.playToken, [b64url(KEY_ID)])).json()).toMatchObject({
          message: 'INVALID_PLAY_TOKEN',
        });
      } finally {
        f.clock.now = START;
      }
    });
  });
});
