import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { AssetListSchema, AssetSchema, TagTypeSchema } from './asset.js';
import { SearchListSchema, SearchSuggestionListSchema } from './catalogue.js';

/** An answer shaped as Red Bee's Exposure sends it (fields from its OpenAPI document and fixtures). */
const exposureAsset = {
  assetId: 'b8a3c9e1_82162E',
  type: 'MOVIE',
  localized: [
    {
      locale: 'en',
      title: 'Armageddon',
      sortingTitle: 'Armageddon',
      description: 'A clip',
      images: [
        {
          url: 'https://azukifilesprestage.blob.core.windows.net/img.jpg',
          type: 'cover',
          orientation: 'LANDSCAPE',
          width: 1920,
          height: 1080,
          priority: 1,
        },
      ],
    },
  ],
  tags: [
    {
      type: 'genre',
      tagValues: [{ tagId: 'action' }],
      created: '2022-02-22T22:22:22Z',
      changed: '2022-02-22T22:22:22Z',
    },
  ],
  publications: [
    {
      publicationId: 'pub1',
      publicationDate: '2022-02-22T22:22:22+00:00',
      fromDate: '2022-02-22T22:22:22+00:00',
      toDate: '2122-02-22T22:22:22+00:00',
      countries: [],
      services: [],
      products: ['free_product_82162E'],
      availabilityKeys: ['free_product_82162E', 'b8a3c9e1_82162E_free_product_82162E'],
      devices: [],
      rights: { activation: 'NONE', maxAds: 0, wifiBlocked: false, hdmiblocked: false, maxBitrate: 0 },
    },
  ],
  parentalRatings: [{ country: 'US', rating: 'TV14', scheme: 'MPAA' }],
  participants: [{ personId: 'p1', name: 'Bruce Willis', function: 'Actor', localized: [] }],
  duration: 291952,
  runtime: 291952,
  medias: [
    {
      mediaId: 'm1',
      name: 'HLS',
      drm: 'UNENCRYPTED',
      format: 'HLS',
      height: 720,
      width: 1280,
      durationMillis: 291952,
      status: 'enabled',
    },
  ],
  live: false,
  slugs: ['armageddon'],
  popularityScores: { '7d': '12' },
  customData: { anything: [1, 2] },
  trackSizes: { audioTracks: [] },
  created: '2022-02-22T22:22:22Z',
  changed: '2022-02-22T22:22:22Z',
};

describe('catalogue schemas accept what Exposure answers', () => {
  test('an Exposure asset and asset list', () => {
    expect(Compile(AssetSchema).Check(exposureAsset)).toBe(true);
    expect(
      Compile(AssetListSchema).Check({ items: [exposureAsset], pageNumber: 1, pageSize: 5, totalCount: 468 }),
    ).toBe(true);
  });

  test('a series with seasons and episodes', () => {
    const show = {
      ...exposureAsset,
      type: 'TV_SHOW',
      seasons: [
        {
          seasonId: 's1',
          season: '1',
          tvShowId: 'show',
          episodeCount: 1,
          episodes: [{ ...exposureAsset, type: 'EPISODE', season: '1', episode: '3' }],
        },
      ],
    };
    expect(Compile(AssetSchema).Check(show)).toBe(true);
  });

  test('a tag, the search list and the suggestions', () => {
    expect(
      Compile(TagTypeSchema).Check({
        tagId: 'action',
        scheme: 'genre',
        localized: [{ locale: 'en', title: 'Action' }],
        parents: [],
        children: [],
      }),
    ).toBe(true);
    expect(
      Compile(SearchListSchema).Check({
        items: [
          { asset: exposureAsset, highlightedTitle: '<em>Arma</em>geddon', highlightedDescription: '' },
        ],
        pageNumber: 1,
        pageSize: 50,
        totalCount: 1,
        suggestion: 'armageddon',
      }),
    ).toBe(true);
    expect(
      Compile(SearchSuggestionListSchema).Check([
        { text: 'Armageddon', assetId: 'b8a3c9e1_82162E' },
        { text: 'arm' },
      ]),
    ).toBe(true);
  });

  test('an asset without its id or type is refused', () => {
    const { assetId: _id, ...withoutId } = exposureAsset;
    expect(Compile(AssetSchema).Check(withoutId)).toBe(false);
  });
});
