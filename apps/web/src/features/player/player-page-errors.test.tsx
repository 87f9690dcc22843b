import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { apiError, json } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { engine } from './player-page-test-mocks';
import {
  loaded,
  openPlayer,
  playPath,
  playResponse,
  serve,
  setUpPlayerPageTests,
  signIn,
  video,
} from './player-page-test-helpers';

vi.mock('./engine', async () => (await import('./player-page-test-mocks')).engineModule);
vi.mock('./ad', async () => (await import('./player-page-test-mocks')).adModule);
vi.mock('./overlay/player-overlay', async () => (await import('./player-page-test-mocks')).overlayModule);

setUpPlayerPageTests();

describe('player page', () => {
  test('401: the login prompt, then /login with the way back remembered', async () => {
    serve({
      [playPath('film-1')]: () =>
        json({ httpCode: 401, message: 'NO_SESSION_TOKEN', actions: [{ type: 'LOGIN' }] }, 401),
    });
    const { router } = renderApp('/player/film-1/12?genre=Drame');
    const dialog = await screen.findByRole('dialog', {
      name: 'Veuillez vous connecter pour regarder la vidéo',
    });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-1/12?genre=Drame');
    expect(engine.loads).toHaveLength(0);
  });

  test.each([
    ['NOT_ENTITLED', 'Contenu non inclus dans votre offre'],
    ['GEO_BLOCKED', 'Contenu indisponible dans votre pays'],
    ['NOT_PUBLISHED', 'Contenu pas encore disponible'],
    ['LICENSE_EXPIRED', 'Droits de diffusion expirés'],
    ['NOT_AVAILABLE_IN_FORMAT', 'Format non pris en charge'],
  ])('403 %s: its message, then back', async (code, title) => {
    signIn();
    serve({ [playPath('film-1')]: () => apiError(403, code) });
    const { router } = await openPlayer('/player/film-1');
    const dialog = await screen.findByRole('dialog', { name: title });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
    expect(engine.loads).toHaveLength(0);
  });

  describe('parental PIN', () => {
    const pinServer = () =>
      serve({
        [playPath('film-1')]: (_url, init) => {
          const pin = new Headers(init?.headers).get('x-parental-pin');
          if (pin === null) return apiError(403, 'PARENTAL_PIN_REQUIRED');
          return pin === '4321' ? json(playResponse('film-1')) : apiError(403, 'INVALID_PIN_CODE');
        },
      });

    test('a wrong code says so and lets retry; the right one closes the popup and plays', async () => {
      signIn();
      pinServer();
      const user = userEvent.setup();
      renderApp('/player/film-1');
      const dialog = await screen.findByRole('dialog', { name: 'Code parental' });
      const input = within(dialog).getByLabelText('Code parental (4 chiffres)');
      expect(input).toHaveAttribute('type', 'password');
      await user.type(input, '1111');
      await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Code incorrect');
      expect(engine.loads).toHaveLength(0);
      await user.clear(input);
      await user.type(input, '4321');
      await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(loaded()).toEqual(['/play/tok/film-1/manifest.mpd']));
    });

    test('cancel goes back', async () => {
      signIn();
      pinServer();
      const { router } = await openPlayer('/player/film-1');
      const dialog = await screen.findByRole('dialog', { name: 'Code parental' });
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
      expect(engine.loads).toHaveLength(0);
    });
  });

  test('a player error: the network popup, then back', async () => {
    signIn();
    serve({ [playPath('film-1')]: () => json(playResponse('film-1')) });
    const { router } = await openPlayer('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    act(() => engine.errorListener?.({ code: 1001, message: 'HTTP 403' }));
    const dialog = await screen.findByRole('dialog', { name: 'Une erreur réseau est survenue' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
    await waitFor(() => expect(engine.destroyed).toBe(1));
  });
});
