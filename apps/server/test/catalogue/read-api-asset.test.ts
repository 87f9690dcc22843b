import { AssetSchema, paths, TagTypeSchema, type Asset, type TagType } from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { readApiApp } from './helpers.js';

const isAsset = Compile(AssetSchema);
const isTagType = Compile(TagTypeSchema);

describe.each(engines)('catalogue read API (%s)', (engine) => {
  const { get } = readApiApp(engine);

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
