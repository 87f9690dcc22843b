import { PARENTAL_PIN_HEADER, playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { MAX_WRONG_PINS } from '../../src/modules/accounts/pin-attempts.js';
import { engines, TENANT } from '../helpers/test-app.js';
import {
  accountPaths,
  ASSETS,
  bearer,
  FR_IP,
  newHousehold,
  play,
  playRequest,
  SE_IP,
  usePlayback,
  START,
  type PlaybackFixture,
} from './helpers.js';
/** entitlement/play: every refusal's body, the parental PIN, and the routes in the OpenAPI document. */
describe.each(engines)('entitlement/play (%s)', (engine) => {
  const { state, auth } = usePlayback(engine);
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
  });

  test('any other asset without a session → 401 NO_SESSION_TOKEN with the LOGIN action; a bad token → 401 INVALID_SESSION_TOKEN', async () => {
    const anonymous = await playRequest(f.app, ASSETS.free);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      httpCode: 401,
      message: 'NO_SESSION_TOKEN',
      extendedMessage: 'please log in to play the video',
      actions: [{ type: 'LOGIN' }],
    });
    const wrong = await playRequest(f.app, ASSETS.free, bearer('ses_not-a-session'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ httpCode: 401, message: 'INVALID_SESSION_TOKEN' });
  });

  test('publication window and country: NOT_PUBLISHED with WAIT, LICENSE_EXPIRED, GEO_BLOCKED (X-Forwarded-For, trustProxy on)', async () => {
    const future = await playRequest(f.app, ASSETS.future, auth());
    expect(future.statusCode).toBe(403);
    expect(future.json()).toEqual({
      httpCode: 403,
      message: 'NOT_PUBLISHED',
      extendedMessage: 'available from 2099-01-01T00:00:00.000Z',
      actions: [
        {
          type: 'WAIT',
          publication: { availableAt: '2099-01-01T00:00:00.000Z', publicationId: 'pub-futur' },
        },
      ],
    });
    const expired = await playRequest(f.app, ASSETS.expired, auth());
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      httpCode: 403,
      message: 'LICENSE_EXPIRED',
      extendedMessage: 'the asset is no longer published',
    });

    const sweden = await playRequest(f.app, ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': SE_IP });
    expect(sweden.statusCode).toBe(403);
    expect(sweden.json()).toEqual({
      httpCode: 403,
      message: 'GEO_BLOCKED',
      extendedMessage: 'not available in SE',
    });
    expect(
      (await playRequest(f.app, ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': FR_IP })).statusCode,
    ).toBe(200);
  });

  test('unknown asset → 404 UNKNOWN_ASSET; no playable media → 403 NOT_AVAILABLE_IN_FORMAT; another business unit → 404', async () => {
    const unknown = await playRequest(f.app, 'film-inconnu', auth());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_ASSET' });
    const noMedia = await playRequest(f.app, ASSETS.noMedia, auth());
    expect(noMedia.statusCode).toBe(403);
    expect(noMedia.json()).toMatchObject({ httpCode: 403, message: 'NOT_AVAILABLE_IN_FORMAT' });
    const otherBu = await f.app.inject({
      url: playbackPaths.play({ customer: 'x', businessUnit: 'y' }, ASSETS.free),
      headers: auth(),
    });
    expect(otherBu.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
  });

  test('an encrypted (CENC) title is offered as DASH only, with the absolute ClearKey licence URL', async () => {
    const body = await play(f.app, ASSETS.encrypted, { ...auth(), host: 'tv.example.com' });
    expect(body.formats).toEqual([
      {
        format: 'DASH',
        mediaLocator: `/play/${body.playToken}/media/${ASSETS.encrypted}/manifest.mpd`,
        drm: {
          'org.w3.clearkey': {
            licenseServerUrl: `http://tv.example.com${playbackPaths.clearKeyLicense(TENANT)}`,
          },
        },
      },
    ]);
  });

  test('parental PIN: a PrLevel below the rating needs the owner’s PIN (missing, owner without PIN, wrong, right)', async () => {
    const family = await newHousehold(f.app);
    const created = await f.app.inject({
      method: 'POST',
      url: accountPaths.profiles(TENANT),
      headers: bearer(family.sessionToken),
      payload: { displayName: 'Enfants', child: true, metadata: { PrLevel: '1' } },
    });
    const child = created
      .json<{ profiles: { userId: string; displayName: string }[] }>()
      .profiles.find((p) => p.displayName === 'Enfants');
    const selected = await f.app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, child?.userId ?? ''),
      headers: bearer(family.sessionToken),
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const kid = bearer(selected.json<LoginResponse>().sessionToken);

    // Tous publics: no PIN asked.
    expect((await playRequest(f.app, ASSETS.free, kid)).statusCode).toBe(200);

    const missing = await playRequest(f.app, ASSETS.mature, kid);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ httpCode: 403, message: 'PARENTAL_PIN_REQUIRED' });
    const noOwnerPin = await playRequest(f.app, ASSETS.mature, { ...kid, [PARENTAL_PIN_HEADER]: '1234' });
    expect(noOwnerPin.json()).toMatchObject({
      httpCode: 403,
      message: 'INVALID_PIN_CODE',
      extendedMessage: expect.stringContaining('no PIN'),
    });

    // The owner sets a PIN (from a new owner session: selecting the child's profile ended the first one).
    const owner = await f.app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, family.userId),
      headers: kid,
    });
    const ownerAuth = bearer(owner.json<LoginResponse>().sessionToken);
    const pinSet = await f.app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, family.userId),
      headers: ownerAuth,
      payload: { pinCode: '1234' },
    });
    expect(pinSet.statusCode, pinSet.body).toBe(200);
    const kidAgain = await f.app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, child?.userId ?? ''),
      headers: ownerAuth,
    });
    const kid2 = bearer(kidAgain.json<LoginResponse>().sessionToken);

    const wrong = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '0000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      httpCode: 403,
      message: 'INVALID_PIN_CODE',
      extendedMessage: 'wrong parental PIN',
    });
    const right = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<PlayResponse>().parentalRating).toBe('6');

    // Guessing is cut short: after MAX_WRONG_PINS wrong PINs, even the right one waits 15 minutes.
    for (let i = 0; i < MAX_WRONG_PINS; i++) {
      expect(
        (await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '0000' })).statusCode,
      ).toBe(403);
    }
    const blocked = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ httpCode: 429, message: 'TOO_MANY_REQUESTS' });
    f.clock.now = START + 15 * 60 * 1000;
    try {
      expect(
        (await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' })).statusCode,
      ).toBe(200);
    } finally {
      f.clock.now = START;
    }
    // A profile without PrLevel plays it without a PIN.
    expect((await playRequest(f.app, ASSETS.mature, auth())).statusCode).toBe(200);
  });

  test('the OpenAPI document lists every playback route with the playback tag', async () => {
    const doc = (await f.app.inject('/api/docs/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const paths = [
      '/v2/customer/{customer}/businessunit/{businessUnit}/entitlement/{assetId}/play',
      '/v2/customer/{customer}/businessunit/{businessUnit}/license/clearkey',
      '/v2/customer/{customer}/businessunit/{businessUnit}/eventsink/init',
      '/v2/customer/{customer}/businessunit/{businessUnit}/eventsink/send',
    ];
    for (const p of paths) {
      const operations = Object.values(doc.paths[p] ?? {});
      expect(operations.length, p).toBeGreaterThan(0);
      for (const op of operations) expect(op.tags, p).toEqual(['playback']);
    }
  });
});
