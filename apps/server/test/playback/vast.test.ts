import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { playbackPaths } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { AD_MP4, ASSETS, play, usePlayback, US_IP, type PlaybackFixture } from './helpers.js';

/** The VAST ad decision and its tracking. */
describe.each(engines)('protected media, licence, ads and eventsink (%s)', (engine) => {
  const { state, auth, get } = usePlayback(engine);
  let f: PlaybackFixture;
  beforeAll(() => {
    ({ f } = state());
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
      const trackPath = playbackPaths.adTracking(TENANT);
      const start = linear.trackingEvents.start?.[0] ?? '';
      expect(start).toBe(
        `http://tv.example.com${trackPath}?event=start&ad=ad-1&playSessionId=${encodeURIComponent(body.playSessionId)}&cb=[CACHEBUSTING]`,
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
      const beacons = await f.db
        .selectFrom('ad_beacons')
        .select(['event', 'ad_id'])
        .where('play_session_id', '=', body.playSessionId)
        .orderBy('received_at')
        .execute();
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
});
