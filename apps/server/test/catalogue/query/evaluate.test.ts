import { describe, expect, test } from 'vitest';
import {
  compileAssetQuery,
  parseAssetQuery,
  queryableAsset,
  type QueryableFields,
} from '../../../src/modules/catalogue/query/index.js';

const asset = (overrides: Partial<QueryableFields> = {}): QueryableFields => ({
  assetId: 'asset-1',
  type: 'MOVIE',
  tags: [],
  participantNames: [],
  titles: {},
  productionCountries: [],
  mediaFormats: [],
  mediaDrms: [],
  ...overrides,
});

/** Through queryableAsset, as the catalogue builds them: a test's `{ ...polar, assetId }` is read afresh. */
const matches = (query: string, a: QueryableFields) =>
  compileAssetQuery(parseAssetQuery(query))(queryableAsset(a));

const polar = asset({
  assetId: 'polar-1',
  type: 'MOVIE',
  tags: [
    { scheme: 'classifier', tagId: 'subcategory:polar' },
    { scheme: 'genre', tagId: 'thriller' },
    { scheme: 'category', tagId: 'cinema' },
  ],
  participantNames: ['Agnès Varda', 'Jean-Paul Belmondo'],
  titles: { fr: "L'Été indien", 'en-US': 'Indian Summer', ar: 'صَيْفٌ هِنْدِيّ' },
  productionYear: 1999,
  productionCountries: ['FR', 'be'],
  mediaFormats: ['HLS', 'DASH'],
  mediaDrms: ['FAIRPLAY', 'WIDEVINE'],
});
const episode = asset({
  assetId: 'ep-3',
  type: 'EPISODE',
  tvShowId: 'show-1',
  seasonId: 'season-2',
  season: '2',
  episode: '3',
  tags: [{ scheme: 'category', tagId: 'category:jeunesse' }],
  titles: { fr: 'Épisode trois' },
});

