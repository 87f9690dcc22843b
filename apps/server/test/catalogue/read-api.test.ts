import {
  AssetListSchema,
  AssetSchema,
  ErrorBodySchema,
  paths,
  TagTypeSchema,
  type Asset,
  type AssetList,
  type ErrorBody,
  type TagType,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { extraAsset, smallCatalogue, type CatalogueDocument } from './helpers.js';

const isAssetList = Compile(AssetListSchema);
const isAsset = Compile(AssetSchema);
const isTagType = Compile(TagTypeSchema);
const isErrorBody = Compile(ErrorBodySchema);

/** The small catalogue plus titles that exercise paging, sorting, geo and publication windows. */
export function readApiCatalogue(): CatalogueDocument {
  const doc = smallCatalogue();
  const clip = (id: string, sortingTitle: string, created: string) =>
    extraAsset(id, {
      type: 'CLIP',
      created,
      localized: [{ locale: 'fr', title: sortingTitle, sortingTitle }],
    });
  doc.assets.push(
    clip('clip-zebre', 'Zèbre', '2023-01-04T00:00:00Z'),
    clip('clip-elan', 'Élan', '2023-01-02T00:00:00Z'),
    clip('clip-abricot', 'abricot', '2023-01-03T00:00:00Z'),
    clip('clip-eau', 'Eau', '2023-01-01T00:00:00Z'),
    extraAsset('film-canada', {
      publications: [
        {
          publicationId: 'pub-film-canada',
          fromDate: '2020-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          countries: ['CA'],
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('film-futur', {
      publications: [
        {
          publicationId: 'pub-film-futur',
          fromDate: '2099-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('film-expire', {
      publications: [
        {
          publicationId: 'pub-film-expire',
          fromDate: '2020-01-01T00:00:00Z',
          toDate: '2020-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
    extraAsset('quartier-s2e1', {
      type: 'EPISODE',
      tvShowId: 'serie-quartier',
      seasonId: 'quartier-s2',
      season: 2,
      episode: 1,
      localized: [{ locale: 'fr', title: 'Nouvelle saison' }],
    }),
    extraAsset('quartier-s2e2-futur', {
      type: 'EPISODE',
      tvShowId: 'serie-quartier',
      seasonId: 'quartier-s2',
      season: 2,
      episode: 2,
      publications: [
        {
          publicationId: 'pub-s2e2',
          fromDate: '2099-01-01T00:00:00Z',
          toDate: '2099-12-31T23:59:59Z',
          products: ['gratuit'],
        },
      ],
    }),
  );
  doc.seasons.push({ seasonId: 'quartier-s2', tvShowId: 'serie-quartier', season: 2 });
  return doc;
}

describe.each(engines)('catalogue read API (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const result = await importCatalogue(database.db, readApiCatalogue(), TENANT);
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

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const assets = paths.assets(TENANT);
  const list = async (query: string) => {
    const res = await get(`${assets}?client=json&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AssetList>();
    expect(isAssetList.Check(body)).toBe(true);
    return body;
  };
  const ids = (body: AssetList) => body.items.map((a) => a.assetId);
  const badRequest = async (url: string, field: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
    const body = res.json<ErrorBody>();
    expect(isErrorBody.Check(body)).toBe(true);
    expect(body.message).toBe('BAD_REQUEST');
    expect(body.extendedMessage).toContain(field);
  };

  describe('GET /v1/.../content/asset', () => {
    test('lists published assets newest first by default, in the Exposure envelope', async () => {
      const body = await list('');
      expect(body).toMatchObject({ pageNumber: 1, pageSize: 50 });
      expect(ids(body).slice(0, 3)).toEqual(['quartier-s1e2', 'quartier-s1e1', 'serie-quartier']);
      expect(ids(body)).not.toContain('film-futur');
      expect(ids(body)).not.toContain('film-expire');
      expect(body.totalCount).toBe(body.items.length);
    });

    test('assetIds keep their order, repeated or comma separated; unknown ids are skipped', async () => {
      const repeated = await list('assetIds=serie-quartier&assetIds=film-ete-indien&assetIds=nope');
      expect(ids(repeated)).toEqual(['serie-quartier', 'film-ete-indien']);
      const comma = await list('assetIds=film-ete-indien,serie-quartier&fieldSet=ALL');
      expect(ids(comma)).toEqual(['film-ete-indien', 'serie-quartier']);
      expect(comma.items[0]?.medias?.[0]?.format).toBe('HLS');
    });

    test('PARTIAL leaves out heavy fields, ALL has them, excludeFields removes more', async () => {
      const partial = await list('assetIds=film-ete-indien');
      expect(partial.items[0]?.medias).toBeUndefined();
      expect(partial.items[0]?.localized?.[0]).toMatchObject({ locale: 'fr', title: "L'Été indien" });
      const all = await list('assetIds=film-ete-indien&fieldSet=ALL&excludeFields=publications.rights,tags');
      const film = all.items[0] as Asset;
      expect(film.participants?.map((p) => p.name)).toEqual(['Awa Diop', 'Moussa Ndiaye']);
      expect(film.tags).toBeUndefined();
      expect(film.publications?.[0]?.rights).toBeUndefined();
      expect(film.publications?.[0]?.products).toEqual(['gratuit']);
    });

    test('pages: pageSize, pageNumber, totalCount, the last page and beyond it', async () => {
      const first = await list('assetType=CLIP&pageSize=3&pageNumber=1');
      expect(first).toMatchObject({ pageNumber: 1, pageSize: 3, totalCount: 4 });
      expect(ids(first)).toEqual(['clip-zebre', 'clip-abricot', 'clip-elan']);
      const last = await list('assetType=CLIP&pageSize=3&pageNumber=2');
      expect(ids(last)).toEqual(['clip-eau']);
      const beyond = await list('assetType=CLIP&pageSize=3&pageNumber=3');
      expect(beyond).toMatchObject({ items: [], pageNumber: 3, pageSize: 3, totalCount: 4 });
    });

    test('sorts by localized.fr.sortingTitle with accents in their place, and by -created', async () => {
      expect(ids(await list('assetType=CLIP&sort=localized.fr.sortingTitle'))).toEqual([
        'clip-abricot',
        'clip-eau',
        'clip-elan',
        'clip-zebre',
      ]);
      expect(ids(await list('assetType=CLIP&sort=-localized.fr.sortingTitle'))).toEqual([
        'clip-zebre',
        'clip-elan',
        'clip-eau',
        'clip-abricot',
      ]);
      expect(ids(await list('assetTypes=CLIP&sort=created'))).toEqual([
        'clip-eau',
        'clip-elan',
        'clip-abricot',
        'clip-zebre',
      ]);
    });

    test('a title published only in Canada is absent for FR and present for CA', async () => {
      expect(ids(await list('allowedCountry=FR&assetType=MOVIE'))).not.toContain('film-canada');
      expect(ids(await list('allowedCountry=CA&assetType=MOVIE'))).toContain('film-canada');
      expect(ids(await list('allowedCountry=FR&assetType=MOVIE'))).toContain('film-ete-indien');
    });

    test('onlyPublished=false shows future and expired titles', async () => {
      const body = await list('onlyPublished=false&assetType=MOVIE');
      expect(ids(body)).toEqual(expect.arrayContaining(['film-futur', 'film-expire']));
    });

    test('the recommendation call of the details page', async () => {
      const query = encodeURIComponent(
        'tags.subcategory:comedie AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:film-ete-indien',
      );
      const body = await list(
        `sort=-created&pageNumber=1&fieldSet=ALL&pageSize=10&onlyPublished=true&allowedCountry=FR&query=${query}`,
      );
      expect(ids(body)).toEqual(['serie-quartier']);
      expect(body).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 1 });
    });

    test('bad parameters answer 400 naming the field', async () => {
      await badRequest(`${assets}?pageSize=500`, 'pageSize');
      await badRequest(`${assets}?pageSize=0`, 'pageSize');
      await badRequest(`${assets}?pageNumber=0`, 'pageNumber');
      await badRequest(`${assets}?assetType=FILM`, 'assetType');
      await badRequest(`${assets}?assetTypes=MOVIE,FILM`, 'assetTypes');
      await badRequest(`${assets}?allowedCountry=fr`, 'allowedCountry');
      await badRequest(`${assets}?fieldSet=SOME`, 'fieldSet');
      await badRequest(`${assets}?query=${encodeURIComponent('localized.fr.title:Eté*')}`, 'query');
      await badRequest(`${assets}?sort=foo`, 'sort');
    });

    test('an unknown business unit is 404 UNKNOWN_BUSINESS_UNIT', async () => {
      const res = await get(paths.assets({ customer: 'antenne', businessUnit: 'ailleurs' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
    });
  });

  describe('GET /v1/.../content/asset/{assetId}', () => {
    const one = async (id: string, query = '') => {
      const res = await get(`${paths.asset(TENANT, id)}?client=json${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Asset>();
      expect(isAsset.Check(body)).toBe(true);
      return body;
    };
    const notFound = async (id: string, query = '') => {
      const res = await get(`${paths.asset(TENANT, id)}${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_ASSET' });
    };

    test('answers the whole asset with Exposure field names', async () => {
      const film = await one('film-ete-indien');
      expect(film).toMatchObject({
        assetId: 'film-ete-indien',
        type: 'MOVIE',
        duration: 5400000,
        productionYear: 2024,
        productionCountries: ['FR', 'SN'],
        slugs: ['l-ete-indien'],
        tags: [{ type: 'subcategory', tagValues: [{ tagId: 'comedie' }] }],
        parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '1' }],
        linkedEntities: [{ entityId: 'film-ete-indien', entityType: 'ASSET', linkType: 'TRAILER' }],
        customData: { csaLevel: 1 },
      });
      expect(film.publications?.[0]).toMatchObject({
        publicationId: 'pub-film-ete-indien',
        countries: [],
        products: ['gratuit'],
        rights: { maxAds: 2 },
      });
      expect(film.localized?.find((l) => l.locale === 'fr')?.images?.[0]).toEqual({
        url: '/images/film-ete-indien/poster.jpg',
        type: 'poster',
        orientation: 'PORTRAIT',
        width: 1000,
        height: 1500,
      });
    });

    test('accepts a slug and the redbee:{id}:{language} form', async () => {
      expect((await one('l-ete-indien')).assetId).toBe('film-ete-indien');
      expect((await one('redbee:film-ete-indien')).assetId).toBe('film-ete-indien');
      expect((await one('redbee:film-ete-indien:fr')).assetId).toBe('film-ete-indien');
    });

    test('unknown, unpublished, expired and geo-blocked titles are 404 UNKNOWN_ASSET', async () => {
      await notFound('nope');
      await notFound('film-futur');
      await notFound('film-expire');
      await notFound('film-canada', '?allowedCountry=FR');
      expect((await one('film-canada', '&allowedCountry=CA')).assetId).toBe('film-canada');
      expect((await one('film-futur', '&onlyPublished=false')).assetId).toBe('film-futur');
    });

    test('includeSeasons and includeEpisodes: seasons in order, published episodes by number', async () => {
      expect((await one('serie-quartier')).seasons).toBeUndefined();
      const seasonsOnly = await one('serie-quartier', '&includeSeasons=true');
      expect(seasonsOnly.seasons?.map((s) => [s.seasonId, s.season, s.episodeCount, s.episodes])).toEqual([
        ['quartier-s1', '1', 2, undefined],
        ['quartier-s2', '2', 1, undefined],
      ]);
      const show = await one('serie-quartier', '&includeSeasons=true&includeEpisodes=true');
      expect(show.seasons?.map((s) => s.episodes?.map((e) => [e.assetId, e.season, e.episode]))).toEqual([
        [
          ['quartier-s1e1', '1', '1'],
          ['quartier-s1e2', '1', '2'],
        ],
        [['quartier-s2e1', '2', '1']],
      ]);
      expect(show.seasons?.[0]?.localized).toEqual([{ locale: 'fr', title: 'Saison 1', images: [] }]);
    });
  });

  describe('GET /v1/.../content/asset/{assetId}/next', () => {
    test('goes to the next episode, across a season boundary, and 404 after the last published one', async () => {
      const next = async (id: string) => get(`${paths.nextAsset(TENANT, id)}?client=json`);
      const first = await next('quartier-s1e1');
      expect(first.statusCode).toBe(200);
      expect(isAsset.Check(first.json())).toBe(true);
      expect(first.json<Asset>().assetId).toBe('quartier-s1e2');
      expect((await next('quartier-s1e2')).json<Asset>().assetId).toBe('quartier-s2e1');
      const end = await next('quartier-s2e1');
      expect(end.statusCode).toBe(404);
      expect(end.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_ASSET' });
      expect((await next('film-ete-indien')).statusCode).toBe(404);
      expect((await next('nope')).statusCode).toBe(404);
    });
  });

  test('the OpenAPI document lists the catalogue calls', async () => {
    const doc = (await get('/api/docs/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/customer/{customer}/businessunit/{businessUnit}/content/asset',
        '/v1/customer/{customer}/businessunit/{businessUnit}/content/asset/{assetId}',
        '/v1/customer/{customer}/businessunit/{businessUnit}/content/asset/{assetId}/next',
        '/v1/customer/{customer}/businessunit/{businessUnit}/tag/{tagId}',
        '/v1/customer/{customer}/businessunit/{businessUnit}/content/search/suggestions/{text}',
        '/v2/customer/{customer}/businessunit/{businessUnit}/content/search/query/{text}',
      ]),
    );
  });

  describe('GET /v1/.../tag/{tagId}', () => {
    test('answers the tag with its localized titles; 404 for an unknown one', async () => {
      const res = await get(`${paths.tag(TENANT, 'comedie')}?client=json`);
      expect(res.statusCode).toBe(200);
      const tag = res.json<TagType>();
      expect(isTagType.Check(tag)).toBe(true);
      expect(tag).toEqual({
        tagId: 'comedie',
        scheme: 'subcategory',
        localized: [
          { locale: 'fr', title: 'Comédie' },
          { locale: 'en', title: 'Comedy', description: 'Films and series that make you laugh' },
        ],
      });
      const missing = await get(paths.tag(TENANT, 'nope'));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_TAG' });
    });
  });
});
