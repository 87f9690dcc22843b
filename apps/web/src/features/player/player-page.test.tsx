import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Asset, PlayFormat, PlayResponse } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { memoryTransport } from '../../lib/analytics/analytics';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import type { PlayerOverlayProps } from './overlay/player-overlay';
import type { Engine } from './engine';
import type { AdTracker, PrerollAd } from './ad';

// jsdom cannot play media: the shaka wrapper and the VAST wrapper are replaced, the <video> is driven by events.
const engine = vi.hoisted(() => ({
  loads: [] as { url: string; startTime?: number; playToken?: string }[],
  errorListener: undefined as ((error: { code: number; message: string }) => void) | undefined,
  destroyed: 0,
}));
vi.mock('./engine', () => ({
  loadShaka: vi.fn(async () => undefined),
  createEngine: vi.fn(
    async (): Promise<Engine> => ({
      load: async (format: PlayFormat, options = {}) => void engine.loads.push({ url: format.mediaLocator, ...options }),
      loadFile: async (url: string) => void engine.loads.push({ url }),
      textTracks: () => [{ id: 7, language: 'fr', label: 'Français', active: false }],
      audioTracks: () => [],
      selectTextTrack: vi.fn(),
      selectAudioTrack: vi.fn(),
      onError: (listener) => void (engine.errorListener = listener),
      onTracksChanged: () => undefined,
      destroy: async () => void engine.destroyed++,
    }),
  ),
}));

const ad = vi.hoisted(() => ({ fetchPreroll: vi.fn<(url: string) => Promise<PrerollAd | null>>() }));
vi.mock('./ad', () => ({ fetchPreroll: ad.fetchPreroll }));

// The overlay is another module's: here, a stand-in that shows the state and offers the actions.
vi.mock('./overlay/player-overlay', () => ({
  PlayerOverlay: ({ state, actions }: PlayerOverlayProps) => (
    <div data-testid="overlay">
      <p>{state.title}</p>
      {state.subtitle && <p>{state.subtitle}</p>}
      {state.ad && <p>{`ad ${state.ad.remainingSeconds}`}</p>}
      <button type="button" onClick={actions.back}>
        back
      </button>
      {state.ad && (
        <button type="button" onClick={actions.adClick}>
          ad click
        </button>
      )}
      {state.textTracks.map((track) => (
        <button key={track.id} type="button" onClick={() => actions.selectTextTrack(track.id)}>
          {`subtitles ${track.label}`}
        </button>
      ))}
      {state.hasNext && (
        <button type="button" onClick={actions.nextEpisode}>
          next
        </button>
      )}
    </div>
  ),
}));

const BU1 = '/v1/customer/antenne/businessunit/web';
const BU2 = '/v2/customer/antenne/businessunit/web';
const playPath = (id: string) => `${BU2}/entitlement/${id}/play`;
const SEND = `${BU2}/eventsink/send`;

const film: Asset = { assetId: 'film-1', type: 'MOVIE', localized: [{ locale: 'fr', title: 'Le Film' }] };
const episode: Asset = { assetId: 'ep-1', type: 'EPISODE', season: '1', episode: '3', localized: [{ locale: 'fr', title: 'Le Retour' }] };

function playResponse(assetId: string, patch: Partial<PlayResponse> = {}): PlayResponse {
  return {
    playSessionId: `ps-${assetId}`,
    requestId: 'req-1',
    assetId,
    entitlementType: 'SVOD',
    formats: [
      { format: 'HLS', mediaLocator: `/play/tok/${assetId}/master.m3u8` },
      { format: 'DASH', mediaLocator: `/play/tok/${assetId}/manifest.mpd` },
    ],
    playToken: 'play-token',
    playTokenExpiration: Date.now() + 3_600_000,
    durationInMs: 600_000,
    bookmarks: { lastViewedOffset: 0 },
    contractRestrictions: { airplayEnabled: true, ffEnabled: true, rwEnabled: true, timeshiftEnabled: true },
    streamInfo: { live: false, static: true, event: false },
    analytics: { postInterval: 3, percentage: 100 },
    beaconToken: `beacon-${assetId}`,
    bumpers: {},
    ...patch,
  };
}

function serve(handlers: Record<string, Handler>, assets: Asset[] = [film]) {
  const all: Record<string, Handler> = { [SEND]: () => json({}), ...handlers };
  for (const asset of assets) all[`${BU1}/content/asset/${asset.assetId}`] = () => json(asset);
  return mockFetch(all);
}

const signIn = () => useSessionStore.getState().setSession('session-token', { email: 'a@b.c' });
const video = () => document.querySelector('video') as HTMLVideoElement;

/** Opens the player from another page, so that "back" has somewhere to go. */
async function openPlayer(path: string) {
  const view = renderApp('/csa');
  await view.router.navigate(path);
  return view;
}

let sendBeacon: ReturnType<typeof vi.fn>;
beforeEach(() => {
  engine.loads.length = 0;
  engine.errorListener = undefined;
  engine.destroyed = 0;
  ad.fetchPreroll.mockReset();
  memoryTransport.clear();
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  sessionStorage.clear();
});

