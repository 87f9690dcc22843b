import { AD_SLOT_SIZES, AD_SIZE_CLASSES, displayAdPaths, type DisplayAdDecision } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { DisplayAdsService } from '../../src/modules/ads/index.js';
import { renderCreativeSvg } from '../../src/modules/ads/creative-image.js';
import { HOUSE_CREATIVES, type HouseCreative } from '../../src/modules/ads/house-creatives.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ACCEPTED = 'v1;analytics=0;advertising=1;at=1795000000';
const REFUSED = 'v1;analytics=1;advertising=0;at=1795000000';
const FR_IP = '90.0.0.1';
/** A click on the house creative of a home top slot, with consent. */
const CLICK = {
  event: 'click',
  adId: 'promo-direct',
  slot: 'top',
  size: 'small',
  page: 'home',
  consent: ACCEPTED,
} as const;
const US_IP = '8.8.8.8';
const cookieOf = (categories: string[]) =>
  `other=1; antenne_consent=${encodeURIComponent(JSON.stringify({ categories: ['necessary', ...categories] }))}`;

const decisionUrl = (params: Record<string, string>) =>
  `${displayAdPaths.decision(TENANT)}?${new URLSearchParams(params).toString()}`;
const trackUrl = (params: Record<string, string>) =>
  `${displayAdPaths.track(TENANT)}?${new URLSearchParams(params).toString()}`;

