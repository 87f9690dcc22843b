import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { PlayFormat } from '@antenne/contract';
import { CONSENT_COOKIE, consentCookieValue } from '../../lib/analytics/consent';
import { renderApp } from '../../../test/render-app';
import { json } from '../../../test/fetch-mock';
import type { AdTracker } from './ad';
import { ad, engine } from './player-page-test-mocks';
import {
  loaded,
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
  test('plays brand bumper → classification bumper → ad → the asset, tracking the ad', async () => {
    signIn();
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics', 'advertising'])}; path=/`;
    const tracker: AdTracker = {
      setDuration: vi.fn(),
      setProgress: vi.fn(),
      impression: vi.fn(),
      setPaused: vi.fn(),
      complete: vi.fn(),
      click: vi.fn(),
      error: vi.fn(),
    };
    ad.fetchPreroll.mockResolvedValue({
      mediaUrl: '/ads/creative.mp4',
      mimeType: 'video/mp4',
      clickThrough: 'https://ads.example/x',
      tracker,
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const dash = (name: string): PlayFormat => ({
      format: 'DASH',
      mediaLocator: `/play/tok/${name}/manifest.mpd`,
    });
    serve({
      [playPath('film-1')]: () =>
        json(
          playResponse('film-1', {
            bumpers: { brand: [dash('bumper-brand')], classification: [dash('bumper-csa-12')] },
            parentalRating: '4',
            formats: [
              {
                format: 'DASH',
                mediaLocator: '/play/tok/film-1/manifest.mpd',
                vastUrl: '/v2/ads/vast?playToken=x',
              },
            ],
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
    expect(engine.loads[3]).toEqual({
      url: '/play/tok/film-1/manifest.mpd',
      startTime: 0,
      playToken: 'play-token',
    });
    expect(await screen.findByRole('button', { name: 'subtitles Français' })).toBeInTheDocument();
  });

  test('no consent, no ad; a failed ad decision goes straight to the asset', async () => {
    signIn();
    serve({
      [playPath('film-1')]: () =>
        json(
          playResponse('film-1', {
            formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/vast' }],
          }),
        ),
    });
    renderApp('/player/film-1');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(ad.fetchPreroll).not.toHaveBeenCalled();
    expect(loaded()).toEqual(['/play/tok/film-1/manifest.mpd']);
  });

  test('a failed ad decision goes on to the asset', async () => {
    signIn();
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics', 'advertising'])}; path=/`;
    ad.fetchPreroll.mockRejectedValue(new Error('offline'));
    serve({
      [playPath('film-1')]: () =>
        json(
          playResponse('film-1', {
            formats: [{ format: 'DASH', mediaLocator: '/play/tok/film-1/manifest.mpd', vastUrl: '/vast' }],
          }),
        ),
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
    serve({
      [playPath('film-1')]: () => json(playResponse('film-1', { bookmarks: { lastViewedOffset: offset } })),
    });
    renderApp(path);
    await waitFor(() => expect(engine.loads).toHaveLength(1));
    expect(engine.loads[0]!.startTime).toBe(seconds);
  });

  test('a visitor (a trailer) starts from the start, whatever the route says', async () => {
    serve({
      [playPath('film-1')]: () => json(playResponse('film-1', { bookmarks: { lastViewedOffset: 20_000 } })),
    });
    renderApp('/player/film-1/30');
    await waitFor(() => expect(engine.loads).toHaveLength(1));
    expect(engine.loads[0]!.startTime).toBe(0);
  });
});
