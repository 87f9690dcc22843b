import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { config, json, type Handler } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { episode, film, series, serve, setUpDetailsTests } from './vod-details-test-helpers';

setUpDetailsTests();

describe('VOD details page', () => {
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
});
