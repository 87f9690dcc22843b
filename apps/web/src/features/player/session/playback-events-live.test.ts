import { HEARTBEAT_EVENT_MS, type PlayResponse } from '@antenne/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PlaybackEvents, type EventSink } from './playback-events';

const START = Date.parse('2026-03-10T20:00:00Z');

/** A start-over and a catch-up of the same programme: the live one tells the wall clock. */
function setup(streamInfo: PlayResponse['streamInfo']) {
  vi.useFakeTimers();
  let now = 0;
  const video = document.createElement('video');
  Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
  Object.defineProperty(video, 'duration', { configurable: true, value: Number.POSITIVE_INFINITY });
  const sent: { EventType: string; OffsetTime?: number; ChannelId?: unknown }[] = [];
  const sink: EventSink = {
    add: (type, fields = {}) =>
      void sent.push({ EventType: type, OffsetTime: fields.OffsetTime, ChannelId: fields['ChannelId'] }),
    start: vi.fn(),
    stop: vi.fn(),
    flush: vi.fn(async () => undefined),
    beacon: vi.fn(() => true),
    leave: vi.fn(async () => undefined),
  };
  const milestones: number[] = [];
  const play = { requestId: 'r', assetId: 'prog-1', durationInMs: 3_600_000, streamInfo } as PlayResponse;
  const events = new PlaybackEvents({
    video,
    play,
    sink,
    onMilestone: (percent) => void milestones.push(percent),
    // The playhead 25 minutes into the programme, whatever the video's own time.
    playheadDate: () => START + 25 * 60_000,
    now: () => now,
  });
  events.created();
  video.currentTime = 1500;
  events.contentStarted({ startTime: 0, format: { mediaLocator: '/m.mpd' } });
  now += HEARTBEAT_EVENT_MS;
  vi.advanceTimersByTime(HEARTBEAT_EVENT_MS);
  return { sent, milestones };
}

afterEach(() => vi.useRealTimers());

describe('PlaybackEvents, live', () => {
  test('a start-over tells its playhead on the wall clock with its channel, and no milestones', () => {
    const { sent, milestones } = setup({
      live: true,
      static: false,
      event: true,
      start: START,
      end: START + 3_600_000,
      channelId: 'ch-1',
      programId: 'prog-1',
    });
    const wallClock = START + 25 * 60_000;
    expect(sent.find((e) => e.EventType === 'Playback.Started')).toMatchObject({
      OffsetTime: wallClock,
      ChannelId: 'ch-1',
    });
    expect(sent.at(-1)).toEqual({
      EventType: 'Playback.Heartbeat',
      OffsetTime: wallClock,
      ChannelId: 'ch-1',
    });
    expect(milestones).toEqual([]);
  });

  test('a catch-up tells its offset from the programme start, as on-demand, with its channel', () => {
    const { sent, milestones } = setup({
      live: false,
      static: true,
      event: false,
      start: START,
      end: START + 3_600_000,
      channelId: 'ch-1',
      programId: 'prog-1',
    });
    expect(sent.at(-1)).toEqual({
      EventType: 'Playback.Heartbeat',
      OffsetTime: 1_500_000,
      ChannelId: 'ch-1',
    });
    // 1500 s of 3600: the 25 % milestone.
    expect(milestones).toEqual([25]);
  });
});
