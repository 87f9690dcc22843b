import { describe, expect, test } from 'vitest';
import { heroImage, heroImageSources } from './hero.js';
import { PERSONAL_QUERY_RESOURCES, queryKeys } from './query-keys.js';
import { resolveLocation, structureParamsOf } from './startup.js';

const LANE = '/v1/customer/antenne/businessunit/monde/content/asset?query=tags.etiquette:nouveaute';

describe('the query keys both apps use', () => {
  test('a visitor’s lane is keyed as the server’s bootstrap embeds it: no scope, no page size', () => {
    expect(JSON.stringify(queryKeys.content({ type: 'AssetQuery', url: LANE }, 'FR', null))).toBe(
      JSON.stringify(['content', LANE, 'FR', null, null]),
    );
  });

  test('the user’s own lists start with the resource their writes invalidate and sign-out removes', () => {
    const favourites = queryKeys.content({ type: 'Favourites', url: '/fav' }, 'FR', 'tok');
    const continueWatching = queryKeys.content({ type: 'ContinueWatching', url: '/cw' }, 'FR', 'tok');
    expect(favourites[0]).toBe('favourites');
    expect(continueWatching[0]).toBe('continueWatching');
    expect(PERSONAL_QUERY_RESOURCES).toEqual(expect.arrayContaining([favourites[0], continueWatching[0]]));
  });

  test('a restricted profile’s hero is another key than the public one', () => {
    expect(queryKeys.component('home-hero', 'FR')).toEqual(['component', 'home-hero', 'FR']);
    expect(queryKeys.component('home-hero', 'FR', 'kid')).toEqual(['component', 'home-hero', 'FR', 'kid']);
  });

  test('the structure is keyed by the filters and country the startup resolved', () => {
    const unknown = resolveLocation({ locationKnown: false, countryCode: null, filters: [] });
    expect(queryKeys.structure(structureParamsOf(unknown))).toEqual([
      'structure',
      { filters: 'DEVICE:WEB', allowedCountry: 'FR' },
    ]);
    const phone = resolveLocation({
      locationKnown: true,
      countryCode: 'SN',
      filters: [{ type: 'DEVICE', value: 'MOBILE' }],
    });
    expect(structureParamsOf(phone)).toEqual({ filters: 'DEVICE:MOBILE', allowedCountry: 'SN' });
  });
});

describe('the hero image', () => {
  const poster = { url: '/p.png', orientation: 'PORTRAIT' };
  const landscape = { url: '/l.png', orientation: 'LANDSCAPE' };
  const background = { url: '/b.png', orientation: 'LANDSCAPE', tags: ['background'] };

  test('prefers the background image, then a landscape one, then the first', () => {
    expect(heroImage([poster, landscape, background])).toBe(background);
    expect(heroImage([poster, landscape])).toBe(landscape);
    expect(heroImage([poster])).toBe(poster);
    expect(heroImage([])).toBeUndefined();
    expect(heroImage(undefined)).toBeUndefined();
  });

  test('its sources: 640 to 2560 px wide, 1280 without srcset, a URL’s own query kept', () => {
    const { src, srcset, sizes } = heroImageSources('/b.png?v=2');
    expect(src).toBe('/b.png?v=2&w=1280');
    expect(srcset.split(', ')).toEqual(
      [640, 960, 1280, 1600, 1920, 2560].map((w) => `/b.png?v=2&w=${w} ${w}w`),
    );
    // The last size is a portrait phone's: the 64:27 art covering a 16:9 banner.
    expect(sizes.split(', ').at(-1)).toBe('133.33vw');
  });
});
