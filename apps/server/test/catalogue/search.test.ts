import {
  ErrorBodySchema,
  paths,
  SearchListSchema,
  SearchSuggestionListSchema,
  type SearchList,
  type SearchSuggestion,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { extraAsset, smallCatalogue } from './helpers.js';

const isSearchList = Compile(SearchListSchema);
const isSuggestions = Compile(SearchSuggestionListSchema);
const isErrorBody = Compile(ErrorBodySchema);

/** Titles rated with each CSA code: 1 tous publics, 3 -10, 2 déconseillé -12, 4 interdit -12, 5 accord parental -12, 6 -16, 7 -18. */
const RATED: [string, string | undefined][] = [
  ['palmeraie-tous-publics', '1'],
  ['palmeraie-moins-dix', '3'],
  ['palmeraie-deconseille-douze', '2'],
  ['palmeraie-interdit-douze', '4'],
  ['palmeraie-accord-douze', '5'],
  ['palmeraie-moins-seize', '6'],
  ['palmeraie-moins-dix-huit', '7'],
  ['palmeraie-non-classe', undefined],
];

describe.each(engines)('catalogue search (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const doc = smallCatalogue();
    doc.assets.push(
      extraAsset('film-radio-dakar', { localized: [{ locale: 'fr', title: 'Radio Dakar' }] }),
      extraAsset('film-futur-lointain', {
        localized: [{ locale: 'fr', title: 'Futur lointain' }],
        publications: [
          {
            publicationId: 'pub-futur-lointain',
            fromDate: '2099-01-01T00:00:00Z',
            toDate: '2099-12-31T23:59:59Z',
            products: ['gratuit'],
          },
        ],
      }),
      extraAsset('film-quebec', {
        localized: [{ locale: 'fr', title: 'Hiver québécois' }],
        publications: [
          {
            publicationId: 'pub-quebec',
            fromDate: '2020-01-01T00:00:00Z',
            toDate: '2099-12-31T23:59:59Z',
            countries: ['CA'],
            products: ['gratuit'],
          },
        ],
      }),
      // One title per CSA code (spec part 1 §5), all of them « Palmeraie », and one unrated.
      ...RATED.map(([assetId, rating]) =>
        extraAsset(assetId, {
          localized: [{ locale: 'fr', title: `Palmeraie ${assetId}` }],
          ...(rating === undefined ? {} : { parentalRatings: [{ country: 'FR', scheme: 'CSA', rating }] }),
        }),
      ),
    );
    const database = testDb.open();
    try {
      const result = await importCatalogue(database.db, doc, TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await database.destroy();
    }
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const suggestions = async (text: string, query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `${paths.searchSuggestions(TENANT, text)}?client=json&locale=fr${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SearchSuggestion[]>();
    expect(isSuggestions.Check(body)).toBe(true);
    return body;
  };
  const search = async (text: string, query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `${paths.searchQuery(TENANT, text)}?client=json&locale=fr${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SearchList>();
    expect(isSearchList.Check(body)).toBe(true);
    return body;
  };
  const hitIds = (body: SearchList) => body.items.map((i) => i.asset.assetId);

  test('suggestions ignore accents: "ete" finds "L\'Été indien"', async () => {
    expect(await suggestions('ete')).toContainEqual({ text: "L'Été indien", assetId: 'film-ete-indien' });
  });

  test('suggestions complete a prefix', async () => {
    expect((await suggestions('quart')).map((s) => s.assetId)).toContain('serie-quartier');
  });

  test('the query forgives one typo and wraps matches in the highlighted title', async () => {
    const body = await search('quartiet');
    expect(hitIds(body)).toEqual(['serie-quartier']);
    expect(body.items[0]?.highlightedTitle).toContain('<em>');
    expect(body).toMatchObject({ pageNumber: 1, pageSize: 50, totalCount: 1 });
  });

  test('a title match ranks before a description match', async () => {
    expect(hitIds(await search('radio'))).toEqual(['film-radio-dakar', 'film-ete-indien']);
  });

  test('types default to MOVIE,TV_SHOW and keep every type requested', async () => {
    expect(hitIds(await search('demenagement'))).toEqual([]);
    expect(hitIds(await search('demenagement', '&types=EPISODE,MOVIE'))).toEqual(['quartier-s1e1']);
  });

  test('unpublished and geo-blocked titles are absent', async () => {
    expect(hitIds(await search('futur'))).toEqual([]);
    expect(await suggestions('futur')).toEqual([]);
    expect(hitIds(await search('futur', '&onlyPublished=false'))).toEqual(['film-futur-lointain']);
    expect(hitIds(await search('hiver', '&allowedCountry=FR'))).toEqual([]);
    expect(hitIds(await search('hiver', '&allowedCountry=CA'))).toEqual(['film-quebec']);
    expect(await suggestions('hiver', '&allowedCountry=FR')).toEqual([]);
  });

  test('parentalRatings compares the minimum ages of CSA codes: 3 (-10) leaves out every -12 code (2, 4, 5), the default 6 keeps all up to -16', async () => {
    const sorted = (ids: readonly (string | undefined)[]) => [...ids].sort();
    const upToTen = ['palmeraie-moins-dix', 'palmeraie-non-classe', 'palmeraie-tous-publics'];
    expect(sorted(hitIds(await search('palmeraie', '&parentalRatings=3')))).toEqual(upToTen);
    expect(sorted((await suggestions('palmeraie', '&parentalRatings=3')).map((s) => s.assetId))).toEqual(
      upToTen,
    );
    const upToSixteen = RATED.map(([assetId]) => assetId).filter((id) => id !== 'palmeraie-moins-dix-huit');
    expect(sorted(hitIds(await search('palmeraie')))).toEqual(sorted(upToSixteen));
    expect(sorted(hitIds(await search('palmeraie', '&parentalRatings=2')))).toEqual(
      sorted(upToSixteen.filter((id) => id !== 'palmeraie-moins-seize')),
    );
    expect(hitIds(await search('palmeraie', '&parentalRatings=7'))).toHaveLength(RATED.length);
  });

  test('pages the hits', async () => {
    const first = await search('radio', '&pageSize=1&pageNumber=2');
    expect(hitIds(first)).toEqual(['film-ete-indien']);
    expect(first).toMatchObject({ pageNumber: 2, pageSize: 1, totalCount: 2 });
  });

  test('text shorter than 2 characters is 400 SEARCH_TEXT_TOO_SHORT on both calls', async () => {
    for (const url of [paths.searchSuggestions(TENANT, 'e'), paths.searchQuery(TENANT, ' e ')]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(isErrorBody.Check(body)).toBe(true);
      expect(body).toMatchObject({ httpCode: 400, message: 'SEARCH_TEXT_TOO_SHORT' });
    }
  });
});
