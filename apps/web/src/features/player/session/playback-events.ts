import {
  HEARTBEAT_CHECK_MS,
  HEARTBEAT_EVENT_MS,
  PROGRESS_MILESTONES,
  refreshPeriodSeconds,
  type PlaybackEventType,
  type PlayResponse,
} from '@antenne/contract';
import type { PrerollAd } from '../ad';
import { channelIdOf, liveKindOf } from '../live';
import { milestonesReached } from '../playlist';
import type { SessionObserver } from './playback-session';

/** The part of api/playback's EventReporter this uses (tests give a fake). */
export interface EventSink {
  add(type: PlaybackEventType, fields?: { OffsetTime?: number; [field: string]: unknown }): void;
  start(): void;
  stop(): void;
  flush(): Promise<void>;
  beacon(): boolean;
  leave(): Promise<void>;
}

export interface PlaybackEventsOptions {
  video: HTMLVideoElement;
  play: PlayResponse;
  sink: EventSink;
  /** A progress milestone (percent) reached for the first time: the analytics' media event. */
  onMilestone(percent: number): void;
  /**
   * The content started, ended, or failed (`error` says what), and `refresh` while it plays (spec
   * part 1 §9's refresh durations, of playing time): the analytics' other media events.
   */
  onMedia?(event: 'start' | 'end' | 'error' | 'refresh', error?: string): void;
  /** A channel's or a start-over's playhead on the wall clock (epoch ms), null without a clock. */
  playheadDate?: () => number | null;
  now?: () => number;
}

/**
 * The eventsink side of a playback (spec part 2 §9, Exposure's playback events), as a session
 * observer: Created, the ad's events, Started, Paused/Resumed, ScrubbedTo, Heartbeat every
 * HEARTBEAT_EVENT_MS while playing, the progress milestones, Completed, Error; and on leaving,
 * Aborted with the position (a keepalive post; as the page itself goes away or hides, by
 * sendBeacon, a heartbeat when it hides). No React. A channel or a start-over (live) reports its
 * playhead as Exposure does: OffsetTime is its wall-clock instant (epoch ms, the programme-date-time
 * of the playhead), and every event of a channel or programme carries its ChannelId (ADR 0025).
 */
export class PlaybackEvents implements SessionObserver {
  private readonly cleanups: (() => void)[] = [];
  private readonly reported = new Set<number>();
  private readonly now: () => number;
  /** Nothing goes out before the engine is up (no play session to speak of). */
  private active = false;
  private inContent = false;
  private finished = false;
  private abortedSent = false;

  constructor(private readonly options: PlaybackEventsOptions) {
    this.now = options.now ?? Date.now;
    this.listen(document, 'visibilitychange', () => {
      if (document.visibilityState !== 'hidden' || !this.active) return;
      if (this.inContent && !this.finished) this.sink.add('Playback.Heartbeat', this.offset());
      this.sink.beacon();
    });
    this.listen(window, 'pagehide', () => {
      if (!this.active) return;
      this.sendAborted();
      this.sink.beacon();
    });
  }

  private get sink() {
    return this.options.sink;
  }

  /** A channel or a start-over: the playhead is told on the wall clock. */
  private get live() {
    const kind = liveKindOf(this.options.play);
    return kind === 'live' || kind === 'startover';
  }

  /** The playhead (OffsetTime, ms) and, for a channel or a programme, its channel. */
  private offset(): { OffsetTime?: number; ChannelId?: string } {
    const channelId = channelIdOf(this.options.play);
    const channel = channelId === undefined ? {} : { ChannelId: channelId };
    if (!this.live) return { OffsetTime: this.options.video.currentTime * 1000, ...channel };
    const date = this.options.playheadDate?.() ?? null;
    return { ...(date === null ? {} : { OffsetTime: date }), ...channel };
  }

  private listen(target: EventTarget, type: string, listener: () => void) {
    target.addEventListener(type, listener);
    this.cleanups.push(() => target.removeEventListener(type, listener));
  }

  private sendAborted() {
    if (this.finished || this.abortedSent) return;
    this.abortedSent = true;
    this.sink.add('Playback.Aborted', this.inContent ? this.offset() : {});
  }

  created(): void {
    this.active = true;
    this.sink.add('Playback.Created', { AutoPlay: true, RequestId: this.options.play.requestId });
    this.sink.start();
  }

