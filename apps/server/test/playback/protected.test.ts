import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { accountPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBeaconTokens } from '../../src/modules/playback/beacon-token.js';
import { createPlayTokens } from '../../src/modules/playback/play-token.js';
import { engines, TENANT } from '../helpers/test-app.js';
import {
  AD_MP4,
  ASSETS,
  bearer,
  BRAND_FOLDER,
  KEY,
  KEY_ID,
  newHousehold,
  play,
  setUpPlayback,
  START,
  US_IP,
  type PlaybackFixture,
} from './helpers.js';

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const resolve = (base: string, relative: string) => new URL(relative, `http://x${base}`).pathname;

test('play tokens: sign/verify round trip; expired, tampered, another key or garbage → undefined', () => {
  const tokens = createPlayTokens('a'.repeat(48));
  const payload = { sid: 'ps_x', aid: 'a', exp: 2000, p: ['/media/a/'] };
  const token = tokens.sign(payload);
  expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  expect(tokens.verify(token, 1999)).toEqual(payload);
  expect(tokens.verify(token, 2000)).toBeUndefined();
  const [body, signature] = token.split('.') as [string, string];
  const forged = Buffer.from(JSON.stringify({ ...payload, p: ['/media/'] })).toString('base64url');
  expect(tokens.verify(`${forged}.${signature}`, 0)).toBeUndefined();
  expect(tokens.verify(`${body}.${signature.slice(0, -2)}AA`, 0)).toBeUndefined();
  expect(createPlayTokens('b'.repeat(48)).verify(token, 0)).toBeUndefined();
  for (const garbage of ['', '.', 'abc', `${body}.${signature}.x`, 'x'.repeat(5000)]) expect(tokens.verify(garbage, 0)).toBeUndefined();
});

test('beacon tokens: their own key (a play token is not one, nor the reverse), bound to a session, expiring', () => {
  const secret = 'a'.repeat(48);
  const beacons = createBeaconTokens(secret);
  const plays = createPlayTokens(secret);
  const beacon = beacons.sign({ sid: 'ps_x', exp: 2000 });
  expect(beacons.verify(beacon, 1999)).toEqual({ sid: 'ps_x', exp: 2000 });
  expect(beacons.verify(beacon, 2000)).toBeUndefined();
  expect(plays.verify(beacon, 0)).toBeUndefined();
  expect(beacons.verify(plays.sign({ sid: 'ps_x', aid: 'a', exp: 2000, p: [] }), 0)).toBeUndefined();
  expect(createBeaconTokens('b'.repeat(48)).verify(beacon, 0)).toBeUndefined();
});

