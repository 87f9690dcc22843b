import { randomBytes } from 'node:crypto';
import { PARENTAL_PIN_HEADER, playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_WRONG_PINS } from '../../src/modules/accounts/pin-attempts.js';
import { engines, TENANT } from '../helpers/test-app.js';
import {
  accountPaths,
  ASSETS,
  bearer,
  BRAND_FOLDER,
  CSA10_FOLDER,
  FR_IP,
  newHousehold,
  play,
  playRequest,
  SE_IP,
  setUpPlayback,
  START,
  US_IP,
  type PlaybackFixture,
} from './helpers.js';

/** entitlement/play: the rules per offer type, every refusal's body, the parental PIN and the response's shape. */
describe.each(engines)('entitlement/play (%s)', (engine) => {
  let f: PlaybackFixture;
  let user: LoginResponse;

  beforeAll(async () => {
    f = await setUpPlayback(engine);
    user = await newHousehold(f.app);
  });
  afterAll(async () => {
    await f?.close();
  });

  const auth = () => bearer(user.sessionToken);
  const day = 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const grantTicket = (householdId: string, assetId: string, productId: string, endDate: string | null) =>
    f.db
      .insertInto('video_tickets')
      .values({ id: `tkt_${randomBytes(6).toString('hex')}`, household_id: householdId, asset_id: assetId, product_id: productId, created_at: iso(START - day), end_date: endDate })
      .execute();
  const subscribe = (householdId: string, productId: string, endDate: string | null) =>
    f.db
      .insertInto('household_subscriptions')
      .values({ id: `sub_${randomBytes(6).toString('hex')}`, household_id: householdId, product_id: productId, start_date: iso(START - day), end_date: endDate })
      .execute();

  test('Free: FVOD, signed HLS and DASH, the brand bumper, no ad, no caching, a stored play session', async () => {
    const response = await playRequest(f.app, ASSETS.free, auth());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<PlayResponse>();
    const token = body.playToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(body.playSessionId).toMatch(/^ps_[A-Za-z0-9_-]{32}$/);
    expect(body).toEqual({
      playSessionId: body.playSessionId,
      requestId: response.headers['x-request-id'],
      assetId: ASSETS.free,
      productId: 'gratuit',
      publicationId: `pub-${ASSETS.free}`,
      entitlementType: 'FVOD',
      formats: [
        { format: 'HLS', mediaLocator: `/play/${token}/media/${ASSETS.free}/master.m3u8` },
        { format: 'DASH', mediaLocator: `/play/${token}/media/${ASSETS.free}/manifest.mpd` },
      ],
      playToken: token,
      playTokenExpiration: START + 600_000 + 3600_000,
      durationInMs: 600_000,
      bookmarks: { lastViewedOffset: 0 },
      contractRestrictions: { airplayEnabled: true, ffEnabled: true, rwEnabled: true, timeshiftEnabled: false },
      streamInfo: { live: false, static: true, event: false },
      analytics: { postInterval: 3, percentage: 100 },
      beaconToken: body.beaconToken,
      bumpers: {
        brand: [
          { format: 'HLS', mediaLocator: `/play/${token}${BRAND_FOLDER}master.m3u8` },
          { format: 'DASH', mediaLocator: `/play/${token}${BRAND_FOLDER}manifest.mpd` },
        ],
      },
      parentalRating: '1',
    });
    // The beacon token names this play session and expires with it.
    expect(f.beaconTokens.verify(body.beaconToken, START)).toEqual({ sid: body.playSessionId, exp: START + 600_000 + 3600_000 });
    expect(f.beaconTokens.verify(body.beaconToken, START + 600_000 + 3600_000)).toBeUndefined();
    const stored = await f.db.selectFrom('play_sessions').selectAll().where('id', '=', body.playSessionId).executeTakeFirstOrThrow();
    expect(stored).toEqual({
      id: body.playSessionId,
      household_id: user.accountId,
      profile_id: user.userId,
      asset_id: ASSETS.free,
      created_at: iso(START),
      expires_at: iso(START + 600_000 + 3600_000),
      country: null,
    });
  });

  test('Advertising: AVOD with the vastUrl of the play session and the classification bumper of its rating; none for US visitors', async () => {
    const body = await play(f.app, ASSETS.ads, { ...auth(), 'x-forwarded-for': FR_IP });
    expect(body.entitlementType).toBe('AVOD');
    const vastUrl = `${playbackPaths.vast(TENANT)}?playSessionId=${encodeURIComponent(body.playSessionId)}`;
    expect(body.formats.map((x) => x.vastUrl)).toEqual([vastUrl, vastUrl]);
    expect(body.bumpers.classification?.[0]?.mediaLocator).toBe(`/play/${body.playToken}${CSA10_FOLDER}master.m3u8`);
    expect(body.parentalRating).toBe('3');
    const stored = await f.db.selectFrom('play_sessions').select('country').where('id', '=', body.playSessionId).executeTakeFirstOrThrow();
    expect(stored.country).toBe('FR');

    const us = await play(f.app, ASSETS.ads, { ...auth(), 'x-forwarded-for': US_IP });
    expect(us.entitlementType).toBe('AVOD');
    expect(us.formats.every((x) => x.vastUrl === undefined)).toBe(true);
  });

  test('Subscription: NOT_ENTITLED with BUY_WATCH_NOW until the household subscribes; an ended subscription does not count', async () => {
    const other = await newHousehold(f.app);
    const refused = await playRequest(f.app, ASSETS.subscription, bearer(other.sessionToken));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      httpCode: 403,
      message: 'NOT_ENTITLED',
      extendedMessage: `no right to play ${ASSETS.subscription}`,
      actions: [
        {
          type: 'BUY_WATCH_NOW',
          offerings: [{ offeringId: 'abonnement', publications: [{ availableAt: '2020-01-01T00:00:00.000Z', publicationId: `pub-${ASSETS.subscription}` }] }],
        },
      ],
    });
    await subscribe(other.accountId, 'abonnement', iso(START - 1000));
    expect((await playRequest(f.app, ASSETS.subscription, bearer(other.sessionToken))).statusCode).toBe(403);
    await subscribe(other.accountId, 'abonnement', null);
    const body = await play(f.app, ASSETS.subscription, bearer(other.sessionToken));
    expect(body).toMatchObject({ entitlementType: 'SVOD', productId: 'abonnement' });
    // Another household's subscription opens nothing for this one.
    expect((await playRequest(f.app, ASSETS.subscription, auth())).statusCode).toBe(403);
  });

  test('Transactional: no ticket or an expired one → NOT_ENTITLED; an open or not-yet-ended ticket → TVOD', async () => {
    const none = await newHousehold(f.app);
    expect((await playRequest(f.app, ASSETS.rental, bearer(none.sessionToken))).json()).toMatchObject({ httpCode: 403, message: 'NOT_ENTITLED' });

    const expired = await newHousehold(f.app);
    await grantTicket(expired.accountId, ASSETS.rental, 'location', iso(START - 1));
    expect((await playRequest(f.app, ASSETS.rental, bearer(expired.sessionToken))).json()).toMatchObject({ message: 'NOT_ENTITLED' });
    // A ticket for another title does not count either.
    await grantTicket(expired.accountId, ASSETS.purchase, 'location', null);
    expect((await playRequest(f.app, ASSETS.rental, bearer(expired.sessionToken))).statusCode).toBe(403);

    const open = await newHousehold(f.app);
    await grantTicket(open.accountId, ASSETS.rental, 'location', null);
    expect(await play(f.app, ASSETS.rental, bearer(open.sessionToken))).toMatchObject({ entitlementType: 'TVOD', productId: 'location' });

    const rental = await newHousehold(f.app);
    await grantTicket(rental.accountId, ASSETS.rental, 'location', iso(START + 48 * 3600_000));
    expect(await play(f.app, ASSETS.rental, bearer(rental.sessionToken))).toMatchObject({ entitlementType: 'TVOD' });
    // …until the rental ends.
    f.clock.now = START + 49 * 3600_000;
    try {
      expect((await playRequest(f.app, ASSETS.rental, bearer(rental.sessionToken))).statusCode).toBe(403);
    } finally {
      f.clock.now = START;
    }
  });

  test('ElectronicSellThrough: a purchase ticket → TVOD; none → NOT_ENTITLED offering the product', async () => {
    const buyer = await newHousehold(f.app);
    const refused = await playRequest(f.app, ASSETS.purchase, bearer(buyer.sessionToken));
    expect(refused.json<{ actions: { offerings: { offeringId: string }[] }[] }>().actions[0]?.offerings[0]?.offeringId).toBe('achat');
    await grantTicket(buyer.accountId, ASSETS.purchase, 'achat', null);
    expect(await play(f.app, ASSETS.purchase, bearer(buyer.sessionToken))).toMatchObject({ entitlementType: 'TVOD', productId: 'achat' });
  });

  test('Catchup is granted (with its ad when maxAds > 0)', async () => {
    const body = await play(f.app, ASSETS.catchup, auth());
    expect(body).toMatchObject({ entitlementType: 'AVOD', productId: 'rattrapage' });
    expect(body.formats[0]?.vastUrl).toContain('playSessionId=');
  });

  test('a trailer plays without a session (anonymous play session, no bookmark, no ad, no bumper)', async () => {
    const body = await play(f.app, ASSETS.trailer);
    expect(body).toMatchObject({ assetId: ASSETS.trailer, entitlementType: 'FVOD', bookmarks: { lastViewedOffset: 0 } });
    expect(body.formats.every((x) => x.vastUrl === undefined)).toBe(true);
    expect(body.bumpers).toEqual({});
    const stored = await f.db.selectFrom('play_sessions').selectAll().where('id', '=', body.playSessionId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ household_id: null, profile_id: null, asset_id: ASSETS.trailer });
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
      actions: [{ type: 'WAIT', publication: { availableAt: '2099-01-01T00:00:00.000Z', publicationId: 'pub-futur' } }],
    });
    const expired = await playRequest(f.app, ASSETS.expired, auth());
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ httpCode: 403, message: 'LICENSE_EXPIRED', extendedMessage: 'the asset is no longer published' });

    const sweden = await playRequest(f.app, ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': SE_IP });
    expect(sweden.statusCode).toBe(403);
    expect(sweden.json()).toEqual({ httpCode: 403, message: 'GEO_BLOCKED', extendedMessage: 'not available in SE' });
    expect((await playRequest(f.app, ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': FR_IP })).statusCode).toBe(200);
  });

  test('unknown asset → 404 UNKNOWN_ASSET; no playable media → 403 NOT_AVAILABLE_IN_FORMAT; another business unit → 404', async () => {
    const unknown = await playRequest(f.app, 'film-inconnu', auth());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_ASSET' });
    const noMedia = await playRequest(f.app, ASSETS.noMedia, auth());
    expect(noMedia.statusCode).toBe(403);
    expect(noMedia.json()).toMatchObject({ httpCode: 403, message: 'NOT_AVAILABLE_IN_FORMAT' });
    const otherBu = await f.app.inject({ url: playbackPaths.play({ customer: 'x', businessUnit: 'y' }, ASSETS.free), headers: auth() });
    expect(otherBu.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
  });

  test('an encrypted (CENC) title is offered as DASH only, with the absolute ClearKey licence URL', async () => {
    const body = await play(f.app, ASSETS.encrypted, { ...auth(), host: 'tv.example.com' });
    expect(body.formats).toEqual([
      {
        format: 'DASH',
        mediaLocator: `/play/${body.playToken}/media/${ASSETS.encrypted}/manifest.mpd`,
        drm: { 'org.w3.clearkey': { licenseServerUrl: `http://tv.example.com${playbackPaths.clearKeyLicense(TENANT)}` } },
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
    const child = created.json<{ profiles: { userId: string; displayName: string }[] }>().profiles.find((p) => p.displayName === 'Enfants');
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
    expect(noOwnerPin.json()).toMatchObject({ httpCode: 403, message: 'INVALID_PIN_CODE', extendedMessage: expect.stringContaining('no PIN') });

    // The owner sets a PIN (from a new owner session: selecting the child's profile ended the first one).
    const owner = await f.app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, family.userId),
      headers: kid,
    });
    const ownerAuth = bearer(owner.json<LoginResponse>().sessionToken);
    const pinSet = await f.app.inject({ method: 'PUT', url: accountPaths.profile(TENANT, family.userId), headers: ownerAuth, payload: { pinCode: '1234' } });
    expect(pinSet.statusCode, pinSet.body).toBe(200);
    const kidAgain = await f.app.inject({ method: 'GET', url: accountPaths.selectProfile(TENANT, child?.userId ?? ''), headers: ownerAuth });
    const kid2 = bearer(kidAgain.json<LoginResponse>().sessionToken);

    const wrong = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '0000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ httpCode: 403, message: 'INVALID_PIN_CODE', extendedMessage: 'wrong parental PIN' });
    const right = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<PlayResponse>().parentalRating).toBe('6');

    // Guessing is cut short: after MAX_WRONG_PINS wrong PINs, even the right one waits 15 minutes.
    for (let i = 0; i < MAX_WRONG_PINS; i++) {
      expect((await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '0000' })).statusCode).toBe(403);
    }
    const blocked = await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ httpCode: 429, message: 'TOO_MANY_REQUESTS' });
    f.clock.now = START + 15 * 60 * 1000;
    try {
      expect((await playRequest(f.app, ASSETS.mature, { ...kid2, [PARENTAL_PIN_HEADER]: '1234' })).statusCode).toBe(200);
    } finally {
      f.clock.now = START;
    }
    // A profile without PrLevel plays it without a PIN.
    expect((await playRequest(f.app, ASSETS.mature, auth())).statusCode).toBe(200);
  });

  test('the OpenAPI document lists every playback route with the playback tag', async () => {
    const doc = (await f.app.inject('/api/docs/openapi.json')).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const paths = [
      '/v2/customer/{customer}/businessunit/{businessUnit}/entitlement/{assetId}/play',
      '/v2/customer/{customer}/businessunit/{businessUnit}/license/clearkey',
      '/v2/customer/{customer}/businessunit/{businessUnit}/ads/vast',
      '/v2/customer/{customer}/businessunit/{businessUnit}/ads/track',
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
