import { describe, expect, test } from 'vitest';
import { ContentKeyStore } from '../../src/modules/playback/licence/content-keys.js';
import { LicenceService } from '../../src/modules/playback/licence/service.js';
import { createPlayTokens } from '../../src/modules/playback/play-token.js';
import { ProtectedMedia } from '../../src/modules/playback/protected-media.js';

/**
 * The playback services without HTTP (ADR 0017): what the routes call, called directly. The
 * routes' behaviour is in play-*.test.ts, protected-media, licence and eventsink.test.ts (the pre-roll's
 * in ../ads/preroll.test.ts).
 */

const NOW = 1_000;
const tokens = createPlayTokens('s'.repeat(48));
const token = tokens.sign({ sid: 'ps_1', aid: 'a', exp: NOW + 1000, p: ['/media/a/'] });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    const { httpCode, code } = error as { httpCode: number; code: string };
    return { httpCode, code };
  }
  return undefined;
};

describe('LicenceService', () => {
  const keys = new ContentKeyStore();
  keys.add({ keyId: '00'.repeat(16), key: 'ab'.repeat(16), mediaPrefix: '/media/a/' });
  keys.add({ keyId: '11'.repeat(16), key: 'cd'.repeat(16), mediaPrefix: '/media/b/' });
  const licence = new LicenceService(tokens, keys, () => NOW);
  const kid = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

  test('hands out the keys of the token’s folders, base64url without padding', () => {
    expect(licence.license(token, { kids: [kid('00'.repeat(16))] })).toEqual({
      keys: [{ kty: 'oct', kid: kid('00'.repeat(16)), k: kid('ab'.repeat(16)) }],
      type: 'temporary',
    });
  });

  test('403 INVALID_PLAY_TOKEN without a live token, 403 NOT_ENTITLED for a key of another folder', () => {
    const kids = { kids: [kid('00'.repeat(16))] };
    expect(refusal(() => licence.license(undefined, kids))?.code).toBe('INVALID_PLAY_TOKEN');
    expect(refusal(() => licence.license('', kids))?.code).toBe('INVALID_PLAY_TOKEN');
    const expired = new LicenceService(tokens, keys, () => NOW + 1000);
    expect(refusal(() => expired.license(token, kids))?.code).toBe('INVALID_PLAY_TOKEN');
    expect(refusal(() => licence.license(token, { kids: [kid('11'.repeat(16))] }))).toEqual({
      httpCode: 403,
      code: 'NOT_ENTITLED',
    });
  });
});

describe('ProtectedMedia', () => {
  const media = new ProtectedMedia(
    tokens,
    [{ prefix: '/media/', root: '/data/media', summary: '' }],
    () => NOW,
  );

  test('opens a file of the token’s folders (query ignored, path still encoded)', () => {
    expect(media.resolve(`/play/${token}/media/a/v%20360/1.m4s?x=1`)).toEqual({
      root: '/data/media',
      path: 'a/v%20360/1.m4s',
    });
  });

  test('403 INVALID_PLAY_TOKEN for another folder, dot segments, bad encoding or a bad token', () => {
    for (const url of [
      `/play/${token}/media/b/master.m3u8`,
      `/play/${token}/media/a/../b/master.m3u8`,
      `/play/${token}/media/a/%E0%A4%A`,
      `/play/x${token}/media/a/master.m3u8`,
      `/play/${token}`,
    ])
      expect(refusal(() => media.resolve(url))?.code, url).toBe('INVALID_PLAY_TOKEN');
  });
});
