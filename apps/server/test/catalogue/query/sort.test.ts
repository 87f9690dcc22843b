import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/errors.js';
import {
  compareAssets,
  parseAssetSort,
  type SortableAsset,
} from '../../../src/modules/catalogue/query/index.js';

const asset = (assetId: string, overrides: Partial<SortableAsset> = {}): SortableAsset => ({
  assetId,
  created: '2024-01-01T00:00:00Z',
  changed: '2024-01-01T00:00:00Z',
  popularity: 0,
  sortingTitles: {},
  titles: {},
  ...overrides,
});

const order = (sort: string, assets: SortableAsset[]) =>
  [...assets].sort(compareAssets(parseAssetSort(sort))).map((a) => a.assetId);

function rejection(text: string): ApiError {
  try {
    parseAssetSort(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseAssetSort', () => {
  test('no sort', () => {
    expect(parseAssetSort(undefined)).toEqual([]);
    expect(parseAssetSort('')).toEqual([]);
    expect(parseAssetSort('  ')).toEqual([]);
  });

  test('keys, directions and aliases', () => {
    expect(parseAssetSort('-publications.publicationDate,assetId')).toEqual([
      { field: 'publicationDate', descending: true },
      { field: 'assetId', descending: false },
    ]);
    expect(
      parseAssetSort('publicationDate, -created ,changed,productionYear,-popularity,season,episode'),
    ).toEqual([
      { field: 'publicationDate', descending: false },
      { field: 'created', descending: true },
      { field: 'changed', descending: false },
      { field: 'productionYear', descending: false },
      { field: 'popularity', descending: true },
      { field: 'season', descending: false },
      { field: 'episode', descending: false },
    ]);
    expect(parseAssetSort('localized.en.sortingTitle,-localized.fr-CA.title')).toEqual([
      { field: 'sortingTitle', locale: 'en', descending: false },
      { field: 'title', locale: 'fr-CA', descending: true },
    ]);
    // `+created` decoded from a query string is ` created`; an explicit + is accepted too.
    expect(parseAssetSort(' created,+changed')).toEqual([
      { field: 'created', descending: false },
      { field: 'changed', descending: false },
    ]);
  });

  test.each<[string, string]>([
    ['title', 'sort: unknown key "title"'],
    ['created,-foo', 'sort: unknown key "-foo"'],
    ['localized.fr.description', 'sort: unknown key "localized.fr.description"'],
    ['localized.x.title', 'sort: unknown locale "x" in "localized.x.title"'],
    ['localized.f$r.title', 'sort: unknown locale "f$r" in "localized.f$r.title"'],
    // Shaped like a tag, refused by Intl (the contract's isLocaleTag): a collator would throw.
    ['localized.en-12.title', 'sort: unknown locale "en-12" in "localized.en-12.title"'],
    ['localized.de-1996-1996.title', 'sort: unknown locale "de-1996-1996" in "localized.de-1996-1996.title"'],
    ['created,,assetId', 'sort: empty key in "created,,assetId"'],
    ['-', 'sort: unknown key "-"'],
    ['a,b,c,d,e,f,g,h,i', 'sort: too many keys (9, at most 8)'],
  ])('rejects %s', (text, message) => {
    const error = rejection(text);
    expect(error.httpCode).toBe(400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.extendedMessage).toBe(message);
  });
});

describe('compareAssets', () => {
  test('dates ascending and descending, with offsets, missing and invalid last', () => {
    const assets = [
      asset('a', { created: '2024-03-01T00:00:00Z' }),
      asset('b', { created: '2024-01-01T00:00:00+00:00' }),
      asset('c', { created: '2024-02-01T01:00:00+02:00' }), // 2024-01-31T23:00Z
      asset('d', { created: '' }),
      asset('e', { created: 'not a date' }),
    ];
    expect(order('created', assets)).toEqual(['b', 'c', 'a', 'd', 'e']);
    expect(order('-created', assets)).toEqual(['a', 'c', 'b', 'd', 'e']);
  });

  test('publication date, missing last in both directions', () => {
    const assets = [
      asset('a'),
      asset('b', { publicationDate: '2023-05-01T00:00:00Z' }),
      asset('c', { publicationDate: '2024-05-01T00:00:00Z' }),
    ];
    expect(order('publicationDate', assets)).toEqual(['b', 'c', 'a']);
    expect(order('-publications.publicationDate', assets)).toEqual(['c', 'b', 'a']);
  });

  test('numbers: popularity, productionYear', () => {
    const assets = [
      asset('a', { popularity: 5, productionYear: 2001 }),
      asset('b', { popularity: 10 }),
      asset('c', { popularity: 5, productionYear: 1990 }),
    ];
    expect(order('-popularity', assets)).toEqual(['b', 'a', 'c']);
    expect(order('-popularity,productionYear', assets)).toEqual(['b', 'c', 'a']);
    expect(order('productionYear', assets)).toEqual(['c', 'a', 'b']);
    expect(order('-productionYear', assets)).toEqual(['a', 'c', 'b']);
  });

  test('season and episode compare as numbers', () => {
    const assets = [
      asset('e10', { season: '1', episode: '10' }),
      asset('e2', { season: '1', episode: '2' }),
      asset('s2e1', { season: '2', episode: '1' }),
      asset('s10e1', { season: '10', episode: '1' }),
      asset('special', { season: '1', episode: 'special' }),
      asset('none'),
    ];
    expect(order('season,episode', assets)).toEqual(['e2', 'e10', 'special', 's2e1', 's10e1', 'none']);
    expect(order('-season,-episode', assets)).toEqual(['s10e1', 's2e1', 'special', 'e10', 'e2', 'none']);
  });

  test('assetId is the final tie-breaker, so the order is total', () => {
    const assets = [asset('c'), asset('a'), asset('b')];
    expect(order('created', assets)).toEqual(['a', 'b', 'c']);
    expect(order('-created', assets)).toEqual(['a', 'b', 'c']);
    expect(order('-assetId', assets)).toEqual(['c', 'b', 'a']);
    expect([...assets].sort(compareAssets([])).map((a) => a.assetId)).toEqual(['a', 'b', 'c']);
  });

  test('French titles: accents and case ignored (É sorts with E), numbers in natural order', () => {
    const titles = [
      'Zorro',
      'Été indien',
      'eau',
      'Ecole',
      'étang',
      'Œdipe',
      'Agnès',
      'Épisode 10',
      'Épisode 2',
      'zèbre',
    ];
    const assets = titles.map((t, i) => asset(`id${i}`, { titles: { fr: t } }));
    const sorted = [...assets]
      .sort(compareAssets(parseAssetSort('localized.fr.title')))
      .map((a) => a.titles.fr);
    expect(sorted).toEqual([
      'Agnès',
      'eau',
      'Ecole',
      'Épisode 2',
      'Épisode 10',
      'étang',
      'Été indien',
      'Œdipe',
      'zèbre',
      'Zorro',
    ]);
    const reversed = [...assets]
      .sort(compareAssets(parseAssetSort('-localized.fr.title')))
      .map((a) => a.titles.fr);
    expect(reversed).toEqual([...sorted].reverse());
  });

  test('titles equal under base sensitivity fall through to assetId', () => {
    const assets = [asset('b', { titles: { fr: 'été' } }), asset('a', { titles: { fr: 'Ete' } })];
    expect(order('localized.fr.title', assets)).toEqual(['a', 'b']);
  });

  test('sortingTitle, falling back to the title; missing locale last', () => {
    const assets = [
      asset('le-monde', { titles: { fr: 'Le Monde' }, sortingTitles: { fr: 'Monde' } }),
      asset('avatar', { titles: { fr: 'Avatar' } }),
      asset('zebre', { titles: { fr: 'Zèbre' }, sortingTitles: { fr: '' } }),
      asset('english-only', { titles: { en: 'Anything' } }),
    ];
    expect(order('localized.fr.sortingTitle', assets)).toEqual([
      'avatar',
      'le-monde',
      'zebre',
      'english-only',
    ]);
    expect(order('-localized.fr.sortingTitle', assets)).toEqual([
      'zebre',
      'le-monde',
      'avatar',
      'english-only',
    ]);
    expect(order('localized.fr.title', assets)).toEqual(['avatar', 'le-monde', 'zebre', 'english-only']);
  });

  test('locale keys are matched case-insensitively (en-US, en_us)', () => {
    const assets = [
      asset('b', { titles: { 'en-US': 'Banana' } }),
      asset('a', { titles: { en_us: 'Apple' } }),
    ];
    expect(order('localized.en-us.title', assets)).toEqual(['a', 'b']);
  });

  test('Arabic titles in alphabetical order', () => {
    // alef, beh, teh, jeem, ain, yeh; with and without tashkeel
    const titles = ['يوم', 'جَبَل', 'أمل', 'تُفّاح', 'عين', 'بيت'];
    const assets = titles.map((t, i) => asset(`id${i}`, { titles: { ar: t } }));
    const sorted = [...assets]
      .sort(compareAssets(parseAssetSort('localized.ar.title')))
      .map((a) => a.titles.ar);
    expect(sorted).toEqual(['أمل', 'بيت', 'تُفّاح', 'جَبَل', 'عين', 'يوم']);
  });

  test('several keys', () => {
    const assets = [
      asset('a', { productionYear: 2000, titles: { fr: 'Beta' } }),
      asset('b', { productionYear: 2000, titles: { fr: 'alpha' } }),
      asset('c', { productionYear: 1990, titles: { fr: 'Gamma' } }),
    ];
    expect(order('-productionYear,localized.fr.title', assets)).toEqual(['b', 'a', 'c']);
  });
});