describe('compileAssetQuery', () => {
  test("the spec's recommendation query", () => {
    const q = 'tags.subcategory:polar AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:abc';
    expect(matches(q, polar)).toBe(true);
    expect(matches(q, { ...polar, type: 'TV_SHOW' })).toBe(true);
    expect(matches(q, { ...polar, type: 'EPISODE' })).toBe(false);
    expect(matches(q, { ...polar, assetId: 'abc' })).toBe(false);
    expect(matches(q, { ...polar, assetId: 'ABC' })).toBe(false);
    expect(matches(q, { ...polar, tags: [{ scheme: 'genre', tagId: 'thriller' }] })).toBe(false);
  });

  test('youth recommendation query with the category filter', () => {
    const q = 'tags.category:jeunesse AND (type:MOVIE OR type:TV_SHOW OR type:EPISODE) AND NOT assetId:other';
    expect(matches(q, episode)).toBe(true);
    expect(matches(q, polar)).toBe(false);
  });

  test('tags.<scheme>: the scheme and tagId, or a tagId "<scheme>:<value>" in any scheme, case-insensitive', () => {
    expect(matches('tags.genre:thriller', polar)).toBe(true);
    expect(matches('tags.GENRE:Thriller', polar)).toBe(true);
    expect(matches('tags.category:cinema', polar)).toBe(true);
    expect(matches('tags.subcategory:polar', polar)).toBe(true);
    expect(matches('tags.classifier:polar', polar)).toBe(false);
    expect(matches('tags.classifier:"subcategory:polar"', polar)).toBe(true);
    expect(matches('tags.genre:cinema', polar)).toBe(false);
    expect(matches('tags.keyword:polar', polar)).toBe(false);
  });

  test('tags.tagId and tagIds: any tag with that id', () => {
    expect(matches('tags.tagId:thriller', polar)).toBe(true);
    expect(matches('tagIds:THRILLER', polar)).toBe(true);
    expect(matches('tags.tagId:"subcategory:polar"', polar)).toBe(true);
    expect(matches('tags.tagId:polar', polar)).toBe(false);
  });

  test('ids, types, countries, media formats and DRMs: exact, case-insensitive', () => {
    expect(matches('assetId:polar-1', polar)).toBe(true);
    expect(matches('assetId:POLAR-1', polar)).toBe(true);
    expect(matches('assetId:polar', polar)).toBe(false);
    expect(matches('type:movie', polar)).toBe(true);
    expect(matches('assetType:EPISODE', polar)).toBe(false);
    expect(matches('productionCountries:fr', polar)).toBe(true);
    expect(matches('productionCountries:BE', polar)).toBe(true);
    expect(matches('productionCountries:F', polar)).toBe(false);
    expect(matches('medias.format:hls AND medias.drm:FairPlay', polar)).toBe(true);
    expect(matches('medias.drm:PLAYREADY', polar)).toBe(false);
    expect(matches('tvShowId:SHOW-1 AND seasonId:season-2', episode)).toBe(true);
    expect(matches('tvShowId:show-1', polar)).toBe(false);
  });

  test('productionYear, season and episode', () => {
    expect(matches('productionYear:1999', polar)).toBe(true);
    expect(matches('productionYear:2000', polar)).toBe(false);
    expect(matches('productionYear:1999', episode)).toBe(false);
    expect(matches('season:2 AND episode:3', episode)).toBe(true);
    expect(matches('season:02 AND episode:003', episode)).toBe(true);
    expect(matches('episode:30', episode)).toBe(false);
    expect(matches('season:2', polar)).toBe(false);
  });

  test('participants.name: whole name, case- and accent-insensitive', () => {
    expect(matches('participants.name:"Agnès Varda"', polar)).toBe(true);
    expect(matches('participants.name:"agnes varda"', polar)).toBe(true);
    expect(matches('participants.name:"AGNÈS VARDA"', polar)).toBe(true);
    expect(matches('participants.name:"Jean Paul Belmondo"', polar)).toBe(true);
    expect(matches('participants.name:Varda', polar)).toBe(false);
    expect(matches('participants.name:"Agnès"', polar)).toBe(false);
  });

  test('localized.<locale>.title: every word in that locale title, accent- and case-insensitive', () => {
    expect(matches('localized.fr.title:ete', polar)).toBe(true);
    expect(matches('localized.fr.title:"INDIEN été"', polar)).toBe(true);
    expect(matches('localized.fr.title:"été automne"', polar)).toBe(false);
    expect(matches('localized.fr.title:ind', polar)).toBe(false);
    expect(matches('localized.en-us.title:summer', polar)).toBe(true);
    expect(matches('localized.en_US.title:summer', polar)).toBe(true);
    expect(matches('localized.en.title:summer', polar)).toBe(false);
    expect(matches('localized.ar.title:صيف', polar)).toBe(true);
    expect(matches('localized.de.title:sommer', polar)).toBe(false);
    expect(matches('localized.fr.title:"!!"', polar)).toBe(false);
  });

  test('truth tables for AND, OR, NOT', () => {
    const a = 'assetId:polar-1'; // true for polar
    const b = 'type:EPISODE'; // false for polar
    const cases: [string, boolean][] = [
      [`${a} AND ${a}`, true],
      [`${a} AND ${b}`, false],
      [`${b} AND ${a}`, false],
      [`${b} AND ${b}`, false],
      [`${a} OR ${a}`, true],
      [`${a} OR ${b}`, true],
      [`${b} OR ${a}`, true],
      [`${b} OR ${b}`, false],
      [`NOT ${a}`, false],
      [`NOT ${b}`, true],
      [`-${b}`, true],
      [`!${a}`, false],
      [`${a} ${b}`, false],
      [`${b} OR ${b} OR ${a}`, true],
      [`${a} AND ${a} AND ${b}`, false],
      [`${a} AND ${a} AND ${a}`, true],
      [`${b} OR ${a} AND ${b}`, false],
      [`(${b} OR ${a}) AND ${a}`, true],
      [`NOT (${a} AND ${b})`, true],
      [`NOT NOT ${a}`, true],
      ['type:(EPISODE OR MOVIE)', true],
      ['type:(EPISODE OR CLIP)', false],
      ['type:(MOVIE AND NOT EPISODE)', true],
    ];
    for (const [q, expected] of cases) expect(matches(q, polar), q).toBe(expected);
  });

  test('compiles once, runs fast over a large catalogue', () => {
    const predicate = compileAssetQuery(
      parseAssetQuery(
        'tags.subcategory:polar AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:abc AND participants.name:"agnes varda"',
      ),
    );
    const assets = Array.from({ length: 20_000 }, (_, i) =>
      queryableAsset({ ...polar, assetId: `a${i}`, type: i % 2 ? 'MOVIE' : 'CLIP' }),
    );
    expect(assets.filter(predicate)).toHaveLength(10_000);
  });
});
