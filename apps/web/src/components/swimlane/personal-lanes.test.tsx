import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountPaths, paths, type Asset, type Component, type ComponentReference } from '@antenne/contract';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { config, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { hashKey } from '@tanstack/react-query';
import { contentList, contentQueryKey } from '../../api/get-assets';

/**
 * The home page's personal lanes (the demo structure's "Continuer à regarder" and "Mes favoris"):
 * components whose contentUrl is the user's list, read in the shape the server answers.
 */

const TOKEN = 'session-token-1';
const FAVOURITES = accountPaths.listAssets(config);
const CONTINUE = accountPaths.continueWatching(config);

const film = (id: string, title: string, extra: Partial<Asset> = {}): Asset => ({
  assetId: id,
  type: 'MOVIE',
  duration: 6_000_000,
  localized: [{ locale: 'fr', title }],
  ...extra,
});

const reference = (referenceId: string): ComponentReference => ({
  type: 'ComponentReference',
  appType: 'carousel',
  referenceId,
  referenceUrl: paths.wlComponent(config, referenceId),
  hasAuthorizedContent: true,
});

const lane = (id: string, title: string, type: string, url: string): Component => ({
  type: 'Component',
  id,
  appType: 'carousel',
  appSubType: type,
  presentation: { fallback: { title } },
  contentUrl: { type, url, authorized: true },
});

/** The favourites answer as the server gives it (Exposure's `ApiAssetListItemResponse[]`). */
const favouriteEntries = (assets: Asset[]) =>
  assets.map((asset, order) => ({
    assetId: asset.assetId,
    asset,
    lastUpdated: '2026-11-01T00:00:00Z',
    order,
    metadata: {},
  }));

function serve(favourites: Asset[], continueWatching: Asset[], extra: Record<string, Handler> = {}) {
  const list = [...favourites];
  return {
    list,
    fetchMock: mockFetch({
      [paths.wlComponent(config, 'home')]: () =>
        json({
          type: 'Component',
          id: 'home',
          appType: 'page',
          presentation: { fallback: { title: 'Accueil' } },
          components: { pageBody: [reference('home-continuer'), reference('home-favoris')] },
        }),
      [paths.wlComponent(config, 'home-continuer')]: () =>
        json(lane('home-continuer', 'Continuer à regarder', 'ContinueWatching', CONTINUE)),
      [paths.wlComponent(config, 'home-favoris')]: () =>
        json(lane('home-favoris', 'Mes favoris', 'Favourites', FAVOURITES)),
      [FAVOURITES]: () => json(favouriteEntries(list)),
      [CONTINUE]: () => json({ items: continueWatching }),
      ...extra,
    }),
  };
}

describe('the personal lanes of the home page', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', undefined);
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
  });

  test('"Mes favoris" shows the titles of the favourites list (a bare array of entries)', async () => {
    serve([film('film-a', 'Le Vent du Vieux-Port'), film('film-b', "L'Été à Dakar")], []);
    renderApp('/');
    const favourites = await screen.findByRole('region', { name: 'Mes favoris' });
    const cards = await within(favourites).findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Le Vent du Vieux-Port')).toBeInTheDocument();
    expect(within(cards[1]!).getByText("L'Été à Dakar")).toBeInTheDocument();
    expect(within(favourites).queryByText('Aucune donnée disponible')).toBeNull();
  });

  test('"Continuer à regarder" shows its items with their progress', async () => {
    serve(
      [],
      [
        film('film-c', 'Les Glaces du Nord', {
          userData: { playHistory: { lastViewedOffset: 3_000_000 } },
        } as Partial<Asset>),
      ],
    );
    renderApp('/');
    const lane = await screen.findByRole('region', { name: 'Continuer à regarder' });
    const card = await within(lane).findByRole('article');
    expect(within(card).getByText('Les Glaces du Nord')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    // An empty favourites list still says so.
    const favourites = await screen.findByRole('region', { name: 'Mes favoris' });
    expect(await within(favourites).findByText('Aucune donnée disponible')).toBeInTheDocument();
  });

  test('a title favourited from a card appears in "Mes favoris" at once', async () => {
    const other = film('film-d', 'Radio Dakar');
    const { list } = serve([], [other], {
      [accountPaths.listAsset(config, other.assetId)]: (_url, init) => {
        if (init?.method === 'POST') list.push(other);
        return json({ message: 'OK' });
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    const favourites = await screen.findByRole('region', { name: 'Mes favoris' });
    expect(await within(favourites).findByText('Aucune donnée disponible')).toBeInTheDocument();
    const watching = await screen.findByRole('region', { name: 'Continuer à regarder' });
    await user.click(
      await within(watching).findByRole('button', { name: 'Ajouter Radio Dakar aux favoris' }),
    );
    await waitFor(() => expect(within(favourites).getByText('Radio Dakar')).toBeInTheDocument());
  });
});

describe('contentList', () => {
  test('reads an asset list, a list of entries with their asset, and a bare list of assets', () => {
    const a = film('a', 'A');
    const b = film('b', 'B');
    expect(contentList({ items: [a], pageNumber: 1, pageSize: 10, totalCount: 12 })).toEqual({
      items: [a],
      totalCount: 12,
    });
    expect(
      contentList([{ assetId: 'a', asset: a }, { assetId: 'gone' }, { assetId: 'b', asset: b }]),
    ).toEqual({
      items: [a, b],
      totalCount: 2,
    });
    expect(contentList([a, b])).toEqual({ items: [a, b], totalCount: 2 });
  });
});

describe('contentQueryKey', () => {
  test("a visitor's lane has the key the server's index.html prefetch gives it; the user's own lists, their resource's", () => {
    const url =
      '/v1/customer/{customer}/businessunit/{businessUnit}/content/asset?query=tags.etiquette:nouveaute';
    // A server-rendered page embeds ['content', url, country, null, null] (docs/adr/0030).
    expect(hashKey(contentQueryKey({ type: 'AssetQuery', url }, 'FR', null))).toBe(
      hashKey(['content', url, 'FR', null, null]),
    );
    expect(contentQueryKey({ type: 'Favourites', url: FAVOURITES }, 'FR', TOKEN)[0]).toBe('favourites');
    expect(contentQueryKey({ type: 'ContinueWatching', url: CONTINUE }, 'FR', TOKEN)[0]).toBe(
      'continueWatching',
    );
  });
});
