import { paths, type SearchList, type SearchSuggestion, type WlConfig } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

/**
 * Search over the demo catalogue, called as the web app calls it: the types the white-label
 * config names (`assetSearchTypes`), the interface locale, the visitor's country. A suggestion
 * always leads to its title; several words find the titles holding all of them.
 */

/** Prefixes a visitor types: articles, frequent starts, accents, every kind of title. */
const PREFIXES = [
  'le',
  'la',
  'les',
  'l’é',
  'ba',
  'po',
  'an',
  'co',
  'ra',
  'mo',
  'ne',
  'ma',
  'ch',
  'ép',
  'sa',
  'vi',
  'de',
  'un',
];

describe.each(engines)('search over the demo catalogue (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let types: string;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const result = await importDemoIfEmpty(database.db, TENANT);
      if (!result?.ok) throw new Error('the demo catalogue did not load');
    } finally {
      await database.destroy();
    }
    app = await buildTestApp(testDb);
    const config = (await app.inject(paths.wlConfig(TENANT))).json<WlConfig>();
    types = config.parameters.assetSearchTypes ?? '';
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const suggestions = async (text: string, query: string) => {
    const res = await app.inject(`${paths.searchSuggestions(TENANT, text)}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchSuggestion[]>();
  };
  const search = async (text: string, query: string) => {
    const res = await app.inject(`${paths.searchQuery(TENANT, text)}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchList>();
  };
  const webQuery = (locale: string) => `locale=${locale}&types=${types}&onlyPublished=true&allowedCountry=FR`;
  const ids = (list: SearchList) => list.items.map((item) => item.asset.assetId);
  const typesOf = (list: SearchList) => new Set(list.items.map((item) => item.asset.type));

  test('the demo searches every kind of title it has', () => {
    expect(types.split(',').sort()).toEqual([
      'CLIP',
      'EPISODE',
      'MOVIE',
      'PODCAST',
      'PODCAST_EPISODE',
      'TV_CHANNEL',
      'TV_SHOW',
    ]);
  });

  test.each(['fr', 'en', 'ar'])(
    'every suggestion finds its own title on the first page of the search (%s)',
    async (locale) => {
      const lost: string[] = [];
      let checked = 0;
      const kinds = new Set<string>();
      for (const prefix of PREFIXES) {
        for (const suggestion of await suggestions(prefix, webQuery(locale))) {
          checked += 1;
          const hits = await search(suggestion.text, webQuery(locale));
          for (const type of typesOf(hits)) kinds.add(type);
          if (!ids(hits).includes(suggestion.assetId ?? ''))
            lost.push(`${prefix} → ${suggestion.text} (${suggestion.assetId})`);
        }
      }
      expect(lost).toEqual([]);
      expect(checked).toBeGreaterThan(100);
      // Suggestions led to podcasts, episodes, trailers and channels, not only films and series.
      expect([...kinds].sort()).toEqual(types.split(',').sort());
    },
  );

  test('with Exposure’s defaults (no types, no rating filter) a suggestion leads to its title too', async () => {
    const lost: string[] = [];
    for (const prefix of PREFIXES) {
      for (const suggestion of await suggestions(prefix, 'locale=fr')) {
        if (!ids(await search(suggestion.text, 'locale=fr')).includes(suggestion.assetId ?? ''))
          lost.push(`${prefix} → ${suggestion.text} (${suggestion.assetId})`);
      }
    }
    expect(lost).toEqual([]);
  });

  test('several words find the titles holding all of them, in any order, accents and case folded', async () => {
    expect(ids(await search('vieux PORT vent', webQuery('fr')))).toContain('film-vent-du-vieux-port');
    expect(ids(await search('NORD glaces', webQuery('fr')))).toEqual(
      expect.arrayContaining(['film-les-glaces-du-nord', 'bande-annonce-les-glaces-du-nord']),
    );
    expect(ids(await search('ete dakar', webQuery('fr')))[0]).toBe('film-ete-a-dakar');
    expect(ids(await search('été DAKAR bande annonce', webQuery('fr')))).toEqual([
      'bande-annonce-ete-a-dakar',
    ]);
    // Every word must be there: a title holding only some of them is not a hit.
    expect(ids(await search('glaces dakar', webQuery('fr')))).toEqual([]);
  });

  test('channels and podcasts are found', async () => {
    const channels = await search('Antenne Monde', webQuery('fr'));
    expect(ids(channels)).toEqual(
      expect.arrayContaining(['chaine-antenne-monde', 'chaine-antenne-monde-info']),
    );
    expect(ids(await search('antenne monde sport', webQuery('fr')))).toContain('chaine-antenne-monde-sport');
    const podcasts = await search('contes pour s’endormir', webQuery('fr'));
    expect(ids(podcasts)).toContain('podcast-contes-pour-s-endormir');
    expect(typesOf(podcasts)).toEqual(new Set(['PODCAST', 'PODCAST_EPISODE']));
  });
});
