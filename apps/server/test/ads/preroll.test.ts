import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { playbackPaths } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { PrerollService } from '../../src/modules/ads/index.js';
import { EMPTY_VAST } from '../../src/modules/ads/preroll/vast.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { AD_MP4, ASSETS, play, usePlayback, US_IP, type PlaybackFixture } from '../playback/helpers.js';

/** The pre-roll: the VAST ad decision of a play session and its tracking, under advertising consent (docs/consent.md). */

const ACCEPTED = 'v1;analytics=0;advertising=1;at=1795000000';
const REFUSED = 'v1;analytics=1;advertising=0;at=1795000000';
const cookieOf = (categories: string[]) =>
  `other=1; antenne_consent=${encodeURIComponent(JSON.stringify({ categories: ['necessary', ...categories] }))}`;
const withConsent = (url: string, consent = ACCEPTED) => `${url}&consent=${encodeURIComponent(consent)}`;

/** The empty VAST: the root element only (the IAB's "No Ad Response"). */
const expectEmpty = (body: string) => {
  const xml = new DOMParser().parseFromString(body, 'text/xml');
  expect(xml.documentElement?.getAttribute('version')).toBe('4.1');
  expect(xml.getElementsByTagName('Ad').length).toBe(0);
};

describe.each(engines)('the pre-roll (%s)', (engine) => {
  const { state, auth, get } = usePlayback(engine);
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
  });
  const beaconsOf = (playSessionId: string) =>
    f.db
      .selectFrom('ad_beacons')
      .select(['event', 'ad_id'])
      .where('play_session_id', '=', playSessionId)
      .orderBy('received_at')
      .execute();
  const trackPath = playbackPaths.adTracking(TENANT);

  describe('VAST ad decision and tracking', () => {
    test('one InLine pre-roll that vast-client parses; its beacons are recorded', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      // As the web player asks (apps/web features/player/ad.ts): the consent string in the query.
      const vastUrl = withConsent(body.formats[0]?.vastUrl ?? '');
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
        mediaFiles: {
          fileURL: string;
          mimeType: string;
          codec: string | null;
          deliveryType: string;
          width: number;
          height: number;
        }[];
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
      expect(Object.keys(linear.trackingEvents).sort()).toEqual([
        'complete',
        'creativeView',
        'firstQuartile',
        'midpoint',
        'mute',
        'pause',
        'resume',
        'start',
        'thirdQuartile',
        'unmute',
      ]);
      const start = linear.trackingEvents.start?.[0] ?? '';
      // Each pixel carries the consent string back: it is recorded under the consent the decision had.
      expect(start).toBe(
        `http://tv.example.com${trackPath}?event=start&ad=ad-1&playSessionId=${encodeURIComponent(body.playSessionId)}&consent=${encodeURIComponent(ACCEPTED)}&cb=[CACHEBUSTING]`,
      );

      // The player fires them with [CACHEBUSTING] replaced.
      const pixels = [
        ad.impressionURLTemplates[0]?.url ?? '',
        start,
        linear.trackingEvents.complete?.[0] ?? '',
        linear.videoClickTrackingURLTemplates[0]?.url ?? '',
      ];
      for (const pixel of pixels) {
        const url = new URL(pixel.replace('[CACHEBUSTING]', '12345678'));
        const beacon = await get(url.pathname + url.search);
        expect(beacon.statusCode, pixel).toBe(204);
      }
      const beacons = await beaconsOf(body.playSessionId);
      expect(beacons.map((b) => b.event).sort()).toEqual(['click', 'complete', 'impression', 'start']);
      expect(new Set(beacons.map((b) => b.ad_id))).toEqual(new Set(['ad-1']));

      const unknownEvent = await get(
        withConsent(`${trackPath}?event=rewind&ad=ad-1&playSessionId=${body.playSessionId}`),
      );
      expect(unknownEvent.statusCode).toBe(400);
      expect(unknownEvent.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
    });

    test('an empty VAST for an unknown play session, a US visitor, or when no ad is registered', async () => {
      const vast = playbackPaths.vast(TENANT);
      expectEmpty((await get(withConsent(`${vast}?playSessionId=ps_unknown`))).body);
      expectEmpty((await get(`${vast}?consent=${encodeURIComponent(ACCEPTED)}`)).body);
      const body = await play(f.app, ASSETS.ads, auth());
      const vastUrl = withConsent(body.formats[0]?.vastUrl ?? '');
      expectEmpty((await get(vastUrl, { 'x-forwarded-for': US_IP })).body);
      const ads = [...f.app.playbackMedia.ads];
      f.app.playbackMedia.setAds([]);
      try {
        expectEmpty((await get(vastUrl)).body);
      } finally {
        f.app.playbackMedia.setAds(ads);
      }
    });
  });

  describe('advertising consent, checked on the server as for the display slots', () => {
    test('the OpenAPI document lists both calls with the ads tag, each declaring `consent`', async () => {
      const doc = (await f.app.inject('/api/docs/openapi.json')).json<{
        paths: Record<
          string,
          Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>
        >;
      }>();
      for (const p of ['ads/vast', 'ads/track']) {
        const op = doc.paths[`/v2/customer/{customer}/businessunit/{businessUnit}/${p}`]?.get;
        expect(op?.tags, p).toEqual(['ads']);
        expect(
          op?.parameters?.filter((q) => q.in === 'query').map((q) => q.name),
          p,
        ).toContain('consent');
      }
    });
    test('no consent: an empty VAST — none given, refused in the string, refused in the cookie (which wins), or not a consent string', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      const vastUrl = body.formats[0]?.vastUrl ?? '';
      expectEmpty((await get(vastUrl)).body);
      expectEmpty((await get(withConsent(vastUrl, REFUSED))).body);
      expectEmpty((await get(withConsent(vastUrl), { cookie: cookieOf(['analytics']) })).body);
      expectEmpty((await get(withConsent(vastUrl, 'advertising'))).body);
      expectEmpty((await get(vastUrl, { cookie: cookieOf([]) })).body);
      expect(await beaconsOf(body.playSessionId)).toEqual([]);
    });

    test('a consent string longer than a consent string can be → 400 naming it', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      const response = await get(withConsent(body.formats[0]?.vastUrl ?? '', `v1;${'x'.repeat(200)}`));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
      expect(response.json<{ extendedMessage: string }>().extendedMessage).toMatch(/^querystring\/consent /);
    });

    test('consent in the cookie alone is enough: an ad whose pixels are recorded with that cookie', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      const cookie = cookieOf(['advertising']);
      const response = await get(body.formats[0]?.vastUrl ?? '', { cookie });
      const parsed = await new VASTParser().parseVAST(
        new DOMParser().parseFromString(response.body, 'text/xml') as unknown as Document,
      );
      expect(parsed.ads).toHaveLength(1);
      const impression = parsed.ads[0]?.impressionURLTemplates[0]?.url ?? '';
      expect(impression).not.toContain('consent=');
      const url = new URL(impression.replace('[CACHEBUSTING]', '1'));
      expect((await get(url.pathname + url.search, { cookie })).statusCode).toBe(204);
      expect((await get(url.pathname + url.search)).statusCode).toBe(403);
      expect((await beaconsOf(body.playSessionId)).map((b) => b.event)).toEqual(['impression']);
    });

    test('a pixel without advertising consent is refused (403) and not recorded', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      const pixel = `${trackPath}?event=start&ad=ad-1&playSessionId=${encodeURIComponent(body.playSessionId)}&cb=1`;
      for (const [url, headers] of [
        [pixel, {}],
        [withConsent(pixel, REFUSED), {}],
        [withConsent(pixel, 'advertising=1'), {}],
        [withConsent(pixel), { cookie: cookieOf(['analytics']) }],
        [pixel, { cookie: cookieOf([]) }],
      ] as const) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({
          httpCode: 403,
          message: 'FORBIDDEN',
          extendedMessage: 'no advertising consent',
        });
      }
      expect(await beaconsOf(body.playSessionId)).toEqual([]);
      // The same pixel with consent is recorded.
      expect((await get(withConsent(pixel))).statusCode).toBe(204);
      expect((await beaconsOf(body.playSessionId)).map((b) => b.event)).toEqual(['start']);
    });
  });
});

