import { describe, expect, test } from 'vitest';
import type { Asset } from './index.js';
import { DEMO_CLEARKEY_PROGRAMME, DEMO_TRAILER_STREAMS } from './media/index.js';
import { CSA, DEMO_PROGRAMMES } from './index.js';
import { assets, doc, LOCALES, NOW, ofType, tagIds } from './catalogue.test-helpers.js';

/** The demo catalogue's content rules (its structure: catalogue-structure.test.ts). */
describe('the Antenne Monde catalogue', () => {
  test('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  test('has the minimum count of each type', () => {
    expect(ofType('MOVIE').length).toBeGreaterThanOrEqual(60);
    expect(ofType('TV_SHOW').length).toBeGreaterThanOrEqual(12);
    expect(ofType('PODCAST').length).toBeGreaterThanOrEqual(8);
    expect(ofType('PODCAST_EPISODE').length).toBeGreaterThanOrEqual(8 * 4);
    expect(ofType('TV_CHANNEL').length).toBeGreaterThanOrEqual(6);
    for (const show of ofType('TV_SHOW')) {
      const seasons = (doc.seasons ?? []).filter((s) => s.tvShowId === show.assetId);
      expect(seasons.length, show.assetId).toBeGreaterThanOrEqual(2);
      for (const season of seasons) {
        const episodes = ofType('EPISODE').filter(
          (e) => e.seasonId === season.seasonId && e.tvShowId === show.assetId,
        );
        expect(episodes.length, season.seasonId).toBeGreaterThanOrEqual(4);
      }
    }
    for (const podcast of ofType('PODCAST')) {
      const episodes = ofType('PODCAST_EPISODE').filter((e) => e.customData?.podcastId === podcast.assetId);
      expect(episodes.length, podcast.assetId).toBeGreaterThanOrEqual(4);
    }
  });

  test('has at least 11 categories, among them the required ones', () => {
    const categories = (doc.tags ?? []).filter((t) => t.scheme === 'category').map((t) => t.tagId);
    expect(categories.length).toBeGreaterThanOrEqual(11);
    for (const c of [
      'jeunesse',
      'documentaires',
      'fiction',
      'cinema',
      'information',
      'sport',
      'musique',
      'podcasts',
    ])
      expect(categories).toContain(`category:${c}`);
    // every category is used
    for (const c of categories)
      expect(
        assets.some((a) => tagIds(a).includes(c)),
        c,
      ).toBe(true);
  });

  test('every asset has five locales with a title and a description, fr first', () => {
    for (const a of assets) {
      expect(
        a.localized.map((l) => l.locale),
        a.assetId,
      ).toEqual(LOCALES);
      for (const l of a.localized) {
        expect(l.title.trim(), `${a.assetId} ${l.locale}`).not.toBe('');
        expect((l.description ?? '').trim(), `${a.assetId} ${l.locale}`).not.toBe('');
        expect((l.description ?? '').length).toBeLessThanOrEqual(250);
      }
    }
  });

  test('titles are distinct within a locale (episodes within their series)', () => {
    const top = assets.filter((a) => a.type !== 'EPISODE');
    for (const locale of LOCALES) {
      const titles = top.map((a) => a.localized.find((l) => l.locale === locale)?.title);
      expect(new Set(titles).size, locale).toBe(titles.length);
      for (const show of ofType('TV_SHOW')) {
        const episodes = ofType('EPISODE').filter((e) => e.tvShowId === show.assetId);
        const names = episodes.map((e) => e.localized.find((l) => l.locale === locale)?.title);
        expect(new Set(names).size, `${show.assetId} ${locale}`).toBe(names.length);
      }
    }
  });

  test('images and programmes follow the conventions', () => {
    for (const a of assets) {
      const images = a.localized[0]?.images ?? [];
      const byType = new Map(images.map((i) => [i.type, i]));
      expect(byType.get('poster')).toMatchObject({
        url: `/images/assets/${a.assetId}/poster.png`,
        orientation: 'PORTRAIT',
      });
      expect(byType.get('cover')).toMatchObject({
        url: `/images/assets/${a.assetId}/cover.png`,
        orientation: 'LANDSCAPE',
      });
      expect(byType.get('thumbnail')?.url).toBe(`/images/assets/${a.assetId}/thumbnail.png`);
      expect(byType.get('banner')?.url).toBe(`/images/assets/${a.assetId}/background.png`);
      expect(byType.get('logo')?.url).toBe(`/images/assets/${a.assetId}/logo.png`);
      // Trailers (CLIP) play the short trailer streams; one film the encrypted programme; everything else one of the six programmes.
      const streams: readonly string[] =
        a.type === 'CLIP'
          ? DEMO_TRAILER_STREAMS
          : a.assetId === 'film-les-glaces-du-nord'
            ? [DEMO_CLEARKEY_PROGRAMME]
            : DEMO_PROGRAMMES;
      expect(streams, a.assetId).toContain(a.customData?.programme);
    }
    for (const tag of (doc.tags ?? []).filter((t) => t.scheme === 'category'))
      expect(
        tag.localized[0]?.images?.some((i) => i.type === 'logo'),
        tag.tagId,
      ).toBe(true);
    expect(new Set(assets.filter((a) => a.type !== 'CLIP').map((a) => a.customData?.programme)).size).toBe(
      DEMO_PROGRAMMES.length + 1,
    );
  });

  test('films carry cast, year, country, duration and a CSA rating', () => {
    for (const film of ofType('MOVIE')) {
      expect(
        film.participants?.some((p) => p.function === 'director'),
        film.assetId,
      ).toBe(true);
      expect(
        film.participants?.some((p) => p.function === 'actor'),
        film.assetId,
      ).toBe(true);
      expect(film.productionYear).toBeGreaterThan(1900);
      expect(film.productionCountries?.length).toBeGreaterThan(0);
      expect(film.duration).toBeGreaterThan(30 * 60_000);
      expect(film.parentalRatings?.[0]?.scheme).toBe('CSA');
    }
  });

  test('every rating level is present', () => {
    const ratings = new Set(assets.flatMap((a) => (a.parentalRatings ?? []).map((r) => r.rating)));
    for (const level of Object.values(CSA)) expect(ratings, level).toContain(level);
  });

  test('every monetisation type is offered and used, most titles free or with ads', () => {
    const products = doc.products ?? [];
    const types = new Set(products.map((p) => p.monetisationType));
    expect([...types].sort()).toEqual([
      'Advertising',
      'Catchup',
      'ElectronicSellThrough',
      'Free',
      'Subscription',
      'Transactional',
    ]);
    const used = new Set(assets.flatMap((a) => (a.publications ?? []).flatMap((p) => p.products)));
    for (const p of products) expect(used, p.id).toContain(p.id);
    const free = assets.filter((a) =>
      a.publications?.some((p) => p.products.some((id) => id === 'gratuit' || id === 'gratuit-pub')),
    );
    expect(free.length / assets.length).toBeGreaterThan(0.7);
  });

  test('at least 10 titles have a trailer (a CLIP linked as TRAILER)', () => {
    const clips = new Set(ofType('CLIP').map((c) => c.assetId));
    const withTrailer = assets.filter((a) =>
      a.linkedEntities?.some((l) => l.linkType === 'TRAILER' && clips.has(l.entityId)),
    );
    expect(withTrailer.length).toBeGreaterThanOrEqual(10);
  });

  test('badge tags are present', () => {
    for (const badge of ['nouveaute', 'new_episodes', 'new_season'])
      expect(
        assets.some((a) => tagIds(a).includes(badge)),
        badge,
      ).toBe(true);
  });

  test('some titles are limited to countries, some not yet published, some expired', () => {
    const pubs = (type: Asset['type']) => ofType(type).flatMap((a) => a.publications ?? []);
    const all = assets.flatMap((a) => a.publications ?? []);
    expect(all.filter((p) => (p.countries ?? []).length > 0).length).toBeGreaterThanOrEqual(3);
    expect(pubs('MOVIE').filter((p) => Date.parse(p.fromDate) > NOW).length).toBeGreaterThanOrEqual(2);
    expect(pubs('MOVIE').filter((p) => Date.parse(p.toDate) < NOW).length).toBeGreaterThanOrEqual(2);
    // and most are published now
    const open = all.filter((p) => Date.parse(p.fromDate) <= NOW && NOW <= Date.parse(p.toDate));
    expect(open.length / all.length).toBeGreaterThan(0.9);
  });
});