  adStarted(ad: PrerollAd): void {
    this.sink.add('Playback.AdStarted', { MediaLocator: ad.mediaUrl });
  }

  adEnded(_ad: PrerollAd, played: boolean): void {
    if (played) this.sink.add('Playback.AdCompleted', {});
  }

  contentStarted({ startTime, format }: { startTime: number; format: { mediaLocator: string } }): void {
    const { video: media, play } = this.options;
    this.inContent = true;
    this.sink.add('Playback.Started', {
      ...(this.live ? this.offset() : { ...this.offset(), OffsetTime: startTime * 1000 }),
      VideoLength: play.durationInMs,
      MediaLocator: format.mediaLocator,
    });
    this.options.onMedia?.('start');
    let started = false;
    let paused = false;
    let lastHeartbeat = this.now();
    // Playing time (ms) in all, and since the last refresh media event.
    let playedMs = 0;
    let sinceRefreshMs = 0;
    let lastTick = this.now();
    this.listen(media, 'playing', () => {
      started = true;
      if (!paused) return;
      paused = false;
      this.sink.add('Playback.Resumed', this.offset());
    });
    this.listen(media, 'pause', () => {
      if (!started || media.ended || paused) return;
      paused = true;
      this.sink.add('Playback.Paused', this.offset());
    });
    this.listen(media, 'seeked', () => {
      if (started) this.sink.add('Playback.ScrubbedTo', this.offset());
    });
    const heartbeat = setInterval(() => {
      const tick = this.now();
      const elapsed = tick - lastTick;
      lastTick = tick;
      if (media.paused || media.ended) return;
      playedMs += elapsed;
      sinceRefreshMs += elapsed;
      if (sinceRefreshMs >= refreshPeriodSeconds((playedMs - sinceRefreshMs) / 1000) * 1000) {
        sinceRefreshMs = 0;
        this.options.onMedia?.('refresh');
      }
      // Live has no progress to speak of: no milestones.
      if (!this.live)
        this.milestones(
          milestonesReached(media.currentTime, this.duration(), PROGRESS_MILESTONES, this.reported),
        );
      if (this.now() - lastHeartbeat >= HEARTBEAT_EVENT_MS) {
        lastHeartbeat = this.now();
        this.sink.add('Playback.Heartbeat', this.offset());
      }
    }, HEARTBEAT_CHECK_MS);
    this.cleanups.push(() => clearInterval(heartbeat));
  }

  ended(): void {
    this.finished = true;
    // The end reaches every milestone left, 100 % included.
    this.milestones(PROGRESS_MILESTONES);
    this.options.onMedia?.('end');
    this.sink.add('Playback.Completed', this.offset());
    void this.sink.flush();
  }

  failed(error: unknown): void {
    if (!this.active) return;
    const detail = error as { code?: unknown; message?: unknown } | undefined;
    this.sink.add('Playback.Error', {
      OffsetTime: this.inContent ? this.offset().OffsetTime : undefined,
      Code: typeof detail?.code === 'number' ? detail.code : undefined,
      Message: typeof detail?.message === 'string' ? detail.message : 'error',
    });
    this.options.onMedia?.(
      'error',
      typeof detail?.code === 'number' || typeof detail?.code === 'string'
        ? `${detail.code}${typeof detail.message === 'string' ? `: ${detail.message}` : ''}`
        : typeof detail?.message === 'string'
          ? detail.message
          : 'error',
    );
    void this.sink.flush();
  }

  /**
   * The viewer leaves the player for another screen: Aborted unless the asset ended, then what is
   * left in the beacon's form, by a keepalive post the play history read next waits for.
   */
  close(): void {
    this.cleanups.splice(0).forEach((remove) => remove());
    if (!this.active) return;
    this.sendAborted();
    this.sink.stop();
    void this.sink.leave();
  }

  private duration() {
    const { video: media, play } = this.options;
    return Number.isFinite(media.duration) && media.duration > 0 ? media.duration : play.durationInMs / 1000;
  }

  private milestones(percents: readonly number[]) {
    for (const percent of percents) {
      if (this.reported.has(percent)) continue;
      this.reported.add(percent);
      this.options.onMilestone(percent);
    }
  }
}