describe('PrerollService', () => {
  const viewer = { country: 'FR', address: '90.0.0.1', cookies: undefined, origin: 'http://x' };
  const unused = { playSession: () => Promise.reject(new Error('not read')) };
  const service = () =>
    new PrerollService({
      db: undefined as never,
      tenant: TENANT,
      registry: { ads: [] },
      playSessions: unused,
      clock: () => 1_000,
    });

  test('no ad registered, or no consent: the empty VAST, without reading the play session', async () => {
    await expect(service().vast({ consent: ACCEPTED }, viewer)).resolves.toBe(EMPTY_VAST);
    await expect(service().vast({ playSessionId: 'ps_1' }, viewer)).resolves.toBe(EMPTY_VAST);
  });

  test('no consent → 403; an unknown event or ad → 400; before anything is read or written', async () => {
    await expect(service().track({ event: 'start', ad: 'ad-1' }, viewer)).rejects.toMatchObject({
      httpCode: 403,
    });
    await expect(
      service().track({ event: 'nope', ad: 'ad-1', consent: ACCEPTED }, viewer),
    ).rejects.toMatchObject({
      httpCode: 400,
    });
    await expect(
      service().track({ event: 'start', ad: 'ad-1', consent: ACCEPTED }, viewer),
    ).rejects.toMatchObject({
      httpCode: 400,
    });
  });
});
