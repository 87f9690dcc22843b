import { beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../helpers/test-app.js';
import { AD_MP4, ASSETS, BRAND_FOLDER, play, usePlayback, START, type PlaybackFixture } from './helpers.js';

const resolve = (base: string, relative: string) => new URL(relative, `http://x${base}`).pathname;

/** The media behind the play token. */
describe.each(engines)('protected media, licence, ads and eventsink (%s)', (engine) => {
  const { state, auth, get } = usePlayback(engine);
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
  });

  describe('media behind the play token', () => {
    test('the signed manifest, its media playlist and segment answer (Range, caching); the bumpers too', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const master = body.formats[0]?.mediaLocator ?? '';
      const manifest = await get(master);
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(manifest.headers['cache-control']).toBe('public, max-age=60');
      // Relative URLs keep the token: the player needs nothing else.
      const playlist = resolve(master, 'v360/index.m3u8');
      expect(playlist.startsWith(`/play/${body.playToken}/`)).toBe(true);
      expect((await get(playlist)).statusCode).toBe(200);
      const segment = resolve(playlist, '00001.m4s');
      const full = await get(segment);
      expect(full.statusCode).toBe(200);
      expect(full.rawPayload.subarray(4, 8).toString('latin1')).toBe('moof');
      expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const part = await get(segment, { range: 'bytes=0-99' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(100);
      expect((await get(body.formats[1]?.mediaLocator ?? '')).statusCode).toBe(200);
      expect((await get(body.bumpers.brand?.[0]?.mediaLocator ?? '')).statusCode).toBe(200);
      // A file that is not there is still a 404 (the token does not make it exist).
      expect((await get(resolve(master, 'nope.m3u8'))).statusCode).toBe(404);
    });

    test('unsigned, expired, tampered or another asset’s folder → 403 INVALID_PLAY_TOKEN; the ad creatives stay public', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const refused = async (url: string) => {
        const response = await get(url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json(), url).toMatchObject({ httpCode: 403, message: 'INVALID_PLAY_TOKEN' });
      };
      await refused(`/media/${ASSETS.free}/master.m3u8`);
      await refused(`/media/${ASSETS.free}/v360/00001.m4s`);
      await refused(`${BRAND_FOLDER}master.m3u8`);
      // Another asset's folder, or a way out of the token's folder.
      await refused(`/play/${body.playToken}/media/${ASSETS.ads}/master.m3u8`);
      await refused(`/play/${body.playToken}/media/${ASSETS.free}/..%2F${ASSETS.ads}/master.m3u8`);
      // A tampered token: another payload with the old signature, or a changed signature.
      const [payload, signature] = body.playToken.split('.') as [string, string];
      const widened = Buffer.from(
        JSON.stringify({ sid: body.playSessionId, aid: ASSETS.free, exp: Date.now() * 2, p: ['/media/'] }),
      ).toString('base64url');
      await refused(`/play/${widened}.${signature}/media/${ASSETS.ads}/master.m3u8`);
      await refused(`/play/${payload}.${signature.slice(0, -3)}abc/media/${ASSETS.free}/master.m3u8`);
      await refused(`/play/not-a-token/media/${ASSETS.free}/master.m3u8`);
      // Expired.
      f.clock.now = body.playTokenExpiration;
      try {
        await refused(body.formats[0]?.mediaLocator ?? '');
      } finally {
        f.clock.now = START;
      }

      const ad = await get(AD_MP4);
      expect(ad.statusCode).toBe(200);
      expect(ad.headers['content-type']).toBe('video/mp4');
      expect((await get(AD_MP4, { range: 'bytes=0-9' })).statusCode).toBe(206);
    });
  });
});