afterEach(() => {
  usePopupStore.getState().close({ validated: false });
  vi.unstubAllGlobals();
});

const loaded = () => engine.loads.map((load) => load.url);

describe('player page', () => {
  test('plays brand bumper → classification bumper → ad → the asset, tracking the ad', async () => {
    signIn();
    localStorage.setItem('consent', 'yes');
    const tracker: AdTracker = {
      setDuration: vi.fn(),
      setProgress: vi.fn(),
      impression: vi.fn(),
      setPaused: vi.fn(),
      complete: vi.fn(),
      click: vi.fn(),
      error: vi.fn(),
    };
    ad.fetchPreroll.mockResolvedValue({ mediaUrl: '/ads/creative.mp4', mimeType: 'video/mp4', clickThrough: 'https://ads.example/x', tracker });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const dash = (name: string): PlayFormat => ({ format: 'DASH', mediaLocator: `/play/tok/${name}/manifest.mpd` });
    serve({
      [playPath('film-1')]: () =>
        json(
          playResponse('film-1', {
            bumpers: { brand: [dash('bumper-brand')], classification: [dash('bumper-csa-12')] },
            parentalRating: '4',
            formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/v2/ads/vast?playToken=x' }],
          }),
        ),
    });
    renderApp('/player/film-1');

    await waitFor(() => expect(video()).toHaveAttribute('data-asset-id', 'bumper-brand'));
    expect(video()).toHaveAttribute('data-phase', 'bumper');
    expect(loaded()).toEqual(['/play/tok/bumper-brand/manifest.mpd']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Film' })).toBeInTheDocument();
    expect(document.title).toBe('Le Film · Antenne');

    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(video()).toHaveAttribute('data-asset-id', 'bumper-csa-12'));

    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'ad'));
    expect(ad.fetchPreroll).toHaveBeenCalledWith('/v2/ads/vast?playToken=x');
    expect(loaded().at(-1)).toBe('/ads/creative.mp4');

    // The ad: impression on the first frame, progress and remaining time, no seeking, click-through.
    Object.defineProperty(video(), 'duration', { value: 8, configurable: true });
    fireEvent(video(), new Event('loadedmetadata'));
    expect(tracker.setDuration).toHaveBeenCalledWith(8);
    fireEvent(video(), new Event('playing'));
    expect(tracker.impression).toHaveBeenCalledTimes(1);
    video().currentTime = 3;
    fireEvent(video(), new Event('timeupdate'));
    expect(tracker.setProgress).toHaveBeenCalledWith(3);
    expect(await screen.findByText('ad 5')).toBeInTheDocument();
    video().currentTime = 7.5;
    fireEvent(video(), new Event('seeking'));
    expect(video().currentTime).toBe(3);
    await userEvent.setup().click(screen.getByRole('button', { name: 'ad click' }));
    expect(tracker.click).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('https://ads.example/x', '_blank', 'noopener,noreferrer');

    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(tracker.complete).toHaveBeenCalled();
    expect(video()).toHaveAttribute('data-asset-id', 'film-1');
    await waitFor(() => expect(engine.loads).toHaveLength(4));
    expect(engine.loads[3]).toEqual({ url: '/play/tok/film-1/manifest.mpd', startTime: 0, playToken: 'play-token' });
    expect(await screen.findByRole('button', { name: 'subtitles Français' })).toBeInTheDocument();
  });

  test('no consent, no ad; a failed ad decision goes straight to the asset', async () => {
    signIn();
    serve({
      [playPath('film-1')]: () =>
        json(playResponse('film-1', { formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/vast' }] })),
    });
    renderApp('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(ad.fetchPreroll).not.toHaveBeenCalled();
    expect(loaded()).toEqual(['/play/tok/film-1/manifest.mpd']);
  });

  test('a failed ad decision goes on to the asset', async () => {
    signIn();
    localStorage.setItem('consent', 'yes');
    ad.fetchPreroll.mockRejectedValue(new Error('offline'));
    serve({
      [playPath('film-1')]: () =>
        json(playResponse('film-1', { formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/vast' }] })),
    });
    renderApp('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(ad.fetchPreroll).toHaveBeenCalled();
    expect(loaded()).toEqual(['/play/tok/film-1/manifest.mpd']);
  });

  test.each([
    ['the bookmark', '/player/film-1', 20_000, 20],
    ['the route progress over the bookmark', '/player/film-1/45', 20_000, 45],
    ['the start when the bookmark is past 95 %', '/player/film-1', 580_000, 0],
    ['the start when the route says 0', '/player/film-1/0', 20_000, 0],
  ])('resumes at %s', async (_name, path, offset, seconds) => {
    signIn();
    serve({ [playPath('film-1')]: () => json(playResponse('film-1', { bookmarks: { lastViewedOffset: offset } })) });
    renderApp(path);
    await waitFor(() => expect(engine.loads).toHaveLength(1));
    expect(engine.loads[0]!.startTime).toBe(seconds);
  });

  test('a visitor (a trailer) starts from the start, whatever the route says', async () => {
    serve({ [playPath('film-1')]: () => json(playResponse('film-1', { bookmarks: { lastViewedOffset: 20_000 } })) });
    renderApp('/player/film-1/30');
    await waitFor(() => expect(engine.loads).toHaveLength(1));
    expect(engine.loads[0]!.startTime).toBe(0);
  });

  test('401: the login prompt, then /login with the way back remembered', async () => {
    serve({ [playPath('film-1')]: () => json({ httpCode: 401, message: 'NO_SESSION_TOKEN', actions: [{ type: 'LOGIN' }] }, 401) });
    const { router } = renderApp('/player/film-1/12?genre=Drame');
    const dialog = await screen.findByRole('dialog', { name: 'Veuillez vous connecter pour regarder la vidéo' });
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

  test('an episode: its line, the next-episode button, and at its end the next episode plays', async () => {
    signIn();
    const next: Asset = { assetId: 'ep-2', type: 'EPISODE', season: '1', episode: '4', localized: [{ locale: 'fr', title: 'La Suite' }] };
    serve(
      {
        [playPath('ep-1')]: () => json(playResponse('ep-1')),
        [playPath('ep-2')]: () => json(playResponse('ep-2')),
        [`${BU1}/content/asset/ep-1/next`]: () => json(next),
      },
      [episode, next],
    );
    const { router } = renderApp('/player/ep-1');
    expect(await screen.findByText('Saison 1 · Épisode 3')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'next' })).toBeInTheDocument();
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    fireEvent(video(), new Event('playing'));
    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/ep-2'));
    await waitFor(() => expect(video()).toHaveAttribute('data-asset-id', 'ep-2'));
    expect(memoryTransport.events).toEqual(
      expect.arrayContaining([25, 50, 75, 100].map((percent) => ({ type: 'media', assetId: 'ep-1', percent }))),
    );
  });

  test('the last episode ends: back', async () => {
    signIn();
    serve({ [playPath('ep-1')]: () => json(playResponse('ep-1')) }, [episode]);
    const { router } = await openPlayer('/player/ep-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
  });

  test.each([
    ['a trailer', { assetId: 'ba-1', type: 'CLIP', localized: [{ locale: 'fr', title: 'Bande-annonce' }] }],
    ['a film', film],
    ['a channel', { assetId: 'chaine-1', type: 'TV_CHANNEL', localized: [{ locale: 'fr', title: 'La Chaîne' }] }],
  ] as [string, Asset][])('%s ends: back, without asking for a next episode (only episodes have one)', async (_kind, asset) => {
    signIn();
    const fetchMock = serve({ [playPath(asset.assetId)]: () => json(playResponse(asset.assetId)) }, [asset]);
    const { router } = await openPlayer(`/player/${asset.assetId}`);
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    // The asset's details are in (its title shows): the player knows what it plays.
    expect(await screen.findByRole('heading', { level: 1, name: asset.localized?.[0]?.title })).toBeInTheDocument();
    fireEvent(video(), new Event('ended'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked.filter((path) => path.endsWith('/next'))).toEqual([]);
  });

  test('leaving: Aborted with the position goes out by beacon, the player is destroyed', async () => {
    signIn();
    serve({ [playPath('film-1')]: () => json(playResponse('film-1')) });
    const user = userEvent.setup();
    const { router } = await openPlayer('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    fireEvent(video(), new Event('playing'));
    video().currentTime = 21.5;
    fireEvent(video(), new Event('pause'));
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
    await waitFor(() => expect(engine.destroyed).toBe(1));
    expect(sendBeacon).toHaveBeenCalled();
    const [url, blob] = sendBeacon.mock.calls.at(-1) as [string, Blob];
    expect(url).toBe(SEND);
    const body = JSON.parse(await blob.text()) as { SessionId: string; BeaconToken?: string; Payload: { EventType: string; OffsetTime?: number }[] };
    expect(body.SessionId).toBe('ps-film-1');
    // The play response's beacon token is the beacon's credential, in the body (URLs get logged).
    expect(body.BeaconToken).toBe('beacon-film-1');
    const types = body.Payload.map((event) => event.EventType);
    expect(types).toEqual(expect.arrayContaining(['Playback.Created', 'Playback.Started', 'Playback.Paused', 'Playback.Aborted']));
    expect(body.Payload.at(-1)).toMatchObject({ EventType: 'Playback.Aborted', OffsetTime: 21_500 });
  });

  test('the page going hidden sends a heartbeat with the position by beacon', async () => {
    signIn();
    serve({ [playPath('film-1')]: () => json(playResponse('film-1')) });
    renderApp('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    video().currentTime = 12;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    const [, blob] = sendBeacon.mock.calls.at(-1) as [string, Blob];
    const body = JSON.parse(await blob.text()) as { Payload: { EventType: string; OffsetTime?: number }[] };
    expect(body.Payload.at(-1)).toMatchObject({ EventType: 'Playback.Heartbeat', OffsetTime: 12_000 });
  });
});
