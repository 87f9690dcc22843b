import type { PlayFormat, PlayResponse } from '@antenne/contract';
import type { PrerollAd } from '../ad';
import type { AudioTrackOption, PlaylistPhase, TextTrackOption } from '../controller';
import type { Engine } from '../engine';
import { liveKindOf, type LiveWindow } from '../live';
import { bumpersOf, pickFormat, vastUrlOf } from '../playlist';
import { audioTrackOptions, textTrackOptions } from '../tracks';
import { Aborted, playToEnd } from './play-to-end';

/**
 * One playback of one play response, without React (spec part 2 §4): the engine is created on
 * the page's <video>, then the playlist runs — brand bumper → classification bumper → the VAST
 * pre-roll → the asset — one `load()` per item on the same engine. A bumper or the ad that fails
 * is skipped; a failure of the asset is the session's failure. What happens around it (events,
 * the ad's pixels, popups, navigation) is told to observers; the state the overlay shows goes to
 * `onChange`. A channel starts at the live edge, a start-over at its programme's start (a date:
 * streamInfo.start); the resume point applies to neither.
 */

export interface SessionState {
  phase: PlaylistPhase;
  /** True while buffering, seeking or loading (the spinner). */
  waiting: boolean;
  /** What the <video> holds: 'bumper-brand', 'bumper-csa-12', 'ad', or the asset id. */
  loadedId?: string;
  textTracks: TextTrackOption[];
  activeTextTrackId: number | null;
  audioTracks: AudioTrackOption[];
  activeAudioTrackId: number | null;
}

export const INITIAL_SESSION_STATE: SessionState = {
  phase: 'loading',
  waiting: true,
  textTracks: [],
  activeTextTrackId: null,
  audioTracks: [],
  activeAudioTrackId: null,
};

/** What the session tells while it runs; each observer is called in the order given. */
export interface SessionObserver {
  /** The engine is ready, before the first item. */
  created?(): void;
  adStarted?(ad: PrerollAd): void;
  /** The ad ended: `played` false when it failed (skipped). */
  adEnded?(ad: PrerollAd, played: boolean): void;
  contentStarted?(content: { startTime: number; format: PlayFormat }): void;
  /** The asset played to its end. */
  ended?(): void;
  /** The asset cannot play (engine error, no format, failed load): told once, never after destroy(). */
  failed?(error: unknown): void;
}

/** The pre-roll as the session needs it: the decision, and following the ad while it plays. */
export interface PrerollSource {
  /** The ad for this decision URL; null (or a rejection) plays none. */
  fetch(vastUrl: string): Promise<PrerollAd | null>;
  /**
   * Starts following the ad on the video (pixels, remaining time); returns the end, told whether
   * the ad played to its end (false: it failed; undefined: the session was destroyed meanwhile).
   */
  follow(ad: PrerollAd, video: HTMLVideoElement): (played: boolean | undefined) => void;
}

export interface TrackLabels {
  uiLanguage: string;
  /** The audio-description entry's name for a language without a manifest label. */
  describedLabel(language: string): string;
}

export interface PlaybackSessionOptions {
  video: HTMLVideoElement;
  play: PlayResponse;
  /** Where the asset starts, seconds (asked once the asset's turn comes; not for a channel or a start-over). */
  startTime(): number;
  createEngine(video: HTMLVideoElement): Promise<Engine>;
  preroll?: PrerollSource;
  trackLabels(): TrackLabels;
  onChange(patch: Partial<SessionState>): void;
  observers?: SessionObserver[];
}

export class PlaybackSession {
  private readonly run = new AbortController();
  private readonly cleanups: (() => void)[] = [];
  private engine: Engine | undefined;
  private contentFormat: PlayFormat | undefined;
  private contentStarted = false;
  private failedOnce = false;
  /** While a bumper or the ad plays, an engine error skips that item instead of failing the playback. */
  private itemFail: ((error: unknown) => void) | undefined;

  constructor(private readonly options: PlaybackSessionOptions) {}

  /** The asset's format once it plays (what a cast receiver loads). */
  get content(): PlayFormat | undefined {
    return this.contentFormat;
  }

  /** The seekable window and its wall clock, once the asset plays. */
  liveWindow(): LiveWindow | undefined {
    const { engine } = this;
    if (!engine || !this.contentStarted) return undefined;
    const { start, end } = engine.seekRange();
    const date = engine.playheadDate();
    const originMs =
      engine.clockOrigin() ?? (date === null ? null : date - this.options.video.currentTime * 1000);
    return { start, end, originMs };
  }

  /** The playhead's wall-clock instant (epoch ms), once the asset plays and when the stream has a clock. */
  playheadDate(): number | null {
    return this.contentStarted ? (this.engine?.playheadDate() ?? null) : null;
  }

  get destroyed(): boolean {
    return this.run.signal.aborted;
  }

  /** Runs the playlist; resolves when the asset has started (or the session failed or was destroyed). */
  async start(): Promise<void> {
    const { video } = this.options;
    // The spinner: buffering, seeking, loading.
    for (const type of ['waiting', 'seeking', 'loadstart'])
      this.listen(video, type, () => this.options.onChange({ waiting: true }));
    for (const type of ['playing', 'seeked', 'canplay'])
      this.listen(video, type, () => this.options.onChange({ waiting: false }));
    try {
      await this.sequence();
    } catch (error) {
      if (!(error instanceof Aborted)) this.fail(error);
    }
  }

