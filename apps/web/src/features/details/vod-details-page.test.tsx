import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@antenne/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { useSessionStore } from '../../state/session-store';

const BU = '/v1/customer/antenne/businessunit/web';
const ASSETS = `${BU}/content/asset`;

const tags = (values: [string, string][]): Asset['tags'] =>
  values.map(([type, tagId]) => ({ type, tagValues: [{ tagId }] }));

const film: Asset = {
  assetId: 'film-ete-a-dakar',
  type: 'MOVIE',
  duration: 97.2 * 60_000,
  productionYear: 2024,
  productionCountries: ['SN', 'FR'],
  parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '6' }],
  participants: [
    { name: 'Awa Diop', function: 'director' },
    { name: 'Moussa Ndiaye', function: 'actor' },
  ],
  linkedEntities: [{ entityId: 'bande-annonce-ete-a-dakar', entityType: 'ASSET', linkType: 'TRAILER' }],
  localized: [{ locale: 'fr', title: "L'Été à Dakar", description: 'Trois amis relancent une radio pirate.' }],
  tags: tags([
    ['category', 'category:cinema'],
    ['subcategory', 'subcategory:comedie'],
    ['subcategory', 'subcategory:priorite-1'],
  ]),
};

const episode = (season: number, n: number): Asset => ({
  assetId: `ep-s${season}-e${n}`,
  type: 'EPISODE',
  season: String(season),
  episode: String(n),
  localized: [{ locale: 'fr', title: `S${season} épisode ${n}` }],
});

const series: Asset = {
  assetId: 'serie-maquis',
  type: 'TV_SHOW',
  localized: [{ locale: 'fr', title: 'Le Maquis' }],
  tags: tags([['category', 'category:fiction']]),
  seasons: [
    { seasonId: 'maquis-s2', season: '2', episodes: [episode(2, 1)] },
    { seasonId: 'maquis-s1', season: '1', episodes: [episode(1, 2), episode(1, 1)] },
  ],
};

const TAG_TITLES: Record<string, string> = {
  'category:cinema': 'Cinéma',
  'subcategory:comedie': 'Comédie',
  'subcategory:priorite-1': 'À la une PRIORITÉ 1',
  'category:fiction': 'Fiction',
};

function serve(assets: Asset[], recommendations: Asset[] = [], extra: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    ...extra,
    [ASSETS]: () => json({ items: recommendations, totalCount: recommendations.length, pageNumber: 1, pageSize: 10 }),
  };
  for (const asset of assets) handlers[`${ASSETS}/${asset.assetId}`] = () => json(asset);
  for (const [tagId, title] of Object.entries(TAG_TITLES)) {
    handlers[`${BU}/tag/${encodeURIComponent(tagId)}`] = () =>
      json({ tagId, scheme: tagId.split(':')[0], localized: [{ locale: 'fr', title }] });
  }
  return mockFetch(handlers);
}

afterEach(() => {
  usePopupStore.getState().close({ validated: false });
  vi.unstubAllGlobals();
});

