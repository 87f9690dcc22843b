import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { TV_PROVIDER_REQUIRED } from '@antenne/contract';
import { json, requestsTo, usStartupHandlers } from '../../../test/fetch-mock';
import { CONSENT_COOKIE, consentCookieValue } from '../../lib/analytics/consent';
import { pageReload } from '../../lib/page-reload';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { ad, engine } from './player-page-test-mocks';
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
// The popups' dialog is a lazy chunk: loaded before the first test waits for one.
beforeAll(() => import('../../components/modal/popup-dialog'), 30_000);

const PLAY = playPath('film-1');
const withProvider = () => useSessionStore.getState().setProviderToken('media-token', 'antenne-test');

/** The login prompt, confirmed: then /login, and the player's path remembered. */
async function confirmLoginPrompt() {
  const dialog = await screen.findByRole('dialog', {
    name: 'Veuillez vous connecter pour regarder la vidéo',
  });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('player page, a visitor in the United States', () => {
  test('signed in by email without a provider token: the login prompt, /login, the way back remembered, no play call', async () => {
    signIn();
    const fetchMock = serve({ ...usStartupHandlers(), [PLAY]: () => json(playResponse('film-1')) });
    const { router } = await openPlayer('/player/film-1/12?genre=Drame');
    await confirmLoginPrompt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-1/12?genre=Drame');
    expect(requestsTo(fetchMock, PLAY)).toHaveLength(0);
    expect(engine.loads).toHaveLength(0);
  });

  test('the server refuses the play (403 NOT_ENTITLED, TV_PROVIDER_REQUIRED): the stored token forgotten, the same prompt', async () => {
    signIn();
    withProvider();
    serve({
      ...usStartupHandlers(),
      [PLAY]: () =>
        json(
          {
            httpCode: 403,
            message: 'NOT_ENTITLED',
            extendedMessage: TV_PROVIDER_REQUIRED,
            actions: [{ type: 'LOGIN' }],
          },
          403,
        ),
    });
    const { router } = await openPlayer('/player/film-1');
    await confirmLoginPrompt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-1');
    expect(useSessionStore.getState()).toMatchObject({ providerToken: null, selectedProvider: null });
  });

  test('with a provider token: plays, and no pre-roll is asked for even with advertising consent', async () => {
    signIn();
    withProvider();
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics', 'advertising'])}; path=/`;
    serve({
      ...usStartupHandlers(),
      [PLAY]: () =>
        json(
          playResponse('film-1', {
            formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/vast' }],
          }),
        ),
    });
    await openPlayer('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(ad.fetchPreroll).not.toHaveBeenCalled();
    expect(loaded()).toEqual(['/play/tok/film-1/manifest.mpd']);
  });

  test('a big screen the server bound to a provider (LoginResponse.tvProvider, no token here) plays', async () => {
    signIn();
    useSessionStore.getState().setProviderBound('antenne-test');
    const fetchMock = serve({ ...usStartupHandlers(), [PLAY]: () => json(playResponse('film-1')) });
    await openPlayer('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(requestsTo(fetchMock, PLAY)).toHaveLength(1);
  });

  test('no storage to keep the provider token in: the network-error popup, then home and a reload', async () => {
    signIn();
    withProvider();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const fetchMock = serve({ ...usStartupHandlers(), [PLAY]: () => json(playResponse('film-1')) });
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    // A private mode that refuses storage: the provider token has nowhere to be kept.
    vi.stubGlobal('sessionStorage', { getItem: denied, setItem: denied, removeItem: denied, clear: denied });
    const { router } = await openPlayer('/player/film-1');

    const dialog = await screen.findByRole('dialog', { name: 'Une erreur réseau est survenue' });
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(requestsTo(fetchMock, PLAY)).toHaveLength(0);
  });
});