  selectTextTrack(id: number | null): void {
    this.engine?.selectTextTrack(id);
    this.options.onChange({ activeTextTrackId: id });
  }

  selectAudioTrack(id: number): void {
    this.engine?.selectAudioTrack(id);
    this.options.onChange({ activeAudioTrackId: id });
  }

  /** Stops everything: pending items reject quietly, listeners go, the engine is destroyed. */
  destroy(): void {
    if (this.run.signal.aborted) return;
    this.run.abort();
    this.cleanups.splice(0).forEach((remove) => remove());
    void this.engine?.destroy().catch(() => undefined);
    this.engine = undefined;
  }

  private get signal() {
    return this.run.signal;
  }

  private notify<K extends keyof SessionObserver>(
    event: K,
    ...args: Parameters<NonNullable<SessionObserver[K]>>
  ) {
    for (const observer of this.options.observers ?? []) {
      const handler = observer[event] as ((...values: typeof args) => void) | undefined;
      handler?.apply(observer, args);
    }
  }

  private listen(target: EventTarget, type: string, listener: (event: Event) => void): () => void {
    target.addEventListener(type, listener);
    const remove = () => target.removeEventListener(type, listener);
    this.cleanups.push(remove);
    return remove;
  }

  private checkpoint() {
    if (this.signal.aborted) throw new Aborted();
  }

  private fail(error: unknown) {
    if (this.failedOnce || this.signal.aborted) return;
    this.failedOnce = true;
    this.notify('failed', error);
  }

  private async sequence() {
    const { video, play } = this.options;
    const engine = await this.options.createEngine(video);
    if (this.signal.aborted) {
      void engine.destroy().catch(() => undefined);
      throw new Aborted();
    }
    this.engine = engine;
    engine.onError((error) => (this.itemFail ? this.itemFail(error) : this.fail(error)));
    engine.onTracksChanged(() => this.refreshTracks());
    this.notify('created');

    for (const bumper of bumpersOf(play)) {
      this.options.onChange({ phase: 'bumper', loadedId: bumper.id });
      await this.playItem(() => engine.load(bumper.format));
    }

    const vastUrl = vastUrlOf(play);
    const { preroll } = this.options;
    if (vastUrl && preroll) {
      // A failed or empty decision goes straight on to the asset.
      const ad = await preroll.fetch(vastUrl).catch(() => null);
      this.checkpoint();
      if (ad) await this.playAd(ad, preroll);
    }

    await this.playContent(engine);
  }

  /** Plays one bumper or the ad; a failure skips it (the asset matters, not the bumper). */
  private async playItem(load: () => Promise<void>): Promise<boolean> {
    this.options.onChange({ waiting: true });
    let rejectItem: (error: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (rejectItem = reject));
    failure.catch(() => undefined);
    this.itemFail = rejectItem;
    try {
      await Promise.race([load(), failure]);
      this.checkpoint();
      await playToEnd(this.options.video, this.signal, failure);
      return true;
    } catch (error) {
      if (this.signal.aborted || error instanceof Aborted) throw new Aborted();
      return false;
    } finally {
      this.itemFail = undefined;
    }
  }

  private async playAd(ad: PrerollAd, preroll: PrerollSource) {
    this.options.onChange({ phase: 'ad', loadedId: 'ad' });
    this.notify('adStarted', ad);
    const end = preroll.follow(ad, this.options.video);
    let played: boolean | undefined;
    try {
      played = await this.playItem(() => (this.engine as Engine).loadFile(ad.mediaUrl, ad.mimeType));
      this.notify('adEnded', ad, played);
    } finally {
      end(played);
    }
  }

  private async playContent(engine: Engine) {
    const { video, play } = this.options;
    const format = pickFormat(play.formats);
    if (!format) throw new Error('no playable format');
    this.contentFormat = format;
    const kind = liveKindOf(play);
    const atEdge = kind === 'live' || kind === 'startover';
    const startTime = atEdge ? 0 : this.options.startTime();
    this.options.onChange({ phase: 'content', loadedId: play.assetId, waiting: true });
    // shaka starts an EVENT playlist / dynamic MPD at the live edge: a start-over asks for its
    // programme's start, as a date shaka places in the stream (its program-date-time).
    const startDate = kind === 'startover' ? play.streamInfo.start : undefined;
    await engine.load(format, {
      ...(atEdge ? {} : { startTime }),
      ...(startDate === undefined ? {} : { startDate }),
      playToken: play.playToken,
    });
    this.checkpoint();
    this.contentStarted = true;
    this.refreshTracks();
    this.notify('contentStarted', { startTime, format });
    this.listen(video, 'ended', () => {
      this.options.onChange({ phase: 'ended' });
      this.notify('ended');
    });
    this.options.onChange({ waiting: video.readyState < 3 });
    void video.play()?.catch(() => undefined);
  }

  private refreshTracks() {
    const { engine } = this;
    if (!engine || !this.contentStarted) return;
    const { uiLanguage, describedLabel } = this.options.trackLabels();
    const text = engine.textTracks();
    const audio = engine.audioTracks();
    this.options.onChange({
      textTracks: textTrackOptions(text, uiLanguage),
      activeTextTrackId: text.find((track) => track.active)?.id ?? null,
      audioTracks: audioTrackOptions(audio, uiLanguage, describedLabel),
      activeAudioTrackId: audio.find((track) => track.active)?.id ?? null,
    });
  }
}