describe.each(engines)('protected media, licence, ads and eventsink (%s)', (engine) => {
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
  const get = (url: string, headers: Record<string, string> = {}) => f.app.inject({ method: 'GET', url, headers });

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
      const widened = Buffer.from(JSON.stringify({ sid: body.playSessionId, aid: ASSETS.free, exp: Date.now() * 2, p: ['/media/'] })).toString('base64url');
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

  describe('ClearKey licence', () => {
    const license = (token: string | undefined, kids: string[], headers: Record<string, string> = {}) =>
      f.app.inject({
        method: 'POST',
        url: playbackPaths.clearKeyLicense(TENANT),
        headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ kids, type: 'temporary' }),
      });

    test('the key of the token’s own media, base64url without padding (also without a content type, as shaka posts it)', async () => {
      const body = await play(f.app, ASSETS.encrypted, auth());
      const response = await license(body.playToken, [b64url(KEY_ID)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ keys: [{ kty: 'oct', kid: b64url(KEY_ID), k: b64url(KEY) }], type: 'temporary' });
      expect(response.body).not.toContain('=');
      expect(Buffer.from(response.json<{ keys: { k: string }[] }>().keys[0]?.k ?? '', 'base64url').toString('hex')).toBe(KEY);

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
        expect((await license(own.playToken, [b64url(KEY_ID)])).json()).toMatchObject({ message: 'INVALID_PLAY_TOKEN' });
      } finally {
        f.clock.now = START;
      }
    });
  });

  describe('VAST ad decision and tracking', () => {
    test('one InLine pre-roll that vast-client parses; its beacons are recorded', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      const vastUrl = body.formats[0]?.vastUrl ?? '';
      const response = await get(vastUrl, { host: 'tv.example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const xml = new DOMParser().parseFromString(response.body, 'text/xml');
      expect(xml.documentElement?.getAttribute('version')).toBe('4.1');
      expect(xml.documentElement?.getAttribute('xmlns')).toBe('http://www.iab.com/VAST');

      const parsed = await new VASTParser().parseVAST(xml as unknown as Document);
      expect(parsed.version).toBe('4.1');
      expect(parsed.ads).toHaveLength(1);
      const ad = parsed.ads[0]!;
      expect(ad.system).toMatchObject({ value: 'Antenne' });
      expect(ad.title).toBe('Café du Port');
      const linear = ad.creatives.find((c: { type: string }) => c.type === 'linear') as unknown as {
        duration: number;
        mediaFiles: { fileURL: string; mimeType: string; codec: string | null; deliveryType: string; width: number; height: number }[];
        trackingEvents: Record<string, string[]>;
        videoClickThroughURLTemplate: { url: string };
        videoClickTrackingURLTemplates: { url: string }[];
      };
      expect(linear.duration).toBe(8);
      expect(linear.mediaFiles[0]).toMatchObject({
        fileURL: `http://tv.example.com${AD_MP4}`,
        mimeType: 'video/mp4',
        // The creative's codecs (VAST 4.1 MediaFile@codec): the player gives them to the media stack.
        codec: 'avc1.4d401f,mp4a.40.2',
        deliveryType: 'progressive',
        width: 1280,
        height: 720,
      });
      expect(linear.videoClickThroughURLTemplate.url).toBe('https://example.com/cafe?a=1&b=2');
      expect(Object.keys(linear.trackingEvents).sort()).toEqual(
        ['complete', 'creativeView', 'firstQuartile', 'midpoint', 'mute', 'pause', 'resume', 'start', 'thirdQuartile', 'unmute'],
      );
      const trackPath = playbackPaths.adTracking(TENANT);
      const start = linear.trackingEvents.start?.[0] ?? '';
      expect(start).toBe(`http://tv.example.com${trackPath}?event=start&ad=ad-1&playSessionId=${encodeURIComponent(body.playSessionId)}&cb=[CACHEBUSTING]`);

      // The player fires them with [CACHEBUSTING] replaced.
      const pixels = [ad.impressionURLTemplates[0]?.url ?? '', start, linear.trackingEvents.complete?.[0] ?? '', linear.videoClickTrackingURLTemplates[0]?.url ?? ''];
      for (const pixel of pixels) {
        const url = new URL(pixel.replace('[CACHEBUSTING]', '12345678'));
        const beacon = await get(url.pathname + url.search);
        expect(beacon.statusCode, pixel).toBe(204);
      }
      const beacons = await f.db.selectFrom('ad_beacons').select(['event', 'ad_id']).where('play_session_id', '=', body.playSessionId).orderBy('received_at').execute();
      expect(beacons.map((b) => b.event).sort()).toEqual(['click', 'complete', 'impression', 'start']);
      expect(new Set(beacons.map((b) => b.ad_id))).toEqual(new Set(['ad-1']));

      const unknownEvent = await get(`${trackPath}?event=rewind&ad=ad-1&playSessionId=${body.playSessionId}`);
      expect(unknownEvent.statusCode).toBe(400);
      expect(unknownEvent.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
    });

    test('an empty VAST for an unknown play session, a US visitor, or when no ad is registered', async () => {
      const empty = (body: string) => {
        const xml = new DOMParser().parseFromString(body, 'text/xml');
        expect(xml.documentElement?.getAttribute('version')).toBe('4.1');
        expect(xml.getElementsByTagName('Ad').length).toBe(0);
      };
      const vast = playbackPaths.vast(TENANT);
      empty((await get(`${vast}?playSessionId=ps_unknown`)).body);
      empty((await get(vast)).body);
      const body = await play(f.app, ASSETS.ads, auth());
      empty((await get(body.formats[0]?.vastUrl ?? '', { 'x-forwarded-for': US_IP })).body);
      const ads = [...f.app.playbackMedia.ads];
      f.app.playbackMedia.setAds([]);
      try {
        empty((await get(body.formats[0]?.vastUrl ?? '')).body);
      } finally {
        f.app.playbackMedia.setAds(ads);
      }
    });
  });

  describe('eventsink', () => {
    const send = (batch: Record<string, unknown>, headers: Record<string, string> = {}, contentType = 'application/json') =>
      f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkSend(TENANT),
        headers: { 'content-type': contentType, ...headers },
        payload: JSON.stringify(batch),
      });
    const batchOf = (sessionId: string, events: Record<string, unknown>[]) => ({
      DispatchTime: START,
      Customer: TENANT.customer,
      BusinessUnit: TENANT.businessUnit,
      SessionId: sessionId,
      Payload: events,
    });
    const offsets = async (sessionToken: string) => {
      const response = await f.app.inject({ url: accountPaths.lastViewedOffset(TENANT), headers: bearer(sessionToken) });
      return response.json<{ items: { assetId: string; lastViewedOffset: number }[] }>().items;
    };

    test('init answers the configuration', async () => {
      const response = await f.app.inject({ method: 'POST', url: playbackPaths.eventsinkInit(TENANT), payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        secondsUntilNextReport: 3,
        includeApplicationMetrics: false,
        includeNetworkMetrics: false,
        includeGpsMetrics: false,
        includeDeviceMetrics: false,
        timestampNow: START,
      });
    });

    test('events are stored; the newest playhead becomes this profile’s bookmark, and the next play resumes there', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const response = await send(
        batchOf(body.playSessionId, [
          { EventType: 'Playback.Created', Timestamp: START, AssetId: ASSETS.free, SequenceNumber: 0 },
          { EventType: 'Playback.Started', Timestamp: START + 1000, OffsetTime: 0, SequenceNumber: 1 },
          { EventType: 'Playback.AdStarted', Timestamp: START + 1500, OffsetTime: 99_000, SequenceNumber: 2 },
          { EventType: 'Playback.Heartbeat', Timestamp: START + 20_000, OffsetTime: 19_000, SequenceNumber: 4 },
          { EventType: 'Playback.Paused', Timestamp: START + 10_000, OffsetTime: 9000, SequenceNumber: 3 },
        ]),
        auth(),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ secondsUntilNextReport: 3 });
      const stored = await f.db.selectFrom('playback_events').selectAll().where('play_session_id', '=', body.playSessionId).execute();
      expect(stored).toHaveLength(5);
      expect(stored.find((e) => e.event_type === 'Playback.Heartbeat')).toMatchObject({
        household_id: user.accountId,
        profile_id: user.userId,
        asset_id: ASSETS.free,
      });
      expect(await offsets(user.sessionToken)).toEqual([expect.objectContaining({ assetId: ASSETS.free, lastViewedOffset: 19_000 })]);
      expect((await play(f.app, ASSETS.free, auth())).bookmarks.lastViewedOffset).toBe(19_000);

      // Another household sees nothing of it, and cannot post to this play session.
      const stranger = await newHousehold(f.app);
      expect(await offsets(stranger.sessionToken)).toEqual([]);
      const foreign = await send(batchOf(body.playSessionId, [{ EventType: 'Playback.Heartbeat', Timestamp: START + 30_000, OffsetTime: 1 }]), bearer(stranger.sessionToken));
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ httpCode: 403 });
      expect(await offsets(user.sessionToken)).toEqual([expect.objectContaining({ lastViewedOffset: 19_000 })]);
    });

    test('sendBeacon style: text/plain without Authorization, with the play response’s beaconToken in the body, records the bookmark', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      expect(body.beaconToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      const response = await send(
        { ...batchOf(body.playSessionId, [{ EventType: 'Playback.Aborted', Timestamp: START + 5000, OffsetTime: 42_000 }]), BeaconToken: body.beaconToken },
        {},
        'text/plain;charset=UTF-8',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await offsets(user.sessionToken)).toEqual(expect.arrayContaining([expect.objectContaining({ assetId: ASSETS.ads, lastViewedOffset: 42_000 })]));
    });

    test('another household’s SessionId without its beacon token writes nothing: no credential 401; a forged, expired, play or other session’s token 403', async () => {
      const victim = await newHousehold(f.app);
      const attacker = await newHousehold(f.app);
      const target = await play(f.app, ASSETS.free, bearer(victim.sessionToken));
      const recorded = await send(batchOf(target.playSessionId, [{ EventType: 'Playback.Heartbeat', Timestamp: START + 1000, OffsetTime: 30_000 }]), bearer(victim.sessionToken));
      expect(recorded.statusCode, recorded.body).toBe(200);
      const own = await play(f.app, ASSETS.free, bearer(attacker.sessionToken));
      const overwrite = [{ EventType: 'Playback.Heartbeat', Timestamp: START + 60_000, OffsetTime: 1000 }];
      const [body, signature] = target.beaconToken.split('.') as [string, string];
      const forgedBody = Buffer.from(JSON.stringify({ sid: target.playSessionId, exp: target.playTokenExpiration + 86_400_000 })).toString('base64url');
      const attempts: [string, Record<string, unknown>, number, string][] = [
        ['the bare SessionId (sendBeacon style)', {}, 401, 'NO_SESSION_TOKEN'],
        ['an empty BeaconToken', { BeaconToken: '' }, 401, 'NO_SESSION_TOKEN'],
        ['the attacker’s own beacon token', { BeaconToken: own.beaconToken }, 403, 'FORBIDDEN'],
        ['a forged payload under the real signature', { BeaconToken: `${forgedBody}.${signature}` }, 403, 'FORBIDDEN'],
        ['a tampered signature', { BeaconToken: `${body}.${signature.slice(0, -2)}AA` }, 403, 'FORBIDDEN'],
        ['an expired token of that session', { BeaconToken: f.beaconTokens.sign({ sid: target.playSessionId, exp: START - 1 }) }, 403, 'FORBIDDEN'],
        ['that session’s play token', { BeaconToken: target.playToken }, 403, 'FORBIDDEN'],
        ['garbage', { BeaconToken: 'x'.repeat(3000) }, 400, 'BAD_REQUEST'],
      ];
      for (const [what, extra, status, code] of attempts) {
        const response = await send({ ...batchOf(target.playSessionId, overwrite), ...extra }, {}, 'text/plain');
        expect(response.statusCode, what).toBe(status);
        expect(response.json(), what).toMatchObject({ httpCode: status, message: code });
        // The attacker's own bearer session does not help either.
        const withBearer = await send({ ...batchOf(target.playSessionId, overwrite), ...extra }, bearer(attacker.sessionToken));
        expect(withBearer.statusCode, `${what}, with the attacker's bearer`).toBe(status === 401 ? 403 : status);
      }
      expect(await offsets(victim.sessionToken)).toEqual([expect.objectContaining({ assetId: ASSETS.free, lastViewedOffset: 30_000 })]);
      const stored = await f.db.selectFrom('playback_events').select('offset_ms').where('play_session_id', '=', target.playSessionId).execute();
      expect(stored.map((row) => Number(row.offset_ms))).toEqual([30_000]);
    });

    test('Completed stores the whole duration, so continue watching drops the title', async () => {
      const body = await play(f.app, ASSETS.catchup, auth());
      await send(batchOf(body.playSessionId, [{ EventType: 'Playback.Heartbeat', Timestamp: START + 1, OffsetTime: 60_000 }]), auth());
      const cw = async () =>
        (await f.app.inject({ url: accountPaths.continueWatching(TENANT), headers: auth() })).json<{ items: { assetId: string }[] }>().items.map((i) => i.assetId);
      expect(await cw()).toContain(ASSETS.catchup);
      await send(batchOf(body.playSessionId, [{ EventType: 'Playback.Completed', Timestamp: START + 2, OffsetTime: 599_000 }]), auth());
      expect(await offsets(user.sessionToken)).toEqual(expect.arrayContaining([expect.objectContaining({ assetId: ASSETS.catchup, lastViewedOffset: 600_000 })]));
      expect(await cw()).not.toContain(ASSETS.catchup);
    });

    test('an anonymous trailer play stores its events but no bookmark', async () => {
      const body = await play(f.app, ASSETS.trailer);
      const response = await send(
        { ...batchOf(body.playSessionId, [{ EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 5000 }]), BeaconToken: body.beaconToken },
        {},
        'text/plain',
      );
      expect(response.statusCode).toBe(200);
      const rows = await f.db.selectFrom('playback_events').select(['profile_id']).where('play_session_id', '=', body.playSessionId).execute();
      expect(rows).toEqual([{ profile_id: null }]);
      expect(await f.db.selectFrom('play_history').selectAll().where('asset_id', '=', ASSETS.trailer).execute()).toEqual([]);
    });

    test('refusals: another tenant 400, unknown play session 404, over play session 403, too many events 400, bad JSON 400', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const event = { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 1000 };
      const tenant = await send({ ...batchOf(body.playSessionId, [event]), BusinessUnit: 'autre' }, auth());
      expect(tenant.statusCode).toBe(400);
      expect(tenant.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
      const unknown = await send(batchOf('ps_nope', [event]), auth());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_PLAY_SESSION' });
      const tooMany = await send(batchOf(body.playSessionId, Array.from({ length: 501 }, () => event)), auth());
      expect(tooMany.statusCode).toBe(400);
      const notJson = await f.app.inject({ method: 'POST', url: playbackPaths.eventsinkSend(TENANT), headers: { 'content-type': 'text/plain' }, payload: '{nope' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ httpCode: 400, message: 'INVALID_JSON' });
      f.clock.now = body.playTokenExpiration + 1;
      try {
        const over = await send(batchOf(body.playSessionId, [event]), auth());
        expect(over.statusCode).toBe(403);
        const overBeacon = await send({ ...batchOf(body.playSessionId, [event]), BeaconToken: body.beaconToken });
        expect(overBeacon.statusCode).toBe(403);
      } finally {
        f.clock.now = START;
      }
      const stored = await f.db.selectFrom('playback_events').select('id').where('play_session_id', '=', body.playSessionId).execute();
      expect(stored).toEqual([]);
    });
  });
});

