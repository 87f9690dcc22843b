import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  displayAdPaths,
  heroImageSources,
  type Asset,
  type Component,
  type ComponentReference,
  type DisplayAd,
} from '@antenne/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, requestsTo, type Handler } from '../../../test/fetch-mock';
import { CONSENT_COOKIE, consentCookieValue } from '../../lib/analytics/consent';
import { heroTarget, HERO_ROTATION_MS } from '../hero/hero-banner';
import { adBefore, pageBlocks } from './page-body';

const COMPONENT = '/v2/whitelabel/customer/antenne/businessunit/web/config/sandwich/component/';
const ASSETS = '/v1/customer/antenne/businessunit/web/content/asset';

const ref = (
  referenceId: string,
  appType = 'carousel',
  extra: Partial<ComponentReference> = {},
): ComponentReference => ({
  type: 'ComponentReference',
  appType,
  referenceId,
  referenceUrl: `${COMPONENT}${referenceId}`,
  name: referenceId,
  ...extra,
});

const asset = (n: number, extra: Partial<Asset> = {}): Asset => ({
  assetId: `film-${n}`,
  type: 'MOVIE',
  localized: [
    {
      locale: 'fr',
      title: `Film ${n}`,
      images: [{ url: `/images/film-${n}/cover.png`, type: 'cover', orientation: 'LANDSCAPE' }],
    },
    { locale: 'en', title: `Movie ${n}` },
  ],
  ...extra,
});

const lane = (id: string, title: string, url = `${ASSETS}?query=${id}`): Component => ({
  type: 'Component',
  id,
  appType: 'carousel',
  presentation: { fallback: { title } },
  contentUrl: { type: 'AssetQuery', url, authorized: false },
});

const hero = (titles: string[]): Component => ({
  type: 'Component',
  id: 'hero',
  appType: 'herobanner',
  presentation: { fallback: { title: 'À la une' } },
  components: {
    heroBannerItems: titles.map((title, i) => ({
      appType: 'herobanner_item',
      appSubType: 'Asset',
      presentation: { fallback: { title, images: [{ url: `/images/hero-${i}.png`, tags: ['background'] }] } },
      actions: { default: { type: 'AssetAction', verb: 'NavigateToDetails', assetId: `film-${i}` } },
    })),
  },
});

/** A home page whose body is `body`, its components and the asset lists by `query`. */
function serve(
  body: ComponentReference[],
  components: Record<string, Component | 'fail'>,
  lists: Record<string, Asset[] | 'fail'>,
  extra: Record<string, Handler> = {},
) {
  const handlers: Record<string, Handler> = {
    ...extra,
    [`${COMPONENT}home`]: () =>
      json({
        type: 'Component',
        id: 'home',
        appType: 'page',
        presentation: { fallback: { title: 'Accueil' } },
        components: { pageBody: body },
      }),
    [ASSETS]: (url) => {
      const list = lists[url.searchParams.get('query') ?? ''];
      if (list === undefined || list === 'fail') return apiError(500, 'INTERNAL_ERROR');
      return json({
        items: list.slice(0, Number(url.searchParams.get('pageSize') ?? 50)),
        totalCount: list.length,
        pageNumber: 1,
        pageSize: 50,
      });
    },
  };
  for (const [id, component] of Object.entries(components)) {
    handlers[`${COMPONENT}${id}`] = () =>
      component === 'fail' ? apiError(500, 'INTERNAL_ERROR') : json(component);
  }
  return mockFetch(handlers);
}

const houseAd: DisplayAd = {
  adId: 'promo-direct',
  slot: 'top',
  size: 'medium',
  width: 320,
  height: 50,
  imageUrl: '/v2/customer/antenne/businessunit/web/ads/display/creative/promo-direct/320x50.svg?lang=fr',
  clickUrl: '/details/vod/chaine-antenne-monde-info',
  altText: 'Antenne Monde Info : l’info du monde en direct',
  adUnit: '/antenne/antenne-web-a/home/top',
  siteName: 'antenne-web-a',
  impressionUrl: '/v2/customer/antenne/businessunit/web/ads/display/track?event=impression',
  clickTrackingUrl: '/v2/customer/antenne/businessunit/web/ads/display/track?event=click',
};

