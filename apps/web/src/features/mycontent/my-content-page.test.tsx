import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { accountPaths, type Asset } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';

const TOKEN = 'session-token-1';
const asset = (id: string, title: string, extra: Partial<Asset> = {}): Asset => ({
  assetId: id,
  type: 'MOVIE',
  localized: [{ locale: 'fr', title }],
  ...extra,
});

const started = asset('film-ete-a-dakar', "L'Été à Dakar", { duration: 100 * 60_000 });
const liked = asset('film-nuit-bamako', 'Une nuit à Bamako');

function signIn() {
  useSessionStore.setState({ token: TOKEN, user: { createdAt: Date.now() } });
}

describe('my content', () => {
  test('continue watching with each title’s progress from lastViewedOffset, and the favourites', async () => {
    signIn();
    const fetchMock = mockFetch({
      [accountPaths.continueWatching(config)]: () =>
        json({
          items: [
            { ...started, userData: { playHistory: { lastViewedOffset: 10 * 60_000, lastViewedTime: 1 } } },
          ],
        }),
      [accountPaths.lastViewedOffset(config)]: () =>
        json({
          count: 1,
          pageNumber: 1,
          pageSize: 200,
          items: [{ assetId: started.assetId, lastViewedOffset: 25 * 60_000, lastViewedTime: 2 }],
        }),
      [accountPaths.listAssets(config)]: () =>
        json([{ assetId: liked.assetId, asset: liked, order: 0, metadata: {} }]),
    });
    renderApp('/mycontent');
    const continueLane = await screen.findByRole('region', { name: 'Continuer à regarder' });
    expect(await within(continueLane).findByText("L'Été à Dakar")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(continueLane).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'),
    );
    const favouritesLane = screen.getByRole('region', { name: 'Mes favoris' });
    expect(await within(favouritesLane).findByText('Une nuit à Bamako')).toBeInTheDocument();

    const offsets = requestsTo(fetchMock, accountPaths.lastViewedOffset(config));
    expect(offsets.at(-1)?.searchParams.get('assetIds')).toBe('film-ete-a-dakar');
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/recommend/continue'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  test('empty lists say so in words', async () => {
    signIn();
    mockFetch({
      [accountPaths.continueWatching(config)]: () => json({ items: [] }),
      [accountPaths.listAssets(config)]: () => json([]),
    });
    renderApp('/mycontent');
    const continueLane = await screen.findByRole('region', { name: 'Continuer à regarder' });
    expect(await within(continueLane).findByText(/Vous n'avez commencé aucun programme/)).toBeInTheDocument();
    const favouritesLane = screen.getByRole('region', { name: 'Mes favoris' });
    expect(await within(favouritesLane).findByText(/Vous n'avez pas encore de favoris/)).toBeInTheDocument();
  });

  test('a list that fails to load says so', async () => {
    signIn();
    mockFetch({
      [accountPaths.continueWatching(config)]: () => apiError(500, 'INTERNAL_ERROR'),
      [accountPaths.listAssets(config)]: () => json([]),
    });
    renderApp('/mycontent');
    const continueLane = await screen.findByRole('region', { name: 'Continuer à regarder' });
    expect(await within(continueLane).findByRole('alert')).toHaveTextContent(
      "Cette liste n'a pas pu être chargée.",
    );
  });

  test('more titles than a lane holds: the lane shows 10 and links to the mosaic', async () => {
    signIn();
    const many = Array.from({ length: 12 }, (_, i) => asset(`film-${i}`, `Film ${i}`));
    mockFetch({
      [accountPaths.continueWatching(config)]: () => json({ items: [] }),
      [accountPaths.listAssets(config)]: () => json(many.map((a) => ({ assetId: a.assetId, asset: a }))),
    });
    renderApp('/mycontent');
    const favouritesLane = await screen.findByRole('region', { name: 'Mes favoris' });
    await within(favouritesLane).findByText('Film 0');
    expect(within(favouritesLane).getAllByRole('article')).toHaveLength(10);
    expect(within(favouritesLane).getByRole('link', { name: /Voir plus/ })).toHaveAttribute(
      'href',
      '/mosaic/favoriteVod',
    );
  });
});