describe('VOD details page', () => {
  test('a film: title, minutes rounded up, CSA link, chips without PRIORITÉ 1, watch and trailer links', async () => {
    const fetchMock = serve([film], [{ assetId: 'film-autre', type: 'MOVIE', localized: [{ locale: 'fr', title: 'Un autre film' }] }]);
    renderApp('/details/vod/film-ete-a-dakar');
    expect(await screen.findByRole('heading', { level: 1, name: "L'Été à Dakar" })).toBeInTheDocument();
    expect(screen.getByText('98 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /16/ })).toHaveAttribute('href', '/csa');
    const chips = screen.getByRole('list', { name: 'Catégories' });
    expect(await within(chips).findByText('Comédie')).toBeInTheDocument();
    expect(within(chips).getByText('Cinéma')).toBeInTheDocument();
    expect(within(chips).queryByText(/PRIORITÉ 1/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regarder' })).toHaveAttribute('href', '/player/film-ete-a-dakar');
    expect(screen.getByRole('link', { name: 'Bande-annonce' })).toHaveAttribute('href', '/player/bande-annonce-ete-a-dakar');
    expect(screen.getByText('Trois amis relancent une radio pirate.')).toBeInTheDocument();

    const reco = await screen.findByRole('region', { name: 'Découvrez aussi' });
    expect(within(reco).getByText('Un autre film')).toBeInTheDocument();
    const recoCall = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((u) => u.pathname === ASSETS);
    expect(recoCall?.searchParams.get('query')).toContain('subcategory:comedie');
    expect(recoCall?.searchParams.get('query')).toContain('NOT assetId');
    expect(recoCall?.searchParams.get('pageSize')).toBe('10');
    expect(recoCall?.searchParams.get('sort')).toBe('-created');

    const assetCall = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((u) => u.pathname === `${ASSETS}/film-ete-a-dakar`);
    expect(assetCall?.searchParams.get('fieldSet')).toBe('ALL');
  });

  test('the details overlay and the favourite sign-in popup', async () => {
    serve([film]);
    const user = userEvent.setup();
    renderApp('/details/vod/film-ete-a-dakar');
    await user.click(await screen.findByRole('button', { name: 'Détails' }));
    const dialog = await screen.findByRole('dialog', { name: "L'Été à Dakar" });
    expect(within(dialog).getByText('2024')).toBeInTheDocument();
    expect(within(dialog).getByText('Moussa Ndiaye')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(await screen.findByRole('dialog', { name: 'Connexion requise' })).toBeInTheDocument();
  });

  test('a series: the first season is selected; another season shows its episodes', async () => {
    serve([series]);
    const user = userEvent.setup();
    renderApp('/details/vod/serie-maquis');
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Maquis' })).toBeInTheDocument();
    const episodes = screen.getByRole('list', { name: 'Saison 1' });
    const titles = within(episodes).getAllByRole('article').map((a) => a.textContent);
    expect(titles[0]).toContain('S1 épisode 1');
    expect(titles[1]).toContain('S1 épisode 2');
    expect(screen.getByRole('link', { name: "Regarder l'épisode 1" })).toHaveAttribute('href', '/player/ep-s1-e1');

    await user.click(screen.getByRole('button', { name: /Saison 1/ }));
    await user.click(await screen.findByRole('option', { name: 'Saison 2' }));
    const second = await screen.findByRole('list', { name: 'Saison 2' });
    expect(within(second).getByText('S2 épisode 1')).toBeInTheDocument();
    expect(screen.queryByText('S1 épisode 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Regarder l'épisode 1" })).toHaveAttribute('href', '/player/ep-s2-e1');
  });

  test('a redbee: prefix names the same asset', async () => {
    serve([film]);
    renderApp('/details/vod/redbee:film-ete-a-dakar');
    expect(await screen.findByRole('heading', { level: 1, name: "L'Été à Dakar" })).toBeInTheDocument();
  });

  test('an unknown asset says there is no content', async () => {
    mockFetch({ [`${ASSETS}/nope`]: () => apiError(404, 'UNKNOWN_ASSET') });
    renderApp('/details/vod/nope');
    expect(await screen.findByText('Aucun contenu disponible pour le moment.')).toBeInTheDocument();
  });

  describe('the favourite button of a signed-in user', () => {
    /** The favourites list as the server holds it, with the writes it received. */
    function favourites(initial: string[], ids: string[]) {
      const list = new Set(initial);
      const writes: string[] = [];
      let reads = 0;
      const handlers: Record<string, Handler> = {
        [accountPaths.listAssets(config)]: () => {
          reads += 1;
          return json([...list].map((assetId) => ({ assetId, asset: { assetId }, order: 0, metadata: {} })));
        },
      };
      for (const id of ids) {
        handlers[accountPaths.listAsset(config, id)] = (_url, init) => {
          writes.push(`${init?.method} ${id}`);
          if (init?.method === 'POST') list.add(id);
          if (init?.method === 'DELETE') list.delete(id);
          return json({ message: 'OK' });
        };
      }
      return { handlers, writes, reads: () => reads, list };
    }

    test('a film: the button adds it (POST, list reloaded) and shows it on', async () => {
      useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
      const server = favourites([], [film.assetId]);
      serve([film], [], server.handlers);
      const user = userEvent.setup();
      renderApp('/details/vod/film-ete-a-dakar');
      const button = await screen.findByRole('button', { name: 'Ajouter aux favoris' });
      expect(button).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(server.reads()).toBeGreaterThan(0));
      const readsBefore = server.reads();
      await user.click(button);
      const on = await screen.findByRole('button', { name: 'Dans mes favoris' });
      expect(on).toHaveAttribute('aria-pressed', 'true');
      expect(server.writes).toEqual(['POST film-ete-a-dakar']);
      expect(server.reads()).toBe(readsBefore + 1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(on);
      expect(await screen.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false');
      expect(server.writes).toEqual(['POST film-ete-a-dakar', 'DELETE film-ete-a-dakar']);
    });

    test('a series: on from its id; removing it also removes the current episode', async () => {
      useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
      const server = favourites(['serie-maquis', 'ep-s1-e1', 'film-autre'], ['serie-maquis', 'ep-s1-e1']);
      serve([series], [], server.handlers);
      const user = userEvent.setup();
      renderApp('/details/vod/serie-maquis');
      const on = await screen.findByRole('button', { name: 'Dans mes favoris' });
      expect(on).toHaveAttribute('aria-pressed', 'true');
      await user.click(on);
      expect(await screen.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false');
      expect(server.writes.sort()).toEqual(['DELETE ep-s1-e1', 'DELETE serie-maquis']);
      expect([...server.list]).toEqual(['film-autre']);

      await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
      await screen.findByRole('button', { name: 'Dans mes favoris' });
      expect(server.writes.at(-1)).toBe('POST serie-maquis');
    });

    test('an episode is favourited by its show id', async () => {
      useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
      const single: Asset = { ...episode(1, 3), tvShowId: 'serie-maquis' };
      const server = favourites([], ['serie-maquis', single.assetId]);
      serve([single], [], server.handlers);
      const user = userEvent.setup();
      renderApp(`/details/vod/${single.assetId}`);
      await user.click(await screen.findByRole('button', { name: 'Ajouter aux favoris' }));
      await screen.findByRole('button', { name: 'Dans mes favoris' });
      expect(server.writes).toEqual(['POST serie-maquis']);
    });
  });
});
