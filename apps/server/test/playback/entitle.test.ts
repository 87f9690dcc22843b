import { randomBytes } from 'node:crypto';
import {
  playbackPaths,
  type AvailabilityKeys,
  type EntitleResponse,
  type StoreProductOfferings,
} from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { publishedSchemas } from '../live/helpers.js';
import {
  ASSETS,
  bearer,
  FR_IP,
  newHousehold,
  SE_IP,
  START,
  usePlayback,
  type PlaybackFixture,
} from './helpers.js';

/**
 * Entitlement without playing (issue 18): entitle answers the play call's rules with Exposure's
 * vocabulary (SUCCESS, or the refusal's message and actions) and opens no play session; the
 * account's availability keys match the publications'; the store lists the products on offer.
 */
describe.each(engines)('entitlement without playing (%s)', (engine) => {
  const { state, auth, get } = usePlayback(engine);
  const published = publishedSchemas('exposure-catalogue-schemas.json');
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = 86_400_000;
  const entitle = (assetId: string, headers: Record<string, string> = {}) =>
    get(playbackPaths.entitle(TENANT, assetId), headers);
  const playSessions = async () =>
    Number(
      (
        await f.db
          .selectFrom('play_sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('an entitled caller: 200 SUCCESS in the published EntitleResponse shape, no play session opened', async () => {
    const before = await playSessions();
    const res = await entitle(ASSETS.free, auth());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<EntitleResponse>();
    expect(published('EntitleResponse', body)).toEqual([]);
    expect(body).toMatchObject({
      status: 'SUCCESS',
      accountId: state().user.accountId,
      productId: 'gratuit',
      publicationId: `pub-${ASSETS.free}`,
      time: iso(START),
      streamInfo: { live: false, static: true, event: false },
    });
    expect(body.formats.map((x) => x.format).sort()).toEqual(['DASH', 'HLS']);
    expect(await playSessions()).toBe(before);
  });

  test('a rental not rented: 403 NOT_ENTITLED with BUY_WATCH_NOW; once rented: SUCCESS through it', async () => {
    const user = await newHousehold(f.app);
    const refused = await entitle(ASSETS.rental, bearer(user.sessionToken));
    expect(refused.statusCode).toBe(403);
    expect(published('API Error message', refused.json())).toEqual([]);
    expect(refused.json()).toEqual({
      httpCode: 403,
      message: 'NOT_ENTITLED',
      extendedMessage: `no right to play ${ASSETS.rental}`,
      actions: [
        {
          type: 'BUY_WATCH_NOW',
          offerings: [
            {
              offeringId: 'location',
              publications: [
                { availableAt: '2020-01-01T00:00:00.000Z', publicationId: `pub-${ASSETS.rental}` },
              ],
            },
          ],
        },
      ],
    });
    await f.db
      .insertInto('video_tickets')
      .values({
        id: `tkt_${randomBytes(6).toString('hex')}`,
        household_id: user.accountId,
        asset_id: ASSETS.rental,
        product_id: 'location',
        created_at: iso(START - day),
        end_date: iso(START + day),
      })
      .execute();
    const rented = await entitle(ASSETS.rental, bearer(user.sessionToken));
    expect(rented.statusCode, rented.body).toBe(200);
    expect(rented.json<EntitleResponse>()).toMatchObject({ status: 'SUCCESS', productId: 'location' });
  });

  test('geo-blocked: 403 GEO_BLOCKED from Sweden, SUCCESS from France (the address as TRUST_PROXY says)', async () => {
    const sweden = await entitle(ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': SE_IP });
    expect(sweden.statusCode).toBe(403);
    expect(sweden.json()).toEqual({
      httpCode: 403,
      message: 'GEO_BLOCKED',
      extendedMessage: 'not available in SE',
    });
    const france = await entitle(ASSETS.franceOnly, { ...auth(), 'x-forwarded-for': FR_IP });
    expect(france.statusCode, france.body).toBe(200);
  });

  test('an anonymous caller: 401 NO_SESSION_TOKEN with LOGIN; a trailer is entitled without a session', async () => {
    const anonymous = await entitle(ASSETS.free);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      httpCode: 401,
      message: 'NO_SESSION_TOKEN',
      extendedMessage: 'please log in to play the video',
      actions: [{ type: 'LOGIN' }],
    });
    const trailer = await entitle(ASSETS.trailer);
    expect(trailer.statusCode, trailer.body).toBe(200);
    const body = trailer.json<EntitleResponse>();
    expect(published('EntitleResponse', body)).toEqual([]);
    expect(body.status).toBe('SUCCESS');
    expect(body.accountId).toBeUndefined();
  });

  test('the play call’s other refusals: NOT_PUBLISHED with WAIT, LICENSE_EXPIRED, NOT_AVAILABLE_IN_FORMAT, UNKNOWN_ASSET, a wrong token', async () => {
    expect((await entitle(ASSETS.future, auth())).json()).toMatchObject({
      httpCode: 403,
      message: 'NOT_PUBLISHED',
      actions: [{ type: 'WAIT', publication: { publicationId: 'pub-futur' } }],
    });
    expect((await entitle(ASSETS.expired, auth())).json()).toMatchObject({ message: 'LICENSE_EXPIRED' });
    expect((await entitle(ASSETS.noMedia, auth())).json()).toMatchObject({
      message: 'NOT_AVAILABLE_IN_FORMAT',
    });
    const unknown = await entitle('film-inconnu', auth());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_ASSET' });
    const wrong = await entitle(ASSETS.free, bearer('not-a-session'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'INVALID_SESSION_TOKEN' });
  });

  test('hostile ids: a NUL byte and an oversized id answer 400 before any lookup', async () => {
    const nul = await get(`${playbackPaths.entitle(TENANT, 'film')}`.replace('/film/', '/fi%00lm/'), auth());
    expect(nul.statusCode).toBe(400);
    const huge = await entitle('x'.repeat(5000), auth());
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ httpCode: 400 });
  });

  test('availability keys: open products, current subscriptions, tickets as <asset>_<product>, future subscriptions apart', async () => {
    const user = await newHousehold(f.app);
    await f.db
      .insertInto('household_subscriptions')
      .values([
        {
          id: `sub_${randomBytes(6).toString('hex')}`,
          household_id: user.accountId,
          product_id: 'abonnement',
          start_date: iso(START - day),
          end_date: iso(START + 30 * day),
        },
      ])
      .execute();
    await f.db
      .insertInto('video_tickets')
      .values({
        id: `tkt_${randomBytes(6).toString('hex')}`,
        household_id: user.accountId,
        asset_id: ASSETS.purchase,
        product_id: 'achat',
        created_at: iso(START - day),
        end_date: null,
      })
      .execute();
    const res = await get(playbackPaths.availabilityKeys(TENANT), bearer(user.sessionToken));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailabilityKeys>();
    expect(published('AvailabilityKeys', body)).toEqual([]);
    expect(body).toEqual({
      availabilityKeys: ['abonnement', `${ASSETS.purchase}_achat`, 'gratuit', 'gratuit-pub', 'rattrapage'],
      currentAvailabilityKeys: [
        'abonnement',
        `${ASSETS.purchase}_achat`,
        'gratuit',
        'gratuit-pub',
        'rattrapage',
      ],
      futureAvailabilityKeys: [],
      expiryDate: iso(START + 30 * day),
      entitleExposure: false,
    });
    // The keys meet the publications' own: the purchased film's publication carries its ticket key.
    const asset = await get(
      `/v1/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/content/asset/${ASSETS.purchase}`,
    );
    const keys = (asset.json() as { publications: { availabilityKeys: string[] }[] }).publications[0]
      ?.availabilityKeys;
    expect(keys).toEqual(['achat', `${ASSETS.purchase}_achat`]);
    expect(keys?.some((k) => body.currentAvailabilityKeys.includes(k))).toBe(true);
  });

  test('availability keys are personal: 401 NO_SESSION_TOKEN without a session', async () => {
    const res = await get(playbackPaths.availabilityKeys(TENANT));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ httpCode: 401, message: 'NO_SESSION_TOKEN' });
  });

  test('store offerings per country: the paid products on offer there, in the published shape; a bad country is 400', async () => {
    const res = await get(playbackPaths.storeOfferings(TENANT, 'FR'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StoreProductOfferings>();
    expect(published('ApiStoreProductOfferings', body)).toEqual([]);
    expect(body.productOfferings.map((o) => [o.productOfferingId, o.productOfferingType])).toEqual([
      ['abonnement', 'subscription'],
      ['achat', 'purchase'],
      ['location', 'rental'],
    ]);
    expect(body.productOfferings[0]?.localizedMetadata).toEqual([{ locale: 'fr', name: 'Abonnement' }]);
    const bad = await get(playbackPaths.storeOfferings(TENANT, 'fr\u0000'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(expect.objectContaining({ httpCode: 400 }));
  });
});
