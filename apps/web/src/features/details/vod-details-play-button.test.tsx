import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import {
  config,
  json,
  locationFilters,
  requestsTo,
  startupPaths,
  type Handler,
} from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { episode, film, serve, setUpDetailsTests } from './vod-details-test-helpers';

setUpDetailsTests();

describe('VOD details page', () => {
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

    test('signed in by email in the US, without a provider token: "Se connecter pour regarder", to /login', async () => {
      signIn();
      serve([short], [], { ...offsets([]), [startupPaths.filters]: () => json(locationFilters('US')) });
      const user = userEvent.setup();
      const { router } = renderApp('/details/vod/film-ete-a-dakar');
      await user.click(await screen.findByRole('button', { name: 'Se connecter pour regarder' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(screen.queryByRole('link', { name: 'Regarder' })).not.toBeInTheDocument();
      expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-ete-a-dakar');
    });

    test('signed in with a pay-TV provider in the US plays as anywhere else', async () => {
      signIn();
      useSessionStore.getState().setProviderToken('media-token', 'antenne-test');
      serve([short], [], { ...offsets([]), [startupPaths.filters]: () => json(locationFilters('US')) });
      renderApp('/details/vod/film-ete-a-dakar');
      expect(await screen.findByRole('link', { name: 'Regarder' })).toHaveAttribute(
        'href',
        '/player/film-ete-a-dakar',
      );
    });
  });
});
