import { paths, type Asset } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines } from '../helpers/test-app.js';
import { readApiApp } from './helpers.js';

describe.each(engines)('catalogue read API (%s)', (engine) => {
  const { get, assets, list, ids, badRequest } = readApiApp(engine);

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
      // Past any page, and a number that parses to Infinity (found by the OpenAPI fuzzer): 400, not 500.
      await badRequest(`${assets}?pageNumber=100001`, 'pageNumber');
      await badRequest(`${assets}?pageNumber=1e309`, 'pageNumber');
      await badRequest(`${assets}?pageSize=-1e309`, 'pageSize');
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
});
