import { paths } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { buildTestApp, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoDatabase } from '../live/helpers.js';
import { check, checkDiscriminated } from './published.js';

interface Item {
  type?: string;
  appType?: string;
  presentation?: { fallback: { images?: { tags?: string[] }[] } };
  content?: { type?: string; presentation?: { fallback: { title?: string; images?: unknown[] } } };
  actions?: {
    default?: { type?: string; verb?: string; url?: string; assetId?: string; componentId?: string };
  };
  parameters?: Record<string, string>;
  referenceId?: string;
  contentUrl?: { type: string; url: string };
  components?: Record<string, Item[]>;
}

/** The keys Red Bee's clients require of a theme (their IWLTheme: all but the fonts and corners). */
const THEME_KEYS = [
  'dark',
  'light',
  'error',
  'success',
  'warning',
  'primaryTextColor',
  'secondaryTextColor',
  'primaryBackgroundColor',
  'secondaryBackgroundColor',
  'primaryBrandColor',
  'heroBannerTextColor',
];

/**
 * Issue 18, item 2: the demo's white-label structure as Red Bee's clients read it — each config
 * and component against the published ApiConfig / ApiComponent, hero items with `content` and a
 * `main` image, social links with an ExternalUrlAction, parameters within the published values,
 * the theme's keys, carousel URLs asking for the whole asset.
 */
describe.each(engines)('the white-label shapes (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const components = new Map<string, Item>();
  let config: Item & { theme?: Record<string, string> };

  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await buildTestApp(testDb, { cacheCheckEveryMs: 0 });
    config = (await app.inject({ url: paths.wlConfig(TENANT) })).json();
    // Every component reachable from the config: pages, their references, menu and footer, and the
    // pages their items lead to.
    const queue = Object.values(config.components ?? {}).flatMap((refs) => refs.map((r) => r.referenceId));
    while (queue.length > 0) {
      const id = queue.shift();
      if (id === undefined || components.has(id)) continue;
      const res = await app.inject({ url: paths.wlComponent(TENANT, id) });
      expect(res.statusCode, id).toBe(200);
      const component = res.json<Item>();
      components.set(id, component);
      for (const ref of component.components?.pageBody ?? [])
        if (ref.referenceId) queue.push(ref.referenceId);
      for (const slot of ['menuItems', 'heroBannerItems'])
        for (const item of component.components?.[slot] ?? [])
          if (item.actions?.default?.verb === 'NavigateToPage' && item.actions.default.componentId)
            queue.push(item.actions.default.componentId);
    }
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const all = () => [...components.values()];
  const itemsOf = (slot: string) => all().flatMap((c) => c.components?.[slot] ?? []);

  test('the config is a published ApiConfig, its theme with every key the clients require', () => {
    expect(checkDiscriminated('ApiConfig', config)).toEqual([]);
    for (const key of THEME_KEYS) expect(config.theme?.[key], key).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(['rounded', 'square']).toContain(config.theme?.corners);
  });

  test('every component is a published ApiComponent; no LinkAction anywhere', () => {
    expect(components.size).toBeGreaterThan(20);
    for (const [id, component] of components) {
      expect(checkDiscriminated('ApiComponent', component), id).toEqual([]);
      expect(JSON.stringify(component), id).not.toContain('LinkAction');
    }
  });

  test('hero items carry content (the title presented) and an image tagged main', () => {
    const items = itemsOf('heroBannerItems');
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      expect(item.content?.type).toBe('PresentationFromAsset');
      expect(check('ApiPresentationFromAssetContent', item.content)).toEqual([]);
      expect(item.content?.presentation?.fallback.images?.length).toBeGreaterThan(0);
      const tags = (item.presentation?.fallback.images ?? []).flatMap((image) => image.tags ?? []);
      expect(tags).toContain('main');
    }
    // An item leading to a title presents that title.
    const film = items.find((item) => item.actions?.default?.verb === 'NavigateToDetails');
    expect(film?.content?.presentation?.fallback.title).toBeTruthy();
  });

  test('footer social links are items whose actions.default is an ExternalUrlAction', () => {
    const links = itemsOf('socialMediaLinks');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.actions?.default).toMatchObject({ type: 'ExternalUrlAction', verb: 'ExternalLink' });
      expect(check('ApiExternalUrlAction', link.actions?.default)).toEqual([]);
      expect(link.actions?.default?.url).toMatch(/^https:\/\//);
    }
    for (const item of itemsOf('menuItems').filter((i) => i.actions?.default?.verb === 'ExternalLink'))
      expect(item.actions?.default?.type).toBe('ExternalUrlAction');
  });

  test('parameters are within the published values; carousel content URLs ask for fieldSet=ALL', async () => {
    const references = all().flatMap((c) => c.components?.pageBody ?? []);
    const carousels = references.filter((r) => r.appType === 'carousel');
    expect(carousels.length).toBeGreaterThan(10);
    for (const ref of carousels) {
      expect(['carousel', 'grid', 'list']).toContain(ref.parameters?.carouselLayout);
      expect(['LOW', 'MEDIUM', 'HIGH']).toContain(ref.parameters?.density);
      expect(['landscape', 'portrait']).toContain(ref.parameters?.imageOrientation);
    }
    const lanes = all().filter((c) => c.appType === 'carousel');
    for (const lane of lanes) {
      expect(['show', 'hide']).toContain(lane.parameters?.assetTitles);
      expect(['GO_TO_DETAILS', 'PLAY']).toContain(lane.parameters?.carouselNavigation);
      if (lane.contentUrl?.type !== 'AssetQuery') continue;
      const url = new URL(lane.contentUrl.url, 'http://x');
      expect(url.searchParams.get('fieldSet'), lane.contentUrl.url).toBe('ALL');
    }
    // And the asset list answers the whole asset.
    const lane = lanes.find((l) => l.contentUrl?.type === 'AssetQuery');
    const url = (lane?.contentUrl?.url ?? '')
      .replace('{customer}', TENANT.customer)
      .replace('{businessUnit}', TENANT.businessUnit);
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toHaveProperty('publications');
  });
});
