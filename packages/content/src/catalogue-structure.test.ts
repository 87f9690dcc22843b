import { describe, expect, test } from 'vitest';
import type { Asset, MenuItem } from './index.js';
import { FOOTER_GROUPS, FOOTER_SEPARATOR } from './index.js';
import { component, components, doc, LOCALES, NOW, ofType, tagIds } from './catalogue.test-helpers.js';

/** The structure of the demo catalogue: config, pages, menu, footer, lanes. */
describe('the Antenne Monde catalogue', () => {
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
