import {
  paths,
  type Asset,
  type AssetList,
  type AutocompleteItem,
  type MultiSearch,
  type SearchList,
  type Season,
  type SeasonList,
  type WatchNext,
} from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoApp, demoDatabase, publishedSchemas, TestClock } from '../live/helpers.js';

/**
 * Issue 18's catalogue additions over the demo catalogue: seasons, v3 search (titles, multi,
 * autocompletes), watch next and the ApiAsset fields we used to leave out. Every answer validates
 * against the published Exposure schema (test/fixtures/exposure-catalogue-schemas.json).
 */

const SHOW = 'serie-rue-saint-denis';

describe.each(engines)('catalogue additions (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = new TestClock();
  const published = publishedSchemas('exposure-catalogue-schemas.json');
  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await demoApp(testDb, clock);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = async <T>(url: string, status = 200) => {
    const res = await app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    const body = res.json<T>();
    if (status >= 400) expect(published('API Error message', body)).toEqual([]);
    return body;
  };

  describe('seasons', () => {
    test("a show's seasons: ApiSeasonList by number, episode counts, paging", async () => {
      const list = await get<SeasonList>(paths.seasons(TENANT, SHOW));
      expect(published('ApiSeasonList', list)).toEqual([]);
      expect(list.items.map((s) => s.season)).toEqual(['1', '2', '3']);
      expect(list.items.every((s) => (s.episodeCount ?? 0) > 0 && s.episodes === undefined)).toBe(true);
      expect(list.totalCount).toBe(3);

      const second = await get<SeasonList>(
        `${paths.seasons(TENANT, SHOW)}?pageSize=1&pageNumber=2&includeEpisodes=true`,
      );
      expect(published('ApiSeasonList', second)).toEqual([]);
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 1, totalCount: 3 });
      expect(second.items.map((s) => s.seasonId)).toEqual(['rue-saint-denis-s2']);
      expect(second.items[0]?.episodes?.length).toBe(second.items[0]?.episodeCount);
    });

    test('one season by number and by id: ApiSeason, the same season; its episodes in order as ApiAssetList', async () => {
      const byNumber = await get<Season>(`${paths.season(TENANT, SHOW, '2')}?includeEpisodes=true`);
      expect(published('ApiSeason', byNumber)).toEqual([]);
      expect(byNumber.seasonId).toBe('rue-saint-denis-s2');
      const byId = await get<Season>(
        `${paths.seasonById(TENANT, 'rue-saint-denis-s2')}?includeEpisodes=true`,
      );
      expect(published('ApiSeason', byId)).toEqual([]);
      expect(byId).toEqual(byNumber);

      const episodes = await get<AssetList>(paths.seasonEpisodes(TENANT, SHOW, '2'));
      expect(published('ApiAssetList', episodes)).toEqual([]);
      expect(episodes.items.map((e) => e.episode)).toEqual(episodes.items.map((_, i) => String(i + 1)));
      expect(episodes.items.every((e) => e.seasonId === 'rue-saint-denis-s2' && e.type === 'EPISODE')).toBe(
        true,
      );
      expect(episodes.totalCount).toBe(byNumber.episodeCount);
    });

    test('refusals: an unknown show, a film, an unknown or bad season number, an unknown season id', async () => {
      expect(await get(paths.seasons(TENANT, 'serie-inconnue'), 404)).toMatchObject({
        message: 'UNKNOWN_ASSET',
      });
      const film = (await get<AssetList>(`${paths.assets(TENANT)}?assetType=MOVIE&pageSize=1`))
        .items[0] as Asset;
      expect(await get(paths.seasons(TENANT, film.assetId), 404)).toMatchObject({ message: 'UNKNOWN_ASSET' });
      expect(await get(paths.season(TENANT, SHOW, '99'), 404)).toMatchObject({ message: 'UNKNOWN_SEASON' });
      expect(await get(paths.seasonEpisodes(TENANT, SHOW, '99'), 404)).toMatchObject({
        message: 'UNKNOWN_SEASON',
      });
      for (const bad of ['0', '-1', 'deux', '1.5', '12345'])
        expect(await get(paths.season(TENANT, SHOW, bad), 400)).toMatchObject({ httpCode: 400 });
      expect(await get(paths.seasonById(TENANT, 'saison-inconnue'), 404)).toMatchObject({
        message: 'UNKNOWN_SEASON',
      });
    });
  });

  describe('v3 search', () => {
    test('title search: ApiSearchList of titles matching every word, the last one as a prefix', async () => {
      const list = await get<SearchList>(`${paths.searchAssets(TENANT, 'rue saint')}?locales=fr`);
      expect(published('ApiSearchList', list)).toEqual([]);
      expect(list.items.map((i) => i.asset.assetId)).toContain(SHOW);
      expect(list.items.every((i) => i.highlightedTitle?.includes('<em>'))).toBe(true);
    });

    test('multi search: assets, tags and participants in the published ApiMultiSearchResponse', async () => {
      const multi = await get<MultiSearch>(paths.searchMulti(TENANT, 'nadia'));
      expect(published('ApiMultiSearchResponse', multi)).toEqual([]);
      expect(multi.participantHits.items).toContainEqual({
        participant: { participantId: 'p-nadia-belanger', name: 'Nadia Bélanger' },
      });
      const show = await get<MultiSearch>(paths.searchMulti(TENANT, 'rue saint'));
      expect(published('ApiMultiSearchResponse', show)).toEqual([]);
      expect(show.assetHits.items.map((i) => i.asset.assetId)).toContain(SHOW);
    });

    test('multi search finds tags by title in any locale, of the asked schemes; the v2 search on the same path keeps its own shape', async () => {
      const multi = await get<MultiSearch>(`${paths.searchMulti(TENANT, 'documentaires')}?locale=fr`);
      expect(published('ApiMultiSearchResponse', multi)).toEqual([]);
      expect(multi.tagHits.items).toContainEqual(
        expect.objectContaining({ tag: expect.objectContaining({ tagId: 'category:documentaires' }) }),
      );
      const english = await get<MultiSearch>(
        `${paths.searchMulti(TENANT, 'documentaries')}?schemes=category`,
      );
      expect(english.tagHits.items.map((i) => i.tag.tagId)).toEqual(['category:documentaires']);
      expect(english.tagHits.items[0]?.highlightedTitle).toBe('Documentaires');
      const otherScheme = await get<MultiSearch>(
        `${paths.searchMulti(TENANT, 'documentaries')}?schemes=origin`,
      );
      expect(otherScheme.tagHits.totalCount).toBe(0);
      const v2 = await get<SearchList>(paths.searchQuery(TENANT, 'rue saint'));
      expect(published('ApiSearchList', v2)).toEqual([]);
      expect(v2).not.toHaveProperty('assetHits');
    });

    test('the fixed /v3 prefix: another business unit is 404 UNKNOWN_BUSINESS_UNIT; v3 on a v1 call, v1 on the multi search are unknown paths', async () => {
      const other = { customer: TENANT.customer, businessUnit: 'ailleurs' };
      expect(await get(paths.searchMulti(other, 'rue'), 404)).toMatchObject({
        message: 'UNKNOWN_BUSINESS_UNIT',
      });
      expect(await get(paths.assets(TENANT).replace('/v1/', '/v3/'), 404)).toMatchObject({
        message: 'NOT_FOUND',
      });
      expect(await get(paths.searchMulti(TENANT, 'rue').replace('/v3/', '/v1/'), 404)).toMatchObject({
        message: 'NOT_FOUND',
      });
    });

    test('title autocompletes: [{hitText, hitFieldValue}] for assets and tags', async () => {
      const assets = await get<AutocompleteItem[]>(paths.assetTitleAutocomplete(TENANT, 'rue sai'));
      expect(published('ApiAutocompleteItem2[]', assets)).toEqual([]);
      expect(assets).toContainEqual({ hitText: 'Rue Saint-Denis', hitFieldValue: SHOW });
      const tags = await get<AutocompleteItem[]>(paths.tagTitleAutocomplete(TENANT, 'documen'));
      expect(published('ApiAutocompleteItem2[]', tags)).toEqual([]);
      expect(tags).toContainEqual({ hitText: 'Documentaires', hitFieldValue: 'category:documentaires' });
    });

    test('refusals: too short, a NUL byte, a huge text, a bad locale', async () => {
      expect(await get(paths.searchAssets(TENANT, 'a'), 400)).toMatchObject({
        message: 'SEARCH_TEXT_TOO_SHORT',
      });
      expect(await get(paths.searchMulti(TENANT, 'a'), 400)).toMatchObject({
        message: 'SEARCH_TEXT_TOO_SHORT',
      });
      expect(await get(paths.searchMulti(TENANT, 'ru\u0000e'), 400)).toMatchObject({ httpCode: 400 });
      expect(await get(paths.assetTitleAutocomplete(TENANT, 'ru\u0000e'), 400)).toMatchObject({
        httpCode: 400,
      });
      expect(await get(paths.searchAssets(TENANT, 'x'.repeat(5000)), 400)).toMatchObject({ httpCode: 400 });
      expect(await get(`${paths.searchAssets(TENANT, 'rue')}?locales=%3Cscript%3E`, 400)).toMatchObject({
        httpCode: 400,
      });
    });
  });

  describe('watch next', () => {
    test("an episode: the show's next episodes first, in order (ApiRecommendedWatchNext)", async () => {
      const next = await get<WatchNext>(paths.watchNext(TENANT, 'rue-saint-denis-s1e1'));
      expect(published('ApiRecommendedWatchNext', next)).toEqual([]);
      expect(next.items[0]?.assetId).toBe('rue-saint-denis-s1e2');
      expect(next.items.map((a) => a.assetId)).not.toContain('rue-saint-denis-s1e1');
    });

    test('a film: related titles of its type, never itself; an unknown asset is 404', async () => {
      const film = (await get<AssetList>(`${paths.assets(TENANT)}?assetType=MOVIE&pageSize=1`))
        .items[0] as Asset;
      const next = await get<WatchNext>(paths.watchNext(TENANT, film.assetId));
      expect(published('ApiRecommendedWatchNext', next)).toEqual([]);
      expect(next.items.length).toBeGreaterThan(0);
      expect(next.items.every((a) => a.type === 'MOVIE' && a.assetId !== film.assetId)).toBe(true);
      expect(await get(paths.watchNext(TENANT, 'film-inconnu'), 404)).toMatchObject({
        message: 'UNKNOWN_ASSET',
      });
      expect(await get(paths.watchNext(TENANT, 'x'.repeat(5000)), 400)).toMatchObject({ httpCode: 400 });
    });
  });

  test('the asset answers carry ApiAsset’s fields we left out, and validate against ApiAsset', async () => {
    const asset = await get<Asset>(paths.asset(TENANT, 'rue-saint-denis-s1e1'));
    expect(published('ApiAsset', asset)).toEqual([]);
    expect(asset).toMatchObject({
      audioTracks: asset.spokenLanguages,
      live: false,
      markers: [],
      markerPoints: [],
      cuePoints: [],
      collections: [],
    });
    for (const p of asset.publications ?? []) {
      expect(p.availabilityKeys).toEqual(p.products.flatMap((id) => [id, `${asset.assetId}_${id}`]));
      expect(p.devices).toEqual([]);
    }
    const channel = (await get<AssetList>(`${paths.assets(TENANT)}?assetType=TV_CHANNEL&pageSize=1`))
      .items[0];
    expect(channel?.live).toBe(true);
    const list = await get<AssetList>(`${paths.assets(TENANT)}?pageSize=20`);
    expect(published('ApiAssetList', list)).toEqual([]);
  });
});
