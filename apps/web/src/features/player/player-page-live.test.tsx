import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlayResponse } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { json } from '../../../test/fetch-mock';
import { CHANNELS, epgHandlers, NOW } from '../../../test/epg-fixtures';
import { engine } from './player-page-test-mocks';
import {
  playPath,
  playResponse,
  sendBeacon,
  serve,
  setUpPlayerPageTests,
  signIn,
  video,
} from './player-page-test-helpers';

// The real overlay over the stand-in engine: a live seek range and a playhead date the test sets.
vi.mock('./engine', async () => (await import('./player-page-test-mocks')).engineModule);
vi.mock('./ad', async () => (await import('./player-page-test-mocks')).adModule);

setUpPlayerPageTests();

const MINUTE = 60_000;
const AT_20 = Date.parse('2026-03-10T20:00:00Z');
const monde = CHANNELS[0]!;
const programmeId = (startMs: number) => `ch-monde_${startMs}`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The stand-in engine as a live stream whose video time 0 is `originMs` on the wall clock. */
function liveEngine(originMs: number, window: { start: number; end: number }) {
  engine.seekRange = () => window;
  engine.playheadDate = () => originMs + video().currentTime * 1000;
  engine.clockOrigin = () => originMs;
}

const channelPlay = (patch: Partial<PlayResponse> = {}) =>
  playResponse('ch-monde', {
    durationInMs: 0,
    streamInfo: { live: true, static: false, event: false, start: AT_20, channelId: 'ch-monde' },
    ...patch,
  });

/** Sets the clock to `ms`, then lets the overlay's next tick (a second) run. */
async function moveClockTo(ms: number) {
  vi.setSystemTime(ms);
  await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
}

