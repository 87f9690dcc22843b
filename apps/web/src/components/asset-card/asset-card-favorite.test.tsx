import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { accountPaths, type Asset } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { config, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { usePopupStore } from '../modal/popup-store';

const LIST = accountPaths.listAssets(config);
const TOKEN = 'session-token-1';

const film: Asset = {
  assetId: 'film-ete-a-dakar',
  type: 'MOVIE',
  duration: 6_000_000,
  localized: [{ locale: 'fr', title: "L'Été à Dakar" }],
};
const episode: Asset = {
  assetId: 'ep-maquis-s1-e2',
  type: 'EPISODE',
  tvShowId: 'serie-maquis',
  duration: 3_000_000,
  localized: [{ locale: 'fr', title: 'Le Maquis, épisode 2' }],
};

/** A favourites list held like the server holds it, and the writes it received. */
function favoritesServer(initial: string[]) {
  const list = new Set(initial);
  const writes: string[] = [];
  let reads = 0;
  const handlers: Record<string, Handler> = {
    [LIST]: () => {
      reads += 1;
      return json(
        [...list].map((assetId) => ({
          assetId,
          asset: { assetId },
          lastUpdated: '2026-11-01T00:00:00Z',
          order: 0,
          metadata: {},
        })),
      );
    },
  };
  const item =
    (assetId: string): Handler =>
    (_url, init) => {
      writes.push(`${init?.method ?? 'GET'} ${assetId}`);
      if (init?.method === 'POST') list.add(assetId);
      if (init?.method === 'DELETE') list.delete(assetId);
      return json({ message: 'OK' });
    };
  return { handlers, item, writes, reads: () => reads, list };
}

function serve(favorites: ReturnType<typeof favoritesServer>, ids: string[], continueItems: Asset[]) {
  return mockFetch({
    ...favorites.handlers,
    ...Object.fromEntries(ids.map((id) => [accountPaths.listAsset(config, id), favorites.item(id)])),
    [accountPaths.continueWatching(config)]: () => json({ items: continueItems }),
    [accountPaths.lastViewedOffset(config)]: () =>
      json({ count: 0, pageNumber: 1, pageSize: 200, items: [] }),
  });
}

afterEach(() => {
  usePopupStore.getState().close({ validated: false });
});

describe('the favourite action of a card', () => {
  test('a signed-in user adds a title: POST, then the list is reloaded and the heart is on', async () => {
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    const favorites = favoritesServer([]);
    const fetchMock = serve(favorites, [film.assetId], [film]);
    const user = userEvent.setup();
    renderApp('/mosaic/bookmark');
    const heart = await screen.findByRole('button', { name: "Ajouter L'Été à Dakar aux favoris" });
    await waitFor(() => expect(favorites.reads()).toBeGreaterThan(0));
    const readsBefore = favorites.reads();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const on = await screen.findByRole('button', { name: "L'Été à Dakar est dans mes favoris" });
    expect(on).toHaveAttribute('aria-pressed', 'true');
    expect(favorites.writes).toEqual(['POST film-ete-a-dakar']);
    expect(favorites.reads()).toBe(readsBefore + 1);
    const post = fetchMock.mock.calls.find(
      ([input, init]) => String(input).includes('/asset/film-ete-a-dakar') && init?.method === 'POST',
    );
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  test('an episode stands for its series: removing it deletes the show id and the episode id', async () => {
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    const favorites = favoritesServer(['serie-maquis', 'ep-maquis-s1-e2', 'autre-film']);
    serve(favorites, ['serie-maquis', 'ep-maquis-s1-e2'], [episode]);
    const user = userEvent.setup();
    renderApp('/mosaic/bookmark');
    const heart = await screen.findByRole('button', { name: 'Le Maquis, épisode 2 est dans mes favoris' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(
      await screen.findByRole('button', { name: 'Ajouter Le Maquis, épisode 2 aux favoris' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(favorites.writes.sort()).toEqual(['DELETE ep-maquis-s1-e2', 'DELETE serie-maquis']);
    expect([...favorites.list]).toEqual(['autre-film']);
  });

  test('adding an episode favourites its show id', async () => {
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    const favorites = favoritesServer([]);
    serve(favorites, ['serie-maquis', 'ep-maquis-s1-e2'], [episode]);
    const user = userEvent.setup();
    renderApp('/mosaic/bookmark');
    await user.click(await screen.findByRole('button', { name: 'Ajouter Le Maquis, épisode 2 aux favoris' }));
    await screen.findByRole('button', { name: 'Le Maquis, épisode 2 est dans mes favoris' });
    expect(favorites.writes).toEqual(['POST serie-maquis']);
  });

  test('a refusal (LIMIT_REACHED) is told in a popup and the heart stays off', async () => {
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    const favorites = favoritesServer([]);
    mockFetch({
      ...favorites.handlers,
      [accountPaths.listAsset(config, film.assetId)]: () =>
        json({ httpCode: 409, message: 'LIMIT_REACHED' }, 409),
      [accountPaths.continueWatching(config)]: () => json({ items: [film] }),
    });
    const user = userEvent.setup();
    renderApp('/mosaic/bookmark');
    await user.click(await screen.findByRole('button', { name: "Ajouter L'Été à Dakar aux favoris" }));
    const popup = await screen.findByRole('dialog', { name: 'Favoris' });
    expect(within(popup).getByText(/nombre maximal de favoris/)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Valider' }));
    expect(screen.getByRole('button', { name: "Ajouter L'Été à Dakar aux favoris" })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('a new token reloads the list', async () => {
    useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
    const favorites = favoritesServer([]);
    const fetchMock = serve(favorites, [], [film]);
    renderApp('/mosaic/bookmark');
    await screen.findByRole('button', { name: "Ajouter L'Été à Dakar aux favoris" });
    await waitFor(() => expect(favorites.reads()).toBeGreaterThan(0));
    const readsBefore = favorites.reads();
    useSessionStore.setState({ token: 'session-token-2' });
    await waitFor(() => expect(favorites.reads()).toBe(readsBefore + 1));
    const last = fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), 'http://x').pathname === LIST)
      .at(-1);
    expect(new Headers(last?.[1]?.headers).get('Authorization')).toBe('Bearer session-token-2');
  });
});