describe.each(engines)('display ads (%s)', (engine) => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    app = await buildTestApp(db, { clock: () => NOW });
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  const decide = async (
    params: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = FR_IP,
  ) => {
    const response = await app.inject({ url: decisionUrl(params), headers, remoteAddress });
    expect(response.statusCode).toBe(200);
    return (response.json() as DisplayAdDecision).ad;
  };
  // As the web app asks (its GETs carry client=json).
  const base = { slot: 'top', size: 'large', page: 'home', consent: ACCEPTED, client: 'json' };

  describe('GET …/ads/display', () => {
    test.each(
      (['top', 'middle'] as const).flatMap((slot) => AD_SIZE_CLASSES.map((size) => [slot, size] as const)),
    )('a %s slot of class %s gets the spec size', async (slot, size) => {
      const ad = await decide({ ...base, slot, size });
      const [width, height] = AD_SLOT_SIZES[slot][size];
      expect(ad).toMatchObject({ slot, size, width, height });
      expect(ad?.imageUrl).toBe(`${displayAdPaths.creative(TENANT, ad?.adId ?? '', width, height)}?lang=fr`);
    });

    test('the table of spec part 2 §9: top 320×50 / 970×250 / 1000×250, middle 300×250 / 300×600', () => {
      expect(AD_SLOT_SIZES.top).toEqual({
        small: [320, 50],
        medium: [320, 50],
        large: [970, 250],
        xlarge: [1000, 250],
      });
      expect(AD_SLOT_SIZES.middle).toEqual({
        small: [300, 250],
        medium: [300, 250],
        large: [300, 600],
        xlarge: [300, 600],
      });
    });

    test('no ad without advertising consent: none given, refused in the string, or refused in the cookie', async () => {
      const { consent: _, ...noConsent } = base;
      expect(await decide(noConsent)).toBeNull();
      expect(await decide({ ...base, consent: REFUSED })).toBeNull();
      expect(await decide({ ...base, consent: 'advertising=1' })).toBeNull();
      expect(await decide(noConsent, { cookie: cookieOf(['analytics']) })).toBeNull();
      // The cookie alone grants it; a cookie refusing it wins over a string granting it.
      expect(await decide(noConsent, { cookie: cookieOf(['advertising']) })).not.toBeNull();
      expect(await decide(base, { cookie: cookieOf([]) })).toBeNull();
    });

    test('no ad in the US', async () => {
      expect(await decide(base, {}, US_IP)).toBeNull();
      expect(await decide(base, {}, FR_IP)).not.toBeNull();
    });

    test('targeting: the creative for the page and category first, an untargeted one otherwise', async () => {
      expect((await decide({ ...base, page: 'home' }))?.adId).toBe('promo-compte');
      expect((await decide({ ...base, page: 'details', category: 'category:jeunesse' }))?.adId).toBe(
        'promo-jeunesse',
      );
      expect((await decide({ ...base, page: 'details', category: 'category:cinema' }))?.adId).toBe(
        'promo-cinema',
      );
      expect((await decide({ ...base, page: 'details', category: 'category:sport' }))?.adId).toBe(
        'promo-direct',
      );
      expect((await decide({ ...base, page: 'search' }))?.adId).toBe('promo-direct');
    });

    test('the ad unit alternates between the two site names: by page view, or request by request', async () => {
      const a = await decide({ ...base, view: '4' });
      const b = await decide({ ...base, view: '5', slot: 'middle', page: 'details' });
      expect(a).toMatchObject({ siteName: 'antenne-web-a', adUnit: '/antenne/antenne-web-a/home/top' });
      expect(b).toMatchObject({ siteName: 'antenne-web-b', adUnit: '/antenne/antenne-web-b/details/middle' });
      // Both slots of one page view share the site name.
      expect((await decide({ ...base, view: '5' }))?.siteName).toBe('antenne-web-b');
      const names = [await decide(base), await decide(base)].map((ad) => ad?.siteName);
      expect(new Set(names)).toEqual(new Set(['antenne-web-a', 'antenne-web-b']));
    });

    test.each([
      ['an unknown slot', { slot: 'left' }],
      ['an unknown size class', { size: 'huge' }],
      ['an unknown page', { page: 'admin' }],
      ['a NUL byte', { category: 'category:\u0000x' }],
      ['a huge consent string', { consent: 'v1;'.repeat(200) }],
      ['a huge category', { category: 'c'.repeat(5000) }],
      ['a negative page view', { view: '-1' }],
      ['a page view that is not a number', { view: 'x' }],
    ])('400 for %s', async (_, change) => {
      const response = await app.inject({ url: decisionUrl({ ...base, ...change }), remoteAddress: FR_IP });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ httpCode: 400 });
    });
  });

  describe('GET …/ads/display/creative/{adId}/{w}x{h}.svg', () => {
    test('the decision’s image answers an SVG of exactly the slot size, in the asked language, cached', async () => {
      const ad = await decide({ ...base, slot: 'middle', size: 'xlarge', lang: 'de' });
      expect(ad?.imageUrl).toMatch(/\?lang=de$/);
      const response = await app.inject({ url: ad?.imageUrl ?? '' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body).toMatch(/^<svg [^>]*width="300" height="600" viewBox="0 0 300 600" lang="de"/);
      expect(response.body).toContain('Registrieren');
      expect(ad?.altText).toContain('Konto');
    });

    test.each(HOUSE_CREATIVES.map((c) => c.id))(
      '%s exists in all five languages, Arabic right to left',
      async (id) => {
        for (const lang of ['fr', 'en', 'de', 'es', 'ar']) {
          const response = await app.inject({
            url: `${displayAdPaths.creative(TENANT, id, 320, 50)}?lang=${lang}`,
          });
          expect(response.statusCode).toBe(200);
          expect(response.body).toContain(`lang="${lang}"`);
          expect(response.body.includes('direction="rtl"')).toBe(lang === 'ar');
        }
      },
    );

    test('404 for an unknown creative or a size no slot has; 400 for a malformed size', async () => {
      expect((await app.inject({ url: displayAdPaths.creative(TENANT, 'nope', 300, 250) })).statusCode).toBe(
        404,
      );
      expect(
        (await app.inject({ url: displayAdPaths.creative(TENANT, 'promo-direct', 301, 250) })).statusCode,
      ).toBe(404);
      const bad = `${displayAdPaths.creative(TENANT, 'promo-direct', 300, 250).replace('300x250.svg', '300x250.png')}`;
      expect((await app.inject({ url: bad })).statusCode).toBe(400);
    });
  });

  describe('…/ads/display/track and the report', () => {
    test('served (by the decision), viewable impressions and clicks are stored and reported by day', async () => {
      const local = await createTestDatabase(engine);
      const fresh = await buildTestApp(local, { clock: () => NOW });
      try {
        const ask = await fresh.inject({
          url: decisionUrl({ ...base, page: 'details' }),
          remoteAddress: FR_IP,
        });
        const ad = (ask.json() as DisplayAdDecision).ad!;
        await fresh.inject({ url: decisionUrl({ ...base, page: 'details' }), remoteAddress: FR_IP });
        const impression = await fresh.inject({
          method: 'POST',
          url: `${ad.impressionUrl}&consent=${encodeURIComponent(ACCEPTED)}`,
          remoteAddress: FR_IP,
        });
        expect(impression.statusCode).toBe(204);
        const click = await fresh.inject({
          url: ad.clickTrackingUrl,
          headers: { cookie: cookieOf(['advertising']) },
          remoteAddress: FR_IP,
        });
        expect(click.statusCode).toBe(204);

        const handle = local.open();
        const ads = new DisplayAdsService({
          db: handle.db,
          tenant: TENANT,
          config: { provider: 'house', networkCode: 'n', siteNames: ['a', 'b'] },
        });
        const report = await ads
          .report({ from: '2026-11-27', to: '2026-11-29' })
          .finally(() => handle.destroy());
        expect(report).toEqual({
          served: 2,
          impressions: 1,
          clicks: 1,
          viewableRate: 0.5,
          daily: [
            { day: '2026-11-27', served: 0, impressions: 0, clicks: 0 },
            { day: '2026-11-28', served: 2, impressions: 1, clicks: 1 },
            { day: '2026-11-29', served: 0, impressions: 0, clicks: 0 },
          ],
        });
      } finally {
        await fresh.close();
        await local.cleanup();
      }
    });

    test('nothing is accepted without advertising consent (403), nor for an unknown ad (400)', async () => {
      const event = { event: 'impression', adId: 'promo-direct', slot: 'top', size: 'small', page: 'home' };
      expect((await app.inject({ url: trackUrl(event), remoteAddress: FR_IP })).statusCode).toBe(403);
      expect(
        (await app.inject({ url: trackUrl({ ...event, consent: REFUSED }), remoteAddress: FR_IP }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            url: trackUrl({ ...event, adId: 'nope', consent: ACCEPTED }),
            remoteAddress: FR_IP,
          })
        ).statusCode,
      ).toBe(400);
    });

    test.each([
      ['an unknown event', { event: 'hover' }],
      ['a NUL byte in the ad id', { adId: 'promo\u0000' }],
      ['a huge ad id', { adId: 'a'.repeat(10_000) }],
      ['a missing slot', { slot: '' }],
    ])('400 for %s', async (_, change) => {
      const response = await app.inject({ url: trackUrl({ ...CLICK, ...change }), remoteAddress: FR_IP });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('DisplayAdsService', () => {
    const handles: { destroy(): Promise<void> }[] = [];
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.destroy()));
    });
    /** A database handle of the suite's database, closed after the suite. */
    const open = () => {
      const handle = db.open();
      handles.push(handle);
      return handle.db;
    };

    test('rotates among equally targeted creatives by page view', async () => {
      const [a, b] = [HOUSE_CREATIVES[0]!, HOUSE_CREATIVES[0]!].map((c, i) => ({
        ...c,
        id: `r${i}`,
        pages: undefined,
      }));
      const ads = new DisplayAdsService({
        db: open(),
        tenant: TENANT,
        config: { provider: 'house', networkCode: 'n', siteNames: ['a', 'b'] },
        creatives: [a!, b!],
        clock: () => NOW,
      });
      const viewer = { country: 'FR', address: '90.0.0.9', cookies: undefined, origin: 'http://localhost' };
      const ids = await Promise.all(
        [0, 1, 2, 3].map(
          async (view) =>
            (await ads.decide({ ...base, slot: 'top', size: 'small', page: 'home', view }, viewer)).ad?.adId,
        ),
      );
      expect(ids).toEqual(['r0', 'r1', 'r0', 'r1']);
      // The second slot of a page view shows the other creative.
      const second = await ads.decide(
        { ...base, slot: 'top', size: 'small', page: 'home', view: 0, index: 1 },
        viewer,
      );
      expect(second.ad?.adId).toBe('r1');
    });

    test('a client address past the per-minute limit gets 429 until the next minute', async () => {
      let now = NOW;
      const ads = new DisplayAdsService({
        db: open(),
        tenant: TENANT,
        config: { provider: 'house', networkCode: 'n', siteNames: ['a', 'b'] },
        clock: () => now,
        limitPerMinute: 3,
      });
      const viewer = { country: 'FR', address: '90.0.0.77', cookies: undefined, origin: 'http://localhost' };
      const event = CLICK;
      for (let i = 0; i < 3; i++) await ads.track(event, viewer);
      await expect(ads.track(event, viewer)).rejects.toMatchObject({ httpCode: 429 });
      // Another client is not held back; the next minute starts afresh.
      await ads.track(event, { ...viewer, address: '90.0.0.78' });
      now += 60_000;
      await ads.track(event, viewer);
    });

    test('tracking events of the days past the retention are deleted (ANALYTICS_RETENTION_DAYS, today included)', async () => {
      const local = await createTestDatabase(engine);
      const handle = local.open();
      try {
        let now = NOW;
        const ads = new DisplayAdsService({
          db: handle.db,
          tenant: TENANT,
          config: { provider: 'house', networkCode: 'n', siteNames: ['a', 'b'] },
          clock: () => now,
          retentionDays: 2,
        });
        const viewer = {
          country: 'FR',
          address: '90.0.0.90',
          cookies: undefined,
          origin: 'http://localhost',
        };
        const today = new Date(NOW).toISOString().slice(0, 10);
        const clicksOn = async (from: string, to: string) =>
          (await ads.report({ from, to })).daily.map((d) => [d.day, d.clicks]);
        await ads.track(CLICK, viewer);
        // The next day: both days are within two days, today included.
        now += 24 * 60 * 60 * 1000;
        await ads.track(CLICK, viewer);
        const tomorrow = new Date(now).toISOString().slice(0, 10);
        expect(await clicksOn(today, tomorrow)).toEqual([
          [today, 1],
          [tomorrow, 1],
        ]);
        // Two days later: the first day is past the retention once an event is recorded.
        now += 24 * 60 * 60 * 1000;
        await ads.track(CLICK, viewer);
        const third = new Date(now).toISOString().slice(0, 10);
        expect(await clicksOn(today, third)).toEqual([
          [today, 0],
          [tomorrow, 1],
          [third, 1],
        ]);
      } finally {
        await handle.destroy();
        await local.cleanup();
      }
    });

    test('the GPT provider chooses no house creative: it names the GPT slot, with the same consent and US rules', async () => {
      const ads = new DisplayAdsService({
        db: open(),
        tenant: TENANT,
        config: { provider: 'gpt', networkCode: '1234', siteNames: ['a', 'b'] },
      });
      const viewer = { country: 'FR', address: '90.0.0.10', cookies: undefined, origin: 'http://localhost' };
      expect(
        await ads.decide({ slot: 'top', size: 'large', page: 'home', consent: ACCEPTED, view: 3 }, viewer),
      ).toEqual({ ad: null, gpt: { adUnit: '/1234/b/home/top', width: 970, height: 250 } });
      // Still nothing without consent or in the US.
      expect(await ads.decide({ slot: 'top', size: 'large', page: 'home' }, viewer)).toEqual({ ad: null });
      expect(
        await ads.decide(
          { slot: 'top', size: 'large', page: 'home', consent: ACCEPTED },
          { ...viewer, country: 'US' },
        ),
      ).toEqual({ ad: null });
    });

    test('the creative’s texts are escaped', () => {
      const hostile: HouseCreative = {
        ...HOUSE_CREATIVES[0]!,
        copy: {
          ...HOUSE_CREATIVES[0]!.copy,
          en: { headline: '<script>x</script> & "q"', cta: '<b>', alt: "a'b" },
        },
      };
      const svg = renderCreativeSvg(hostile, 300, 250, 'en');
      expect(svg).not.toContain('<script>');
      expect(svg).toContain('&lt;script&gt;x&lt;/script&gt;');
      expect(svg).toContain('&amp;');
      expect(svg).toContain('&lt;b&gt;');
    });
  });
});
