import {
  accountPaths,
  activationPaths,
  appSessionPaths,
  playbackPaths,
  TV_PROVIDER_MEDIA_TOKEN_HEADER,
  TV_PROVIDER_REQUIRED,
  type LoginResponse,
  type PlayResponse,
  type UserProfiles,
} from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { bearer } from '../accounts/helpers.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { CH, PROG, playRequest as livePlay, useLivePlay } from '../live/live-play-helpers.js';
import {
  ASSETS,
  FR_IP,
  newHousehold,
  playRequest,
  usePlayback,
  US_IP,
  type PlaybackFixture,
} from '../playback/helpers.js';
import { distributorKey, forgerKey, mint, providerLogin } from './helpers.js';

const US = { 'x-forwarded-for': US_IP };
const providerRequired = {
  httpCode: 403,
  message: 'NOT_ENTITLED',
  extendedMessage: TV_PROVIDER_REQUIRED,
  actions: [{ type: 'LOGIN' }],
};

/**
 * The US rules on the server (issue 19): from the US (the address a trusted proxy reports), every
 * play needs a pay-TV provider — a provider-bound session or a media token — and has no ads.
 */
describe.each(engines)('US plays (%s)', (engine) => {
  const { state, auth } = usePlayback(engine);
  let f: PlaybackFixture;
  let provider: { sessionToken: string };
  beforeAll(async () => {
    ({ f } = state());
    provider = await providerLogin(
      f.app,
      await mint(await distributorKey(f.app, f.db, f.testDb.options.dataDir), f.clock.now),
    );
  });

  test('an email session, a visitor and an anonymous session from the US: 403 NOT_ENTITLED TV_PROVIDER_REQUIRED with LOGIN (play and entitle)', async () => {
    const refusals = [
      await playRequest(f.app, ASSETS.free, { ...auth(), ...US }),
      await playRequest(f.app, ASSETS.free, US),
      await playRequest(f.app, ASSETS.trailer, US),
      await f.app.inject({ url: playbackPaths.entitle(TENANT, ASSETS.free), headers: { ...auth(), ...US } }),
    ];
    const anonymous = await f.app.inject({
      method: 'POST',
      url: appSessionPaths.anonymous(TENANT),
      payload: { deviceId: 'anon-1', device: { type: 'WEB', deviceModelId: 'web' } },
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    refusals.push(
      await playRequest(f.app, ASSETS.free, {
        ...bearer(anonymous.json<{ sessionToken: string }>().sessionToken),
        ...US,
      }),
    );
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(providerRequired);
    }
  });

  test('GEO_BLOCKED and NOT_PUBLISHED come first: the title does not play there anyway', async () => {
    const geo = await playRequest(f.app, ASSETS.franceOnly, { ...auth(), ...US });
    expect(geo.json()).toMatchObject({ httpCode: 403, message: 'GEO_BLOCKED' });
    const future = await playRequest(f.app, ASSETS.future, US);
    expect(future.json()).toMatchObject({ httpCode: 403, message: 'NOT_PUBLISHED' });
  });

  test('a provider-bound session plays from the US, with no pre-roll (an AVOD title too)', async () => {
    for (const assetId of [ASSETS.free, ASSETS.ads]) {
      const res = await playRequest(f.app, assetId, { ...bearer(provider.sessionToken), ...US });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<PlayResponse>();
      expect(body.formats.every((format) => format.vastUrl === undefined)).toBe(true);
      if (assetId === ASSETS.ads) expect(body.entitlementType).toBe('AVOD');
    }
    // The network's US service (TV_PROVIDER_PRODUCTS) opens its subscription titles, until the session ends.
    const subscription = await playRequest(f.app, ASSETS.subscription, {
      ...bearer(provider.sessionToken),
      ...US,
    });
    expect(subscription.statusCode, subscription.body).toBe(200);
    expect(subscription.json<PlayResponse>().entitlementType).toBe('SVOD');
    expect(
      (await playRequest(f.app, ASSETS.rental, { ...bearer(provider.sessionToken), ...US })).json(),
    ).toMatchObject({ httpCode: 403, message: 'NOT_ENTITLED' });
    // The same title from France has its pre-roll: the US is what turns it off.
    const fr = await playRequest(f.app, ASSETS.ads, {
      ...bearer(provider.sessionToken),
      'x-forwarded-for': FR_IP,
    });
    expect(fr.json<PlayResponse>().formats.some((format) => format.vastUrl !== undefined)).toBe(true);
  });

  test("a profile chosen in a subscriber's household is provider-bound too, and keeps the US service", async () => {
    const login = await providerLogin(
      f.app,
      await mint(await distributorKey(f.app, f.db, f.testDb.options.dataDir), f.clock.now, {
        sub: 'subscriber-profiles',
      }),
    );
    const created = await f.app.inject({
      method: 'POST',
      url: accountPaths.profiles(TENANT),
      headers: bearer(login.sessionToken),
      payload: { displayName: 'Second' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const second = created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Second');
    const selected = await f.app.inject({
      url: accountPaths.selectProfile(TENANT, second?.userId ?? ''),
      headers: bearer(login.sessionToken),
    });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json<LoginResponse>().tvProvider).toBe('antenne-test');
    const token = selected.json<LoginResponse>().sessionToken;
    const res = await playRequest(f.app, ASSETS.subscription, { ...bearer(token), ...US });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlayResponse>().entitlementType).toBe('SVOD');
  });

  test("a big screen activated by a subscriber's household plays from the US as the household does", async () => {
    const login = await providerLogin(
      f.app,
      await mint(await distributorKey(f.app, f.db, f.testDb.options.dataDir), f.clock.now, {
        sub: 'subscriber-tv',
      }),
    );
    const code = (await f.app.inject({ url: activationPaths.activationCode(TENANT) })).json<{
      code: string;
    }>().code;
    const confirmed = await f.app.inject({
      method: 'PUT',
      url: activationPaths.confirm(TENANT, code),
      headers: bearer(login.sessionToken),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const device = await f.app.inject({
      method: 'POST',
      url: activationPaths.consume(TENANT),
      payload: { activationCode: code, device: { deviceId: 'tv-1', name: 'Salon', type: 'SMART_TV' } },
    });
    expect(device.statusCode, device.body).toBe(200);
    expect(device.json<LoginResponse>().tvProvider).toBe('antenne-test');
    const res = await playRequest(f.app, ASSETS.subscription, {
      ...bearer(device.json<LoginResponse>().sessionToken),
      ...US,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('an email session with a valid X-Adobe-Primetime-MediaToken plays from the US; a forged or expired one → 401', async () => {
    const signer = await distributorKey(f.app, f.db, f.testDb.options.dataDir);
    const ok = await playRequest(f.app, ASSETS.free, {
      ...auth(),
      ...US,
      [TV_PROVIDER_MEDIA_TOKEN_HEADER]: await mint(signer, f.clock.now),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const forged = await playRequest(f.app, ASSETS.free, {
      ...auth(),
      ...US,
      [TV_PROVIDER_MEDIA_TOKEN_HEADER]: await mint(await forgerKey(signer.kid), f.clock.now),
    });
    expect(forged.json()).toMatchObject({ httpCode: 401, message: 'INVALID_MEDIA_TOKEN' });
    const expired = await playRequest(f.app, ASSETS.free, {
      ...auth(),
      ...US,
      [TV_PROVIDER_MEDIA_TOKEN_HEADER]: await mint(signer, f.clock.now - 10 * 60_000),
    });
    expect(expired.json()).toMatchObject({ httpCode: 401, message: 'MEDIA_TOKEN_EXPIRED' });
  });

  test('a media token plays once: entitle only checks it, a refused play spends nothing, the granted play spends it', async () => {
    const signer = await distributorKey(f.app, f.db, f.testDb.options.dataDir);
    const headers = { ...auth(), ...US, [TV_PROVIDER_MEDIA_TOKEN_HEADER]: await mint(signer, f.clock.now) };
    const entitled = await f.app.inject({ url: playbackPaths.entitle(TENANT, ASSETS.free), headers });
    expect(entitled.statusCode, entitled.body).toBe(200);
    const geo = await playRequest(f.app, ASSETS.franceOnly, headers);
    expect(geo.json()).toMatchObject({ httpCode: 403, message: 'GEO_BLOCKED' });
    const played = await playRequest(f.app, ASSETS.free, headers);
    expect(played.statusCode, played.body).toBe(200);
    for (const again of [
      await playRequest(f.app, ASSETS.free, headers),
      await f.app.inject({ url: playbackPaths.entitle(TENANT, ASSETS.free), headers }),
    ]) {
      expect(again.statusCode, again.body).toBe(401);
      expect(again.json()).toMatchObject({ httpCode: 401, message: 'INVALID_MEDIA_TOKEN' });
      expect(again.json<{ extendedMessage: string }>().extendedMessage).toContain('used already');
    }
    // A token that signed in plays no more either.
    const loginToken = await mint(signer, f.clock.now);
    await providerLogin(f.app, loginToken);
    const replayed = await playRequest(f.app, ASSETS.free, {
      ...auth(),
      ...US,
      [TV_PROVIDER_MEDIA_TOKEN_HEADER]: loginToken,
    });
    expect(replayed.json()).toMatchObject({ httpCode: 401, message: 'INVALID_MEDIA_TOKEN' });
  });

  test("an untrusted peer's X-Forwarded-For US address does not make it US; a French caller is unchanged", async () => {
    const untrusted = await f.app.inject({
      url: playbackPaths.play(TENANT, ASSETS.free),
      headers: { ...auth(), ...US },
      remoteAddress: '90.0.0.2',
    });
    expect(untrusted.statusCode, untrusted.body).toBe(200);
    const fr = await playRequest(f.app, ASSETS.free, { ...auth(), 'x-forwarded-for': FR_IP });
    expect(fr.statusCode).toBe(200);
    const visitor = await playRequest(f.app, ASSETS.free, { 'x-forwarded-for': FR_IP });
    expect(visitor.json()).toMatchObject({ httpCode: 401, message: 'NO_SESSION_TOKEN' });
    const other = await newHousehold(f.app);
    const trailer = await playRequest(f.app, ASSETS.trailer, {
      ...bearer(other.sessionToken),
      'x-forwarded-for': FR_IP,
    });
    expect(trailer.statusCode).toBe(200);
  });
});

describe.each(engines)('US live plays (%s)', (engine) => {
  const { state, auth } = useLivePlay(engine);

  test('a channel or a programme from the US without a provider → TV_PROVIDER_REQUIRED; geo first; a provider session reaches the rights check', async () => {
    const { app, clock, db, dataDir } = state();
    for (const id of [CH.inPackage, PROG.onAir]) {
      const res = await livePlay(app, id, { ...auth(), ...US });
      expect(res.json(), id).toEqual(providerRequired);
    }
    expect((await livePlay(app, CH.inPackage, US)).json()).toEqual(providerRequired);
    expect((await livePlay(app, CH.franceOnly, { ...auth(), ...US })).json()).toMatchObject({
      message: 'GEO_BLOCKED',
    });
    const provider = await providerLogin(app, await mint(await distributorKey(app, db, dataDir), clock.now));
    // The distributor's subscriber holds the network's US service (TV_PROVIDER_PRODUCTS: abonnement):
    // its channel plays; a channel of another package answers its own rights.
    const inService = await livePlay(app, CH.inPackage, { ...bearer(provider.sessionToken), ...US });
    expect(inService.statusCode, inService.body).toBe(200);
    expect(inService.json<PlayResponse>().entitlementType).toBe('SVOD');
    const rights = await livePlay(app, CH.outside, { ...bearer(provider.sessionToken), ...US });
    expect(rights.json()).toMatchObject({ httpCode: 403, message: 'NOT_ENTITLED' });
    expect(rights.json().extendedMessage).not.toBe(TV_PROVIDER_REQUIRED);
  });
});
