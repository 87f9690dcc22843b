import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { Asset } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { json } from '../../../test/fetch-mock';
import { memoryTransport } from '../../lib/analytics/analytics';
import { engine } from './player-page-test-mocks';
import {
  BU1,
  SEND,
  episode,
  film,
  openPlayer,
  playPath,
  playResponse,
  sendBeacon,
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
  test('an episode: its line, the next-episode button, and at its end the next episode plays', async () => {
    signIn();
    const next: Asset = {
      assetId: 'ep-2',
      type: 'EPISODE',
      season: '1',
      episode: '4',
      localized: [{ locale: 'fr', title: 'La Suite' }],
    };
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
    // The analytics' media events, in order, with the rich-media parameters and labels (spec part 2 §7).
    const media = memoryTransport.events.filter(
      (event) => event.type === 'media' && event.assetId === 'ep-1',
    );
    expect(media.map((event) => event.type === 'media' && event.event)).toEqual([
      'start',
      '25',
      '50',
      '75',
      '100',
      'end',
    ]);
    expect(media[0]).toEqual({
      type: 'media',
      event: 'start',
      assetId: 'ep-1',
      mediaType: 'video',
      playerId: 456,
      level2: 41,
      durationSeconds: 600,
      label: 'Le Retour - S1E3',
      themes: [],
      labels: {
        title: 'Le Retour',
        episode: 'S1E3',
        date: expect.stringMatching(/^\d{4}_\d{2}_\d{2}$/),
        pubable: 'non_pubable',
        country: expect.stringMatching(/^[A-Z]{2}$/),
      },
    });
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
    [
      'a channel',
      { assetId: 'chaine-1', type: 'TV_CHANNEL', localized: [{ locale: 'fr', title: 'La Chaîne' }] },
    ],
  ] as [string, Asset][])(
    '%s ends: back, without asking for a next episode (only episodes have one)',
    async (_kind, asset) => {
      signIn();
      const fetchMock = serve({ [playPath(asset.assetId)]: () => json(playResponse(asset.assetId)) }, [
        asset,
      ]);
      const { router } = await openPlayer(`/player/${asset.assetId}`);
      await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
      // The asset's details are in (its title shows): the player knows what it plays.
      expect(
        await screen.findByRole('heading', { level: 1, name: asset.localized?.[0]?.title }),
      ).toBeInTheDocument();
      fireEvent(video(), new Event('ended'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
      const asked = fetchMock.mock.calls.map(
        ([input]) => new URL(String(input), 'http://localhost').pathname,
      );
      expect(asked.filter((path) => path.endsWith('/next'))).toEqual([]);
    },
  );

  test("leaving: Aborted with the position goes out in the beacon's form (keepalive, no header), the player is destroyed", async () => {
    signIn();
    const fetchMock = serve({ [playPath('film-1')]: () => json(playResponse('film-1')) });
    const user = userEvent.setup();
    const { router } = await openPlayer('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    fireEvent(video(), new Event('playing'));
    video().currentTime = 21.5;
    fireEvent(video(), new Event('pause'));
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csa'));
    await waitFor(() => expect(engine.destroyed).toBe(1));
    // A keepalive post without the bearer, its text the beacon's (the app can wait for its answer).
    const posts = fetchMock.mock.calls.filter(
      ([input, init]) => new URL(String(input), 'http://localhost').pathname === SEND && init?.keepalive,
    );
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/plain');
    expect(sendBeacon).not.toHaveBeenCalled();
    const body = JSON.parse(String(init?.body)) as {
      SessionId: string;
      BeaconToken?: string;
      Payload: { EventType: string; OffsetTime?: number }[];
    };
    expect(body.SessionId).toBe('ps-film-1');
    // The play response's beacon token is the beacon's credential, in the body (URLs get logged).
    expect(body.BeaconToken).toBe('beacon-film-1');
    const types = body.Payload.map((event) => event.EventType);
    expect(types).toEqual(
      expect.arrayContaining(['Playback.Created', 'Playback.Started', 'Playback.Paused', 'Playback.Aborted']),
    );
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
