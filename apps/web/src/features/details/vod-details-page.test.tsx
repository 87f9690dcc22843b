import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { ASSETS, film, series, serve, setUpDetailsTests } from './vod-details-test-helpers';

setUpDetailsTests();

describe('VOD details page', () => {
  // The overlay's code is loaded when first asked for; compiling React Aria for the test takes
  // seconds, more than a click waits, so it is loaded once beforehand.
  beforeAll(() => import('./details-dialog'), 60_000);

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

  test('the backdrop (the page’s largest image): its banner at several widths, the width it is painted at, fetched first', async () => {
    const banner = { url: '/images/assets/film-ete-a-dakar/background.png', type: 'banner' };
    serve([{ ...film, localized: (film.localized ?? []).map((l) => ({ ...l, images: [banner] })) }]);
    const { container } = renderApp('/details/vod/film-ete-a-dakar');
    await screen.findByRole('heading', { level: 1, name: "L'Été à Dakar" });
    const backdrop = container.querySelector(`img[src^="${banner.url}"]`);
    expect(backdrop?.getAttribute('srcset')).toBe(
      [640, 960, 1280, 1600, 1920, 2560].map((w) => `${banner.url}?w=${w} ${w}w`).join(', '),
    );
    // The 64:27 art covers a box clamp(202px, 56.25vw, 720px) high.
    expect(backdrop?.getAttribute('sizes')).toBe(
      '(min-width: 1707px) 100vw, (min-width: 1280px) 1707px, (min-width: 359px) 133.33vw, 479px',
    );
    expect(backdrop?.getAttribute('fetchpriority')).toBe('high');
    expect(backdrop?.getAttribute('loading')).not.toBe('lazy');
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

    const picker = screen.getByRole('combobox', { name: 'Saison' });
    expect(picker).toHaveDisplayValue('Saison 1');
    await user.selectOptions(picker, 'Saison 2');
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
});