const films = (count: number) => Array.from({ length: count }, (_, i) => asset(i + 1));

describe('page body rules', () => {
  test('only the first hero banner is kept; other entries than carousels are dropped', () => {
    const blocks = pageBlocks([
      ref('h1', 'herobanner'),
      ref('a'),
      ref('h2', 'herobanner'),
      ref('x', 'unknown'),
      ref('b'),
    ]);
    expect(blocks.map((b) => b.referenceId)).toEqual(['h1', 'a', 'b']);
  });

  test('an ad slot before every 5th block, at most before blocks 5 and 10', () => {
    const slots = Array.from({ length: 20 }, (_, i) => i)
      .filter(adBefore)
      .map((i) => i + 1);
    expect(slots).toEqual([5, 10]);
  });

  test('hero items route by verb', () => {
    expect(heroTarget({ type: 'x', verb: 'NavigateToPage', componentId: 'page-jeunesse' })).toEqual({
      to: '/vod/page-jeunesse',
      external: false,
    });
    expect(heroTarget({ type: 'x', verb: 'NavigateToDetails', assetId: 'a b' })).toEqual({
      to: '/details/vod/a%20b',
      external: false,
    });
    expect(heroTarget({ type: 'x', verb: 'PlayAsset', assetId: 'c' })).toEqual({
      to: '/player/c',
      external: false,
    });
    expect(heroTarget({ type: 'x', verb: 'ExternalLink', url: 'https://example.org/' })).toEqual({
      to: 'https://example.org/',
      external: true,
    });
    expect(heroTarget({ type: 'x', verb: 'Unknown' })).toBeUndefined();
  });
});

