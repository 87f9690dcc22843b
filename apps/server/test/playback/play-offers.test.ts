import { randomBytes } from 'node:crypto';
import { playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import {
  ASSETS,
  bearer,
  BRAND_FOLDER,
  CSA10_FOLDER,
  FR_IP,
  newHousehold,
  play,
  playRequest,
  usePlayback,
  START,
  type PlaybackFixture,
} from './helpers.js';
/** entitlement/play: the rules per offer type and the response's shape. */
describe.each(engines)('entitlement/play (%s)', (engine) => {
  const { state, auth } = usePlayback(engine);
  let f: PlaybackFixture;
  let user: LoginResponse;
  beforeAll(() => {
    ({ f, user } = state());
  });
  const day = 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const grantTicket = (householdId: string, assetId: string, productId: string, endDate: string | null) =>
    f.db
      .insertInto('video_tickets')
      .values({
        id: `tkt_${randomBytes(6).toString('hex')}`,
        household_id: householdId,
        asset_id: assetId,
        product_id: productId,
        created_at: iso(START - day),
        end_date: endDate,
      })
      .execute();
  const subscribe = (householdId: string, productId: string, endDate: string | null) =>
    f.db
      .insertInto('household_subscriptions')
      .values({
        id: `sub_${randomBytes(6).toString('hex')}`,
        household_id: householdId,
        product_id: productId,
        start_date: iso(START - day),
        end_date: endDate,
      })
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
      contractRestrictions: {
        airplayEnabled: true,
        ffEnabled: true,
        rwEnabled: true,
        timeshiftEnabled: false,
      },
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
    expect(f.beaconTokens.verify(body.beaconToken, START)).toEqual({
      sid: body.playSessionId,
      exp: START + 600_000 + 3600_000,
    });
    expect(f.beaconTokens.verify(body.beaconToken, START + 600_000 + 3600_000)).toBeUndefined();
    const stored = await f.db
      .selectFrom('play_sessions')
      .selectAll()
      .where('id', '=', body.playSessionId)
      .executeTakeFirstOrThrow();
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
    expect(body.bumpers.classification?.[0]?.mediaLocator).toBe(
      `/play/${body.playToken}${CSA10_FOLDER}master.m3u8`,
    );
    expect(body.parentalRating).toBe('3');
    const stored = await f.db
      .selectFrom('play_sessions')
      .select('country')
      .where('id', '=', body.playSessionId)
      .executeTakeFirstOrThrow();
    expect(stored.country).toBe('FR');
    // From the US it plays through a pay-TV provider only, and without ads: tv-provider/us-playback.test.ts.
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
          offerings: [
            {
              offeringId: 'abonnement',
              publications: [
                { availableAt: '2020-01-01T00:00:00.000Z', publicationId: `pub-${ASSETS.subscription}` },
              ],
            },
          ],
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
    expect((await playRequest(f.app, ASSETS.rental, bearer(none.sessionToken))).json()).toMatchObject({
      httpCode: 403,
      message: 'NOT_ENTITLED',
    });

    const expired = await newHousehold(f.app);
    await grantTicket(expired.accountId, ASSETS.rental, 'location', iso(START - 1));
    expect((await playRequest(f.app, ASSETS.rental, bearer(expired.sessionToken))).json()).toMatchObject({
      message: 'NOT_ENTITLED',
    });
    // A ticket for another title does not count either.
    await grantTicket(expired.accountId, ASSETS.purchase, 'location', null);
    expect((await playRequest(f.app, ASSETS.rental, bearer(expired.sessionToken))).statusCode).toBe(403);

    const open = await newHousehold(f.app);
    await grantTicket(open.accountId, ASSETS.rental, 'location', null);
    expect(await play(f.app, ASSETS.rental, bearer(open.sessionToken))).toMatchObject({
      entitlementType: 'TVOD',
      productId: 'location',
    });

    const rental = await newHousehold(f.app);
    await grantTicket(rental.accountId, ASSETS.rental, 'location', iso(START + 48 * 3600_000));
    expect(await play(f.app, ASSETS.rental, bearer(rental.sessionToken))).toMatchObject({
      entitlementType: 'TVOD',
    });
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
    expect(
      refused.json<{ actions: { offerings: { offeringId: string }[] }[] }>().actions[0]?.offerings[0]
        ?.offeringId,
    ).toBe('achat');
    await grantTicket(buyer.accountId, ASSETS.purchase, 'achat', null);
    expect(await play(f.app, ASSETS.purchase, bearer(buyer.sessionToken))).toMatchObject({
      entitlementType: 'TVOD',
      productId: 'achat',
    });
  });

  test('Catchup is granted (with its ad when maxAds > 0)', async () => {
    const body = await play(f.app, ASSETS.catchup, auth());
    expect(body).toMatchObject({ entitlementType: 'AVOD', productId: 'rattrapage' });
    expect(body.formats[0]?.vastUrl).toContain('playSessionId=');
  });

  test('a trailer plays without a session (anonymous play session, no bookmark, no ad, no bumper)', async () => {
    const body = await play(f.app, ASSETS.trailer);
    expect(body).toMatchObject({
      assetId: ASSETS.trailer,
      entitlementType: 'FVOD',
      bookmarks: { lastViewedOffset: 0 },
    });
    expect(body.formats.every((x) => x.vastUrl === undefined)).toBe(true);
    expect(body.bumpers).toEqual({});
    const stored = await f.db
      .selectFrom('play_sessions')
      .selectAll()
      .where('id', '=', body.playSessionId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ household_id: null, profile_id: null, asset_id: ASSETS.trailer });
  });
});
