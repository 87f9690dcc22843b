import type { PlayFormat } from '@antenne/contract';
import type shakaNamespace from 'shaka-player';

/**
 * The thin wrapper over shaka-player (core build, no UI): the only module that imports it, and
 * only dynamically, so shaka's code is fetched on the player route alone (the home bundle has a
 * budget). Tests replace this module (jsdom cannot play video).
 */

export interface EngineTextTrack {
  id: number;
  language: string;
  label: string | null;
  active: boolean;
}

export interface EngineAudioTrack {
  id: number;
  language: string;
  label: string | null;
  active: boolean;
  roles: string[];
  /** shaka's accessibilityPurpose: 'visually impaired' marks audio description. */
  accessibilityPurpose: string | null;
}

export interface LoadOptions {
  /** Seconds from the start. */
  startTime?: number;
  /**
   * A wall-clock instant (epoch ms) to start at instead: shaka places it in the stream by its
   * program-date-time / availabilityStartTime (a start-over's programme start).
   */
  startDate?: number;
  /** Sent as `Authorization: Bearer` on licence (and HLS key) requests only. */
  playToken?: string;
}

export interface Engine {
  /** Loads a manifest (DASH/HLS) with the format's DRM configuration. */
  load(format: PlayFormat, options?: LoadOptions): Promise<void>;
  /** Loads a progressive file (the ad's MP4). */
  loadFile(url: string, mimeType: string): Promise<void>;
  textTracks(): EngineTextTrack[];
  audioTracks(): EngineAudioTrack[];
  selectTextTrack(id: number | null): void;
  selectAudioTrack(id: number): void;
  /** The seekable window, seconds of the <video>'s time (a VOD: 0 to its duration). */
  seekRange(): { start: number; end: number };
  /**
   * The wall-clock instant (epoch ms) of the playhead: the program-date-time of HLS, the
   * availabilityStartTime-based time of DASH; null when the stream carries no clock (a VOD).
   */
  playheadDate(): number | null;
  /** The wall-clock instant (epoch ms) of the <video>'s time 0 (shaka's presentation start as a date); null: none. */
  clockOrigin(): number | null;
  /** Called on a fatal player error (network, DRM, decode). */
  onError(listener: (error: { code: number; message: string }) => void): void;
  /** Called when the track lists change (manifest parsed, period change). */
  onTracksChanged(listener: () => void): void;
  destroy(): Promise<void>;
}

type Shaka = typeof shakaNamespace;
type ShakaPlayer = InstanceType<Shaka['Player']>;

let shakaModule: Promise<Shaka> | undefined;

/** shaka-player's code, fetched once and its polyfills installed (also called early, beside the play call). */
export function loadShaka(): Promise<Shaka> {
  shakaModule ??= import('shaka-player').then((module) => {
    const shaka = module.default;
    shaka.polyfill.installAll();
    return shaka;
  });
  return shakaModule;
}

/** An absolute URL: shaka logs relative licence URLs oddly (media notes §3). */
const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * Creates one shaka Player attached to `video`; every playlist item is a `load()` on it.
 * Subtitles are drawn by shaka's UITextDisplayer in a `.shaka-text-container` it adds to the
 * video's parent (the player page styles and places it: above the control bar while the
 * controls show). Not the native text tracks: shaka gives each a `<track src="data:,WEBVTT">`,
 * which the Content-Security-Policy (media-src) refuses — a violation on every playback.
 */
export async function createEngine(video: HTMLVideoElement): Promise<Engine> {
  const shaka = await loadShaka();
  const player: ShakaPlayer = new shaka.Player();
  if (video.parentElement) player.setVideoContainer(video.parentElement);
  await player.attach(video);

  let bearer: string | undefined;
  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
    const { LICENSE, KEY } = shaka.net.NetworkingEngine.RequestType;
    if (bearer && (type === LICENSE || type === KEY)) request.headers['Authorization'] = `Bearer ${bearer}`;
  });

  const errorListeners: ((error: { code: number; message: string }) => void)[] = [];
  player.addEventListener('error', (event) => {
    const detail = (event as unknown as { detail?: { code?: number; message?: string; severity?: number } })
      .detail;
    // Recoverable errors (severity 1) are retried by shaka itself.
    if (detail?.severity === shaka.util.Error.Severity.RECOVERABLE) return;
    for (const listener of errorListeners)
      listener({ code: detail?.code ?? 0, message: String(detail?.message ?? detail?.code ?? 'error') });
  });
  const trackListeners: (() => void)[] = [];
  for (const type of ['trackschanged', 'textchanged', 'variantchanged', 'audiotrackschanged']) {
    player.addEventListener(type, () => trackListeners.forEach((listener) => listener()));
  }

  const audio = () => player.getAudioTracks().map((track, index) => ({ track, id: track.id ?? index }));

  return {
    async load(format, options = {}) {
      bearer = options.playToken;
      const servers: Record<string, string> = {};
      for (const [keySystem, drm] of Object.entries(format.drm ?? {}))
        servers[keySystem] = absolute(drm.licenseServerUrl);
      player.resetConfiguration();
      player.configure({ drm: { servers } });
      const mimeType =
        format.format === 'DASH'
          ? 'application/dash+xml'
          : format.format === 'HLS'
            ? 'application/x-mpegurl'
            : undefined;
      const start =
        options.startDate === undefined ? (options.startTime ?? null) : new Date(options.startDate);
      await player.load(absolute(format.mediaLocator), start, mimeType);
    },
    async loadFile(url, mimeType) {
      bearer = undefined;
      player.resetConfiguration();
      await player.load(absolute(url), null, mimeType);
    },
    textTracks: () =>
      player.getTextTracks().map((track) => ({
        id: track.id,
        language: track.language,
        label: track.label,
        active: track.active,
      })),
    audioTracks: () =>
      audio().map(({ track, id }) => ({
        id,
        language: track.language,
        label: track.label,
        active: track.active,
        roles: track.roles,
        accessibilityPurpose: track.accessibilityPurpose ?? null,
      })),
    selectTextTrack(id) {
      if (id === null) {
        player.selectTextTrack(null);
        return;
      }
      const track = player.getTextTracks().find((candidate) => candidate.id === id);
      if (track) player.selectTextTrack(track);
    },
    selectAudioTrack(id) {
      const found = audio().find((entry) => entry.id === id);
      if (found) player.selectAudioTrack(found.track);
    },
    seekRange: () => player.seekRange(),
    playheadDate: () => player.getPlayheadTimeAsDate()?.getTime() ?? null,
    clockOrigin: () => player.getPresentationStartTimeAsDate()?.getTime() ?? null,
    onError: (listener) => void errorListeners.push(listener),
    onTracksChanged: (listener) => void trackListeners.push(listener),
    destroy: () => player.destroy(),
  };
}