describe('the home page', () => {
  // The popups' code is loaded when one first opens; compiling React Aria for the test takes
  // seconds on a cold run, more than a click waits, so it is loaded once beforehand.
  beforeAll(() => import('../modal/popup-dialog'), 60_000);

  beforeEach(() => {
    // jsdom has no IntersectionObserver: lanes load at once and arrows stay hidden.
    vi.stubGlobal('IntersectionObserver', undefined);
  });
  afterEach(() => vi.useRealTimers());

  test('a lane shows at most 10 cards and "Voir plus" to its mosaic when there were more; a short lane has no "Voir plus"', async () => {
    serve(
      [ref('big'), ref('small')],
      { big: lane('big', 'Cinéma'), small: lane('small', 'Courts') },
      { big: films(14), small: films(3) },
    );
    renderApp('/');
    const big = await screen.findByRole('region', { name: 'Cinéma' });
    expect(await within(big).findAllByRole('article')).toHaveLength(10);
    expect(within(big).getByRole('link', { name: /Voir plus/ })).toHaveAttribute('href', '/mosaic/big');
    const small = await screen.findByRole('region', { name: 'Courts' });
    expect(await within(small).findAllByRole('article')).toHaveLength(3);
    expect(within(small).queryByRole('link', { name: /Voir plus/ })).toBeNull();
    expect(within(small).getByText('Film 1').closest('a')).toHaveAttribute('href', '/details/vod/film-1');
    expect(within(small).getByRole('link', { name: 'Regarder Film 1' })).toHaveAttribute(
      'href',
      '/player/film-1',
    );
  });

  test('an empty lane says so; a lane that fails is hidden; an authorised lane asks a visitor to sign in', async () => {
    serve(
      [
        ref('empty'),
        ref('broken'),
        ref('continue', 'carousel', { hasAuthorizedContent: true, name: 'Continuer à regarder' }),
      ],
      { empty: lane('empty', 'Vide'), broken: lane('broken', 'Cassée') },
      { empty: [], broken: 'fail' },
    );
    renderApp('/');
    const empty = await screen.findByRole('region', { name: 'Vide' });
    expect(await within(empty).findByText('Aucune donnée disponible')).toBeInTheDocument();
    const signIn = await screen.findByRole('link', {
      name: 'Connectez-vous pour retrouver vos contenus ici',
    });
    expect(signIn).toHaveAttribute('href', '/login');
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Cassée' })).toBeNull());
  });

  test('a card’s information popup shows the summary and opens the details; its favourite asks a visitor to sign in', async () => {
    const described = asset(1, {
      localized: [{ locale: 'fr', title: 'Film 1', description: 'Un été au bord du fleuve.' }],
    });
    serve([ref('one')], { one: lane('one', 'Une') }, { one: [described] });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Plus d'informations sur Film 1" }));
    const info = await screen.findByRole('dialog', { name: 'Film 1' });
    expect(within(info).getByText('Un été au bord du fleuve.')).toBeInTheDocument();
    await user.click(within(info).getByRole('button', { name: 'Voir la fiche' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/details/vod/film-1'));

    await router.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'Ajouter Film 1 aux favoris' }));
    const signIn = await screen.findByRole('dialog', { name: 'Connexion requise' });
    await user.click(within(signIn).getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('cards show the age rating, the badge and the title in the chosen language', async () => {
    const rated = asset(1, {
      parentalRatings: [{ scheme: 'CSA', rating: '6', country: 'FR' }],
      tags: [{ type: 'etiquette', tagValues: [{ tagId: 'nouveaute' }] }],
    });
    serve([ref('one')], { one: lane('one', 'Une') }, { one: [rated] });
    renderApp('/', { locale: 'en' });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('img', { name: 'Not recommended for under-16s' })).toBeInTheDocument();
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByText('Movie 1').closest('a')).toHaveAttribute('href', '/details/vod/film-1');
  });

  test('the hero turns every 5 s, stops while paused, and only the first hero banner shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(
      [ref('hero', 'herobanner'), ref('hero2', 'herobanner')],
      { hero: hero(['Premier', 'Deuxième', 'Troisième']), hero2: hero(['Autre']) },
      {},
    );
    renderApp('/');
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    expect(screen.queryByText('Autre')).toBeNull();
    // No turn before the first item's picture has come (it is the page's largest paint).
    await act(async () => vi.advanceTimersByTime(HERO_ROTATION_MS * 2));
    expect(screen.getByText('Premier')).toBeInTheDocument();
    fireEvent.load(screen.getByRole('link', { name: /Premier/ }).querySelector('img') as HTMLImageElement);
    await act(async () => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(screen.getByText('Deuxième')).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Mettre en pause le défilement' }));
    await user.unhover(screen.getByRole('button', { name: 'Reprendre le défilement' }));
    await act(async () => vi.advanceTimersByTime(HERO_ROTATION_MS * 3));
    expect(screen.getByText('Deuxième')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Deuxième/ })).toHaveAttribute('href', '/details/vod/film-1');
  });

  test('the hero’s first image: offered at several widths, the width it is painted at, fetched first, never lazily', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve([ref('hero', 'herobanner')], { hero: hero(['Premier', 'Deuxième']) }, {});
    renderApp('/');
    const first = (await screen.findByRole('link', { name: /Premier/ })).querySelector('img');
    expect(first).not.toBeNull();
    const widths = [640, 960, 1280, 1600, 1920, 2560];
    expect(first?.getAttribute('srcset')).toBe(
      widths.map((w) => `/images/hero-0.png?w=${w} ${w}w`).join(', '),
    );
    // Below 1220 px the 64:27 art covers a 16:9 banner: it is painted 4/3 of the page wide.
    expect(first?.getAttribute('sizes')).toBe(
      '(min-width: 1220px) 100vw, (min-aspect-ratio: 5/3) 100vw, (min-aspect-ratio: 5/4) 166vh, 133.33vw',
    );
    expect(first?.getAttribute('src')).toBe('/images/hero-0.png?w=1280');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('loading')).not.toBe('lazy');
    // The server's preload of the first image must say exactly the same (the contract's function).
    expect(heroImageSources('/images/hero-0.png')).toEqual({
      src: first?.getAttribute('src'),
      srcset: first?.getAttribute('srcset'),
      sizes: first?.getAttribute('sizes'),
    });
    fireEvent.load(first as HTMLImageElement);
    await act(async () => vi.advanceTimersByTime(HERO_ROTATION_MS));
    const next = screen.getByRole('link', { name: /Deuxième/ }).querySelector('img');
    expect(next?.getAttribute('fetchpriority')).toBe('auto');
    expect(next?.getAttribute('loading')).not.toBe('lazy');
  });

  test('with advertising consent, the ad slots before the 5th and 10th blocks ask for and show an ad', async () => {
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['advertising'])}; path=/`;
    const body = Array.from({ length: 12 }, (_, i) => ref(`l${i}`));
    const components = Object.fromEntries(
      body.map((b) => [b.referenceId, lane(b.referenceId, `Lane ${b.referenceId}`)]),
    );
    const lists = Object.fromEntries(body.map((b) => [b.referenceId, films(1)]));
    const decision = displayAdPaths.decision(config);
    const fetchMock = serve(body, components, lists, {
      [decision]: () => json({ ad: houseAd }),
    });
    const { container } = renderApp('/');
    await screen.findByRole('region', { name: 'Lane l11' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Antenne Monde Info/ })).toHaveLength(2));
    expect(container.querySelectorAll('[data-ad-slot="top"]')).toHaveLength(2);
    const asked = requestsTo(fetchMock, decision);
    expect(asked.map((url) => url.searchParams.get('page'))).toEqual(['home', 'home']);
    expect(asked.map((url) => url.searchParams.get('index'))).toEqual(['0', '1']);
    expect(asked[0]?.searchParams.get('slot')).toBe('top');
  });

  test('without advertising consent the ad slots take no space and nothing is asked', async () => {
    const body = Array.from({ length: 12 }, (_, i) => ref(`l${i}`));
    const components = Object.fromEntries(
      body.map((b) => [b.referenceId, lane(b.referenceId, `Lane ${b.referenceId}`)]),
    );
    const lists = Object.fromEntries(body.map((b) => [b.referenceId, films(1)]));
    const fetchMock = serve(body, components, lists);
    const { container } = renderApp('/');
    await screen.findByRole('region', { name: 'Lane l11' });
    expect(container.querySelectorAll('[data-ad-slot]')).toHaveLength(0);
    expect(requestsTo(fetchMock, displayAdPaths.decision(config))).toHaveLength(0);
  });
});

describe('category and mosaic pages', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));

  test('/vod/{id} shows the category title, a back button and its lanes', async () => {
    serve(
      [],
      {
        'page-cinema': {
          type: 'Component',
          id: 'page-cinema',
          appType: 'page',
          presentation: { fallback: { title: 'Cinéma' } },
          components: { pageBody: [ref('c1')] },
        },
        c1: lane('c1', 'Drames'),
      },
      { c1: films(2) },
    );
    renderApp('/vod/page-cinema');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cinéma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Drames' })).toBeInTheDocument();
  });

  test('/mosaic/{id} shows every title of the lane; a failure shows an empty grid', async () => {
    serve([], { big: lane('big', 'Cinéma'), bad: lane('bad', 'Rien') }, { big: films(14), bad: 'fail' });
    renderApp('/mosaic/big');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cinéma' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(14);
  });

  test('/mosaic/more?assetId=&recoId= shows the recommendations of that tag, the title itself left out', async () => {
    const query =
      'tags.subcategory:"subcategory:comedie" AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:"film-9"';
    serve([], {}, { [query]: films(4) });
    renderApp('/mosaic/more?assetId=film-9&recoId=subcategory:comedie');
    expect(await screen.findByRole('heading', { level: 1, name: 'Découvrez aussi' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });
});
