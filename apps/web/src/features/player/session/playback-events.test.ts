import { HEARTBEAT_CHECK_MS, HEARTBEAT_EVENT_MS, type PlayResponse } from '@antenne/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PlaybackEvents, type EventSink } from './playback-events';

const play = { requestId: 'req-1', assetId: 'film-1', durationInMs: 100_000 } as PlayResponse;

function setup() {
  let now = 0;
  const video = document.createElement('video');
  let paused = true;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
  const sent: { type: string; offset?: number }[] = [];
  const sink: EventSink = {
    add: (type, fields = {}) => void sent.push({ type, offset: fields.OffsetTime }),
    start: vi.fn(),
    stop: vi.fn(),
    flush: vi.fn(async () => undefined),
    beacon: vi.fn(() => true),
    leave: vi.fn(async () => undefined),
  };
  const milestones: number[] = [];
  const media: string[] = [];
  const events = new PlaybackEvents({
    video,
    play,
    sink,
    onMilestone: (percent) => void milestones.push(percent),
    onMedia: (event, error) => void media.push(error === undefined ? event : `${event}: ${error}`),
    now: () => now,
  });
  return {
    events,
    video,
    sink,
    sent,
    milestones,
    media,
    types: () => sent.map((event) => event.type),
    setPaused: (value: boolean) => void (paused = value),
    advance: (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('PlaybackEvents', () => {
  test('the analytics’ media events: start with the content, end after the last milestone, an error with what went wrong', () => {
    const run = setup();
    run.events.created();
    expect(run.media).toEqual([]);
    run.events.contentStarted({ startTime: 0, format: { mediaLocator: '/m.mpd' } });
    expect(run.media).toEqual(['start']);
    run.events.ended();
    expect(run.milestones).toEqual([25, 50, 75, 100]);
    expect(run.media).toEqual(['start', 'end']);
    run.events.failed({ code: 3, message: 'decode' });
    expect(run.media).toEqual(['start', 'end', 'error: 3: decode']);
  });

  test('nothing goes out before the engine is up, not even on leaving', () => {
    const run = setup();
    window.dispatchEvent(new Event('pagehide'));
    run.events.close();
    expect(run.sent).toEqual([]);
    expect(run.sink.beacon).not.toHaveBeenCalled();
    expect(run.sink.leave).not.toHaveBeenCalled();
  });

  test('Created, Started, Paused and Resumed, then Aborted with the position sent on close (the keepalive post of leave())', () => {
    const run = setup();
    run.events.created();
    expect(run.sink.start).toHaveBeenCalled();
    run.events.contentStarted({ startTime: 20, format: { mediaLocator: '/m.mpd' } });
    run.video.dispatchEvent(new Event('playing'));
    run.video.currentTime = 30;
    run.video.dispatchEvent(new Event('pause'));
    run.video.dispatchEvent(new Event('playing'));
    run.events.close();
    expect(run.sent).toEqual([
      { type: 'Playback.Created', offset: undefined },
      { type: 'Playback.Started', offset: 20_000 },
      { type: 'Playback.Paused', offset: 30_000 },
      { type: 'Playback.Resumed', offset: 30_000 },
      { type: 'Playback.Aborted', offset: 30_000 },
    ]);
    expect(run.sink.stop).toHaveBeenCalled();
    expect(run.sink.leave).toHaveBeenCalled();
  });

  test('the page itself going away (pagehide): Aborted with the position by sendBeacon, nothing sent twice on close', () => {
    const run = setup();
    run.events.created();
    run.events.contentStarted({ startTime: 0, format: { mediaLocator: '/m.mpd' } });
    run.video.currentTime = 42;
    window.dispatchEvent(new Event('pagehide'));
    expect(run.sent.at(-1)).toEqual({ type: 'Playback.Aborted', offset: 42_000 });
    expect(run.sink.beacon).toHaveBeenCalledTimes(1);
    run.events.close();
    expect(run.types().filter((type) => type === 'Playback.Aborted')).toHaveLength(1);
  });

  test('refresh media events while playing: every 5 s of playing time in the first minute, then every 15 s; not while paused', () => {
    vi.useFakeTimers();
    const run = setup();
    run.events.created();
    run.events.contentStarted({ startTime: 0, format: { mediaLocator: '/m.mpd' } });
    const refreshes = () => run.media.filter((event) => event === 'refresh').length;
    // The clock and the timers move together, a second at a time, as they do in a browser.
    const play = (ms: number) => {
      for (let t = 0; t < ms; t += HEARTBEAT_CHECK_MS) run.advance(HEARTBEAT_CHECK_MS);
    };
    play(20_000);
    expect(refreshes()).toBe(0);
    run.setPaused(false);
    play(4_000);
    expect(refreshes()).toBe(0);
    play(1_000);
    expect(refreshes()).toBe(1);
    play(55_000);
    expect(refreshes()).toBe(12);
    run.setPaused(true);
    play(60_000);
    expect(refreshes()).toBe(12);
    run.setPaused(false);
    play(14_000);
    expect(refreshes()).toBe(12);
    play(1_000);
    expect(refreshes()).toBe(13);
    run.events.close();
  });

  test('heartbeats while playing, the milestones as they are reached, all of them at the end', () => {
    vi.useFakeTimers();
    const run = setup();
    run.events.created();
    run.events.contentStarted({ startTime: 0, format: { mediaLocator: '/m.mpd' } });
    run.setPaused(false);
    run.video.currentTime = 30;
    run.advance(HEARTBEAT_CHECK_MS);
    expect(run.milestones).toEqual([25]);
    run.advance(HEARTBEAT_EVENT_MS);
    expect(run.types()).toContain('Playback.Heartbeat');
    run.events.ended();
    expect(run.milestones).toEqual([25, 50, 75, 100]);
    expect(run.types().at(-1)).toBe('Playback.Completed');
    expect(run.sink.flush).toHaveBeenCalled();
    run.events.close();
    // Completed: no Aborted after it.
    expect(run.types()).not.toContain('Playback.Aborted');
  });
});
