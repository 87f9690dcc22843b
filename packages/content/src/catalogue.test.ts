import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// The server's real import validation (a relative import: tests only; the package does not depend on the server).
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';
import { seedIfEmpty } from '../../../apps/server/src/db/seed.js';
import { importCatalogue } from '../../../apps/server/src/modules/catalogue/import-service.js';
import { buildTestApp, createTestDatabase } from '../../../apps/server/test/helpers/test-app.js';
import type { Asset, Component, MenuItem } from './index.js';
import { DEMO_CLEARKEY_PROGRAMME, DEMO_TRAILER_STREAMS } from './media/index.js';
import { CSA, DEMO_PROGRAMMES, demoCatalogue, FOOTER_GROUPS, FOOTER_SEPARATOR } from './index.js';

const LOCALES = ['fr', 'en', 'de', 'es', 'ar'];
const doc = demoCatalogue();
const assets = doc.assets ?? [];
const components = doc.structure?.components ?? [];
const ofType = (type: Asset['type']) => assets.filter((a) => a.type === type);
const component = (id: string): Component => {
  const c = components.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no component ${id}`);
  return c;
};
const tagIds = (a: Asset) => (a.tags ?? []).map((t) => t.tagId);
const NOW = Date.parse('2026-11-22T00:00:00Z');

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

  describe('structure', () => {
    const config = doc.structure?.config;
    test('the config points at the home page, the menu and the footer', () => {
      expect(config?.id).toBe('sandwich');
      expect(config?.components.homePage?.[0]?.referenceId).toBe('home');
      expect(config?.components.menu?.[0]?.referenceId).toBe('main-menu');
      expect(config?.components.footer?.[0]?.referenceId).toBe('footer');
    });

    test('the home page has a hero with at least 5 items and the four verbs, and at least 12 carousels', () => {
      const body = component('home').components?.pageBody ?? [];
      expect(body[0]?.appType).toBe('herobanner');
      const hero = component(body[0]?.referenceId ?? '');
      const items = hero.components?.heroBannerItems ?? [];
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(new Set(items.map((i) => i.actions.default.verb))).toEqual(
        new Set(['NavigateToDetails', 'NavigateToPage', 'ExternalLink', 'PlayAsset']),
      );
      const carousels = body.filter((r) => r.appType === 'carousel');
      expect(carousels.length).toBeGreaterThanOrEqual(12);
      const orientations = new Set(carousels.map((r) => r.parameters?.imageOrientation));
      expect(orientations).toEqual(new Set(['landscape', 'portrait']));
      for (const c of carousels) expect(components.some((x) => x.id === c.referenceId)).toBe(true);
    });

    test('continue watching and favourites lanes are authorised', () => {
      const body = component('home').components?.pageBody ?? [];
      const lane = (type: string) => {
        const reference = body.find((r) => component(r.referenceId).contentUrl?.type === type);
        expect(reference, type).toBeDefined();
        expect(reference?.hasAuthorizedContent).toBe(true);
        return component(reference?.referenceId ?? '');
      };
      expect(lane('ContinueWatching').contentUrl).toEqual({
        type: 'ContinueWatching',
        url: '/v1/customer/{customer}/businessunit/{businessUnit}/recommend/continue',
        authorized: true,
      });
      expect(lane('Favourites').contentUrl).toEqual({
        type: 'Favourites',
        url: '/v1/customer/{customer}/businessunit/{businessUnit}/preferences/list/favorites/asset',
        authorized: true,
      });
    });

    test('some home lanes hold more than 10 published items', () => {
      const published = (a: Asset) =>
        a.publications?.some((p) => Date.parse(p.fromDate) <= NOW && NOW <= Date.parse(p.toDate));
      const movies = ofType('MOVIE').filter(published);
      const cinema = movies.filter((a) => tagIds(a).includes('category:cinema'));
      expect(movies.length).toBeGreaterThan(10);
      expect(cinema.length).toBeGreaterThan(10);
      expect(component('home-cinema').contentUrl?.url).toContain('pageSize=20');
    });

    test('the burger menu: home, at least 6 category pages, podcasts and an external link', () => {
      const items = component('main-menu').components?.menuItems ?? [];
      expect(items[0]?.presentation.fallback.title).toBe('Accueil');
      const pages = items.filter(
        (i) =>
          i.actions.default.verb === 'NavigateToPage' && i.actions.default.componentId?.startsWith('page-'),
      );
      expect(pages.length).toBeGreaterThanOrEqual(7);
      expect(items.some((i) => i.presentation.fallback.title === 'Podcasts')).toBe(true);
      expect(items.some((i) => i.actions.default.verb === 'ExternalLink')).toBe(true);
      for (const p of pages) {
        const page = component(p.actions.default.componentId ?? '');
        const body = page.components?.pageBody ?? [];
        expect(body[0]?.appType, page.id).toBe('herobanner');
        expect(
          (component(body[0]?.referenceId ?? '').components?.heroBannerItems ?? []).length,
          page.id,
        ).toBeGreaterThan(0);
        expect(body.filter((r) => r.appType === 'carousel').length, page.id).toBeGreaterThanOrEqual(2);
      }
    });

    test('the footer groups its items by a prefix before " | "', () => {
      const items: MenuItem[] = component('footer').components?.menuItems ?? [];
      const groups = new Set(items.map((i) => i.presentation.fallback.title?.split(FOOTER_SEPARATOR)[0]));
      for (const g of [
        "L'univers du réseau",
        'Informations',
        'Langue française',
        'Culture',
        'Programme TV',
        'Gestion des cookies',
        'Partenaires',
        'Informations légales',
        'Charte données et cookies',
        'Conditions générales',
        'Réseaux sociaux',
      ])
        expect(groups, g).toContain(g);
      expect(groups.size).toBe(Object.keys(FOOTER_GROUPS).length);
    });

    test('the registration legal pages are found by their French titles and have a body', () => {
      const items = component('footer').components?.menuItems ?? [];
      for (const title of [
        "Conditions d'utilisation",
        'Gestion des données personnelles',
        'Informations sur la vie privée',
      ]) {
        const item = items.find((i) => i.presentation.fallback.title?.split(FOOTER_SEPARATOR)[1] === title);
        expect(item, title).toBeDefined();
        const page = component(item?.actions.default.componentId ?? '');
        expect(page.presentation?.fallback.title).toBe(title);
        expect(item?.actions.default.url).toBe(`/legal/${page.id}`);
        const text = component(page.components?.pageBody?.[0]?.referenceId ?? '');
        expect(text.appType).toBe('text');
        expect(text.presentation?.fallback.body?.length).toBeGreaterThan(50);
      }
    });

    test('custom pages have a body; one legal page only has a reference URL', () => {
      const pages = components.filter((c) => c.appType === 'page' && c.appSubType === 'Custom');
      expect(pages.length).toBeGreaterThanOrEqual(3);
      for (const page of pages)
        expect(
          component(page.components?.pageBody?.[0]?.referenceId ?? '').presentation?.fallback.body,
        ).toBeTruthy();
      const referenceOnly = components.filter(
        (c) =>
          c.appType === 'page' && c.components?.pageBody?.[0]?.referenceUrl?.startsWith('https://') === true,
      );
      expect(referenceOnly.length).toBe(1);
      const target = component(referenceOnly[0]?.components?.pageBody?.[0]?.referenceId ?? '');
      expect(target.presentation?.fallback.body).toBeUndefined();
    });

    test('component titles are localized in the five languages', () => {
      for (const c of components) {
        if (c.presentation === undefined) continue;
        expect(Object.keys(c.presentation.localized ?? {}).sort(), c.id).toEqual([...LOCALES].sort());
      }
    });
  });
});

describe('the server import', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-content-'));
  const handle = openDatabase({ databaseUrl: '', dataDir });
  const tenant = { customer: 'antenne', businessUnit: 'monde' };
  afterAll(async () => {
    await handle.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('accepts the document, inserts everything, and a second import changes nothing', async () => {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { ...tenant, version: '0.0.0-test' });
    const first = await importCatalogue(handle.db, demoCatalogue(), tenant);
    if (!first.ok) expect(first.errors.slice(0, 20)).toEqual([]);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.assets.inserted).toBe(assets.length);
    expect(first.products.inserted).toBe(doc.products?.length);
    expect(first.tags.inserted).toBe(doc.tags?.length);
    expect(first.seasons.inserted).toBe(doc.seasons?.length);
    expect(first.components.inserted + first.components.updated).toBe(components.length);

    const second = await importCatalogue(handle.db, demoCatalogue(), tenant);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.changed).toBe(false);
    expect(second.version).toBe(first.version);
    expect(second.assets).toEqual({ inserted: 0, updated: 0, unchanged: assets.length });
    expect(second.components.unchanged).toBe(components.length);
  }, 60_000);
});

describe('the carousels read from the server', () => {
  test('every asset query of the structure answers with published items', async () => {
    const testDb = await createTestDatabase('sqlite');
    const database = testDb.open();
    const app = await buildTestApp(testDb, { clock: () => NOW });
    try {
      const result = await importCatalogue(database.db, demoCatalogue(), {
        customer: 'antenne',
        businessUnit: 'monde',
      });
      expect(result.ok).toBe(true);
      const sizes: Record<string, number> = {};
      for (const c of components) {
        if (c.contentUrl?.type !== 'AssetQuery') continue;
        const url = c.contentUrl.url.replace('{customer}', 'antenne').replace('{businessUnit}', 'monde');
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${c.id} ${response.body.slice(0, 200)}`).toBe(200);
        const body = response.json<{ items: { assetId: string }[] }>();
        sizes[c.id] = body.items.length;
        expect(body.items.length, c.id).toBeGreaterThan(0);
      }
      // a category lane lists exactly that category's published titles
      const published = (a: Asset) =>
        a.publications?.some((p) => Date.parse(p.fromDate) <= NOW && NOW <= Date.parse(p.toDate));
      for (const category of ['jeunesse', 'documentaires', 'sport', 'musique']) {
        const expected = assets.filter(
          (a) => published(a) && tagIds(a).includes(`category:${category}`),
        ).length;
        expect(sizes[`page-${category}-recents`], category).toBe(Math.min(20, expected));
      }
      expect(sizes['home-cinema']).toBeGreaterThan(10);
      expect(sizes['home-populaires']).toBeGreaterThan(10);
    } finally {
      await app.close();
      await database.destroy();
      await testDb.cleanup();
    }
  }, 60_000);
});