describe('the player, live', () => {
  test('a channel: the live badge at the edge, go-to-live behind it, the window on the slider in wall-clock times', async () => {
    signIn();
    serve({ [playPath('ch-monde')]: () => json(channelPlay()), ...epgHandlers() }, [monde]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const origin = NOW - 120_000;
    liveEngine(origin, { start: 0, end: 120 });
    renderApp('/player/ch-monde');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    // Loaded at the live edge (no start time), then the playhead is there.
    expect(engine.loads.at(-1)?.startTime).toBeUndefined();
    video().currentTime = 120;
    fireEvent(video(), new Event('timeupdate'));

    expect(await screen.findByText('Direct')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revenir au direct' })).not.toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Position de lecture' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '120');
    expect(slider).toHaveAttribute('aria-valuetext', '20:15, en direct');
    expect(screen.getAllByText('20:15')).toHaveLength(2);
    // The programme on air (20:00–21:00) began before the window: its span covers all of it.
    const span = document.querySelector<HTMLElement>('[data-programme-span]');
    expect(span?.style.left).toBe('0%');
    expect(span?.style.width).toBe('100%');
    expect(screen.queryByRole('button', { name: 'Épisode suivant' })).not.toBeInTheDocument();

    // Behind the edge (a minute back): the way back to live; it jumps to the edge.
    await user.click(screen.getByRole('button', { name: 'Reculer de 10 secondes' }));
    expect(video().currentTime).toBe(110);
    video().currentTime = 60;
    fireEvent(video(), new Event('timeupdate'));
    expect(await screen.findByRole('button', { name: 'Revenir au direct' })).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', '20:14, direct à 20:15');
    expect(screen.queryByText('Direct')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revenir au direct' }));
    expect(video().currentTime).toBeGreaterThanOrEqual(120);
    fireEvent(video(), new Event('timeupdate'));
    expect(await screen.findByText('Direct')).toBeInTheDocument();
  });

  test('the programme on air shows with its times and changes when the next one starts', async () => {
    signIn();
    serve({ [playPath('ch-monde')]: () => json(channelPlay()), ...epgHandlers() }, [monde]);
    // The playhead follows the clock (a viewer at the live edge).
    engine.seekRange = () => ({ start: 0, end: 120 });
    engine.playheadDate = () => Date.now();
    renderApp('/player/ch-monde');
    expect(await screen.findByText('monde 03-10 20:00 · 20:00–21:00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Antenne Monde' })).toBeInTheDocument();
    await moveClockTo(AT_20 + 60 * MINUTE - 2000);
    expect(screen.getByText('monde 03-10 20:00 · 20:00–21:00')).toBeInTheDocument();
    await moveClockTo(AT_20 + 60 * MINUTE);
    expect(await screen.findByText('monde 03-10 21:00 · 21:00–22:00')).toBeInTheDocument();
    expect(screen.queryByText('monde 03-10 20:00 · 20:00–21:00')).not.toBeInTheDocument();
  });

  test("start-over: starts at the programme's start, its span on the slider; at the edge it is live", async () => {
    signIn();
    const id = programmeId(AT_20);
    serve(
      {
        [playPath(id)]: () =>
          json(
            playResponse(id, {
              durationInMs: 60 * MINUTE,
              streamInfo: {
                live: true,
                static: false,
                event: true,
                start: AT_20,
                end: AT_20 + 60 * MINUTE,
                channelId: 'ch-monde',
                programId: id,
              },
            }),
          ),
        ...epgHandlers(),
      },
      [],
    );
    // Video time 0 is 19:50; the window opens at the programme's start (600 s) and ends now (1500 s).
    const origin = AT_20 - 10 * MINUTE;
    liveEngine(origin, { start: 600, end: 1500 });
    renderApp(`/player/${id}`);
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    // Asked to start at the programme's start, as a date (shaka places it by the stream's clock).
    expect(engine.loads.at(-1)).toMatchObject({ startDate: AT_20 });
    expect(engine.loads.at(-1)?.startTime).toBeUndefined();
    video().currentTime = 600;
    fireEvent(video(), new Event('timeupdate'));

    expect(await screen.findByRole('heading', { level: 1, name: 'monde 03-10 20:00' })).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Position de lecture' });
    expect(slider).toHaveAttribute('aria-valuetext', '20:00, direct à 20:15');
    expect(screen.getByRole('button', { name: 'Revenir au direct' })).toBeInTheDocument();
    const span = document.querySelector<HTMLElement>('[data-programme-span]');
    expect(span?.style.left).toBe('0%');
    expect(span?.style.width).toBe('100%');

    // At the edge it is live.
    video().currentTime = 1500;
    fireEvent(video(), new Event('timeupdate'));
    expect(await screen.findByText('Direct')).toBeInTheDocument();
  });

  test('catch-up plays as on-demand, from the bookmark, titled from the EPG', async () => {
    signIn();
    const start = AT_20 - 2 * 60 * MINUTE;
    const id = programmeId(start);
    serve(
      {
        [playPath(id)]: () =>
          json(
            playResponse(id, {
              durationInMs: 60 * MINUTE,
              bookmarks: { lastViewedOffset: 20 * MINUTE, liveTime: start + 20 * MINUTE },
              streamInfo: {
                live: false,
                static: true,
                event: false,
                start,
                end: start + 60 * MINUTE,
                channelId: 'ch-monde',
                programId: id,
              },
            }),
          ),
        ...epgHandlers(),
      },
      [],
    );
    renderApp(`/player/${id}`);
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    expect(engine.loads.at(-1)).toMatchObject({ url: `/play/tok/${id}/manifest.mpd`, startTime: 1200 });
    expect(await screen.findByRole('heading', { level: 1, name: 'monde 03-10 18:00' })).toBeInTheDocument();
    expect(screen.queryByText('Direct')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revenir au direct' })).not.toBeInTheDocument();
  });

  test('the events of a channel carry the playhead on the wall clock and the channel', async () => {
    signIn();
    serve({ [playPath('ch-monde')]: () => json(channelPlay()), ...epgHandlers() }, [monde]);
    const origin = NOW - 120_000;
    liveEngine(origin, { start: 0, end: 120 });
    renderApp('/player/ch-monde');
    await waitFor(() => expect(video()).toHaveAttribute('data-phase', 'content'));
    video().currentTime = 90;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    const [, blob] = sendBeacon.mock.calls.at(-1) as [string, Blob];
    const body = JSON.parse(await blob.text()) as {
      Payload: { EventType: string; OffsetTime?: number; ChannelId?: string }[];
    };
    expect(body.Payload.find((event) => event.EventType === 'Playback.Started')).toMatchObject({
      OffsetTime: origin,
      ChannelId: 'ch-monde',
    });
    expect(body.Payload.at(-1)).toMatchObject({
      EventType: 'Playback.Heartbeat',
      OffsetTime: origin + 90_000,
      ChannelId: 'ch-monde',
    });
  });
});
