import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@antenne/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  config,
  json,
  locationFilters,
  mockFetch,
  requestsTo,
  startupPaths,
  type Handler,
} from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
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
  localized: [
    { locale: 'fr', title: "L'Été à Dakar", description: 'Trois amis relancent une radio pirate.' },
  ],
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
    [ASSETS]: () =>
      json({ items: recommendations, totalCount: recommendations.length, pageNumber: 1, pageSize: 10 }),
  };
  for (const asset of assets) handlers[`${ASSETS}/${asset.assetId}`] = () => json(asset);
  for (const [tagId, title] of Object.entries(TAG_TITLES)) {
    handlers[`${BU}/tag/${encodeURIComponent(tagId)}`] = () =>
      json({ tagId, scheme: tagId.split(':')[0], localized: [{ locale: 'fr', title }] });
  }
  return mockFetch(handlers);
}

beforeEach(() => {
  // test/setup.ts clears localStorage; the return path lives in sessionStorage.
  sessionStorage.clear();
});

afterEach(() => {
  usePopupStore.getState().close({ validated: false });
  vi.unstubAllGlobals();
});

describe('VOD details page', () => {
  test('a film: title, minutes rounded up, CSA link, chips without PRIORITÉ 1, watch and trailer links', async () => {
    const fetchMock = serve(
      [film],
      [{ assetId: 'film-autre', type: 'MOVIE', localized: [{ locale: 'fr', title: 'Un autre film' }] }],
    );
    renderApp('/details/vod/film-ete-a-dakar');
    expect(await screen.findByRole('heading', { level: 1, name: "L'Été à Dakar" })).toBeInTheDocument();
    expect(screen.getByText('98 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /16/ })).toHaveAttribute('href', '/csa');
    const chips = screen.getByRole('list', { name: 'Catégories' });
    expect(await within(chips).findByText('Comédie')).toBeInTheDocument();
    expect(within(chips).getByText('Cinéma')).toBeInTheDocument();
    expect(within(chips).queryByText(/PRIORITÉ 1/)).not.toBeInTheDocument();
    // A visitor: the play button asks to sign in (below); the trailer plays for everyone.
    expect(screen.getByRole('button', { name: 'Regarder' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bande-annonce' })).toHaveAttribute(
      'href',
      '/player/bande-annonce-ete-a-dakar',
    );
    expect(screen.getByText('Trois amis relancent une radio pirate.')).toBeInTheDocument();

    const reco = await screen.findByRole('region', { name: 'Découvrez aussi' });
    expect(within(reco).getByText('Un autre film')).toBeInTheDocument();
    const recoCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === ASSETS);
    expect(recoCall?.searchParams.get('query')).toContain('subcategory:comedie');
    expect(recoCall?.searchParams.get('query')).toContain('NOT assetId');
    expect(recoCall?.searchParams.get('pageSize')).toBe('10');
    expect(recoCall?.searchParams.get('sort')).toBe('-created');

    const assetCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === `${ASSETS}/film-ete-a-dakar`);
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

  test('a visitor’s favourite: the sign-in popup closes with Escape (focus back on the button) and its sign-in comes back here', async () => {
    serve([film]);
    const user = userEvent.setup();
    const { router } = renderApp('/details/vod/film-ete-a-dakar');
    const favourite = await screen.findByRole('button', { name: 'Ajouter aux favoris' });

    await user.click(favourite);
    const dialog = await screen.findByRole('dialog', { name: 'Connexion requise' });
    expect(within(dialog).getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(favourite).toHaveFocus());
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();

    await user.click(favourite);
    const again = await screen.findByRole('dialog', { name: 'Connexion requise' });
    await user.click(within(again).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in returns to this page (lib/return-to.ts).
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/details/vod/film-ete-a-dakar');
  });

  test('a series: the first season is selected; another season shows its episodes', async () => {
    useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
    // Progress on an episode does not matter here: a series plays the selected episode from the start.
    const fetchMock = serve([series], [], {
      [accountPaths.lastViewedOffset(config)]: () =>
        json({
          count: 1,
          pageNumber: 1,
          pageSize: 200,
          items: [{ assetId: 'ep-s1-e1', lastViewedOffset: 600_000, lastViewedTime: 1 }],
        }),
    });
    const user = userEvent.setup();
    renderApp('/details/vod/serie-maquis');
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Maquis' })).toBeInTheDocument();
    const episodes = screen.getByRole('list', { name: 'Saison 1' });
    const titles = within(episodes)
      .getAllByRole('article')
      .map((a) => a.textContent);
    expect(titles[0]).toContain('S1 épisode 1');
    expect(titles[1]).toContain('S1 épisode 2');
    expect(screen.getByRole('link', { name: "Regarder l'épisode 1" })).toHaveAttribute(
      'href',
      '/player/ep-s1-e1/0',
    );

    await user.click(screen.getByRole('button', { name: /Saison 1/ }));
    await user.click(await screen.findByRole('option', { name: 'Saison 2' }));
    const second = await screen.findByRole('list', { name: 'Saison 2' });
    expect(within(second).getByText('S2 épisode 1')).toBeInTheDocument();
    expect(screen.queryByText('S1 épisode 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Regarder l'épisode 1" })).toHaveAttribute(
      'href',
      '/player/ep-s2-e1/0',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, accountPaths.lastViewedOffset(config))).toHaveLength(0);
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
      expect(await screen.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
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
      expect(await screen.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
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

  describe('the play button', () => {
    const TOKEN = 'session-token-1';
    /** A 40-minute film: its bookmark is read from userplayhistory/lastviewedoffset. */
    const short: Asset = { ...film, duration: 40 * 60_000 };
    const offsets = (items: { assetId: string; lastViewedOffset: number }[]): Record<string, Handler> => ({
      [accountPaths.lastViewedOffset(config)]: () =>
        json({
          count: items.length,
          pageNumber: 1,
          pageSize: 200,
          items: items.map((item) => ({ ...item, lastViewedTime: 1 })),
        }),
    });
    const signIn = () => useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    /** True once the page has the bookmark answer (so a label that stays the same is final). */
    const offsetsLoaded = (view: ReturnType<typeof renderApp>, assetId: string) =>
      view.queryClient.getQueryState(['lastViewedOffset', TOKEN, [assetId]])?.status === 'success';

    test('signed in with progress: a bar in minutes and Resume at the offset in seconds', async () => {
      signIn();
      // 11 min 59.5 s into 40 min: the player starts at 719 s; the bar says 12 minutes (rounded up).
      const fetchMock = serve([short], [], offsets([{ assetId: short.assetId, lastViewedOffset: 719_500 }]));
      renderApp('/details/vod/film-ete-a-dakar');
      const resume = await screen.findByRole('link', { name: 'Reprendre' });
      expect(resume).toHaveAttribute('href', '/player/film-ete-a-dakar/719');
      const bar = screen.getByRole('progressbar', { name: '12 min vues sur 40' });
      expect(bar).toHaveAttribute('aria-valuenow', '12');
      expect(bar).toHaveAttribute('aria-valuemax', '40');
      expect(screen.queryByRole('link', { name: 'Regarder' })).not.toBeInTheDocument();

      const [call] = requestsTo(fetchMock, accountPaths.lastViewedOffset(config));
      expect(call?.searchParams.get('assetIds')).toBe('film-ete-a-dakar');
      const init = fetchMock.mock.calls.find(([input]) => String(input).includes('/lastviewedoffset'))?.[1];
      expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    });

    test('signed in without progress, or seen to the end (95 %): Watch from the start, no bar', async () => {
      signIn();
      serve([short], [], offsets([]));
      const view = renderApp('/details/vod/film-ete-a-dakar');
      await waitFor(() => expect(offsetsLoaded(view, short.assetId)).toBe(true));
      expect(screen.getByRole('link', { name: 'Regarder' })).toHaveAttribute(
        'href',
        '/player/film-ete-a-dakar',
      );
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      view.unmount();

      serve([short], [], offsets([{ assetId: short.assetId, lastViewedOffset: 38 * 60_000 }]));
      const again = renderApp('/details/vod/film-ete-a-dakar');
      await waitFor(() => expect(offsetsLoaded(again, short.assetId)).toBe(true));
      expect(screen.getByRole('link', { name: 'Regarder' })).toHaveAttribute(
        'href',
        '/player/film-ete-a-dakar',
      );
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });

    test('an episode’s own page resumes it like a film, named by its number', async () => {
      signIn();
      const single: Asset = { ...episode(1, 3), tvShowId: 'serie-maquis', duration: 26 * 60_000 };
      serve([single], [], offsets([{ assetId: single.assetId, lastViewedOffset: 90_000 }]));
      renderApp(`/details/vod/${single.assetId}`);
      const resume = await screen.findByRole('link', { name: "Reprendre l'épisode 3" });
      expect(resume).toHaveAttribute('href', '/player/ep-s1-e3/90');
      expect(screen.getByRole('progressbar', { name: '2 min vues sur 26' })).toBeInTheDocument();
    });

    test('a visitor gets the sign-in popup: Cancel stays; Log in remembers the player and opens /login', async () => {
      const fetchMock = serve([film]);
      const user = userEvent.setup();
      const { router } = renderApp('/details/vod/film-ete-a-dakar');
      const play = await screen.findByRole('button', { name: 'Regarder' });

      await user.click(play);
      const dialog = await screen.findByRole('dialog', { name: 'Connexion requise' });
      expect(within(dialog).getByText('Veuillez vous connecter pour regarder la vidéo')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/details/vod/film-ete-a-dakar');
      expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();

      await user.click(play);
      const again = await screen.findByRole('dialog', { name: 'Connexion requise' });
      await user.click(within(again).getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-ete-a-dakar');
      // Visitors never resume: their bookmarks are not asked for.
      expect(requestsTo(fetchMock, accountPaths.lastViewedOffset(config))).toHaveLength(0);
    });

    test('a visitor in the US: "Se connecter pour regarder" goes straight to /login, remembering the player', async () => {
      serve([film], [], { [startupPaths.filters]: () => json(locationFilters('US')) });
      const user = userEvent.setup();
      const { router } = renderApp('/details/vod/film-ete-a-dakar');
      await user.click(await screen.findByRole('button', { name: 'Se connecter pour regarder' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-ete-a-dakar');
    });

    test('a signed-in user in the US plays as anywhere else', async () => {
      signIn();
      serve([short], [], { ...offsets([]), [startupPaths.filters]: () => json(locationFilters('US')) });
      renderApp('/details/vod/film-ete-a-dakar');
      expect(await screen.findByRole('link', { name: 'Regarder' })).toHaveAttribute(
        'href',
        '/player/film-ete-a-dakar',
      );
    });
  });
});
