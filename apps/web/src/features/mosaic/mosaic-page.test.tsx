import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { accountPaths, type Asset } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';

const asset = (id: string, title: string, extra: Partial<Asset> = {}): Asset => ({
  assetId: id,
  type: 'MOVIE',
  localized: [{ locale: 'fr', title }],
  ...extra,
});

const started = asset('film-ete-a-dakar', "L'Été à Dakar", { duration: 100 * 60_000 });

function signIn() {
  useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
}

describe('the personal mosaics', () => {
  test('/mosaic/favoriteVod shows every favourite', async () => {
    signIn();
    const many = Array.from({ length: 12 }, (_, i) => asset(`film-${i}`, `Film ${i}`));
    mockFetch({
      [accountPaths.listAssets(config)]: () => json(many.map((a) => ({ assetId: a.assetId, asset: a }))),
    });
    renderApp('/mosaic/favoriteVod');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes favoris' })).toBeInTheDocument();
    await screen.findByText('Film 11');
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  test('/mosaic/bookmark shows continue watching with progress', async () => {
    signIn();
    mockFetch({
      [accountPaths.continueWatching(config)]: () => json({ items: [started] }),
      [accountPaths.lastViewedOffset(config)]: () =>
        json({
          count: 1,
          pageNumber: 1,
          pageSize: 200,
          items: [{ assetId: started.assetId, lastViewedOffset: 50 * 60_000, lastViewedTime: 2 }],
        }),
      [accountPaths.listAssets(config)]: () => json([]),
    });
    renderApp('/mosaic/bookmark');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continuer à regarder' }),
    ).toBeInTheDocument();
    expect(await screen.findByText("L'Été à Dakar")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
  });

  test('an empty personal mosaic says so in words', async () => {
    signIn();
    mockFetch({ [accountPaths.listAssets(config)]: () => json([]) });
    renderApp('/mosaic/favoriteVod');
    expect(await screen.findByText(/Vous n'avez pas encore de favoris/)).toBeInTheDocument();
  });

  test('a visitor is asked to sign in, and nothing personal is asked', async () => {
    const fetchMock = mockFetch();
    renderApp('/mosaic/bookmark');
    expect(
      await screen.findByRole('link', { name: 'Connectez-vous pour retrouver vos contenus ici' }),
    ).toHaveAttribute('href', '/login');
    expect(requestsTo(fetchMock, accountPaths.continueWatching(config))).toHaveLength(0);
    expect(requestsTo(fetchMock, accountPaths.listAssets(config))).toHaveLength(0);
  });
});
