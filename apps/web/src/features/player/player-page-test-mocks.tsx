// jsdom cannot play media: the player page's suites replace the shaka wrapper (./engine), the VAST
// wrapper (./ad) and the overlay with these stand-ins, and drive the <video> by events. Each suite
// keeps its own vi.mock calls, whose factories import this module: it imports nothing of the app,
// so loading it from a factory cannot load the modules being mocked.
import { vi } from 'vitest';
import type { PlayFormat } from '@antenne/contract';
import type { PrerollAd } from './ad';
import type { Engine } from './engine';
import type { PlayerOverlayProps } from './overlay/player-overlay';

/**
 * What the stand-in engine was asked to load, its error listener, how often it was destroyed, and
 * what a test makes it answer: the seek range (seconds), the playhead's date and the date of the
 * video's time 0 (epoch ms, null: none).
 */
export const engine = {
  loads: [] as { url: string; startTime?: number; startDate?: number; playToken?: string }[],
  errorListener: undefined as ((error: { code: number; message: string }) => void) | undefined,
  destroyed: 0,
  seekRange: (): { start: number; end: number } => ({ start: 0, end: 600 }),
  playheadDate: (): number | null => null,
  clockOrigin: (): number | null => null,
};

/** ./engine as the suites mock it. */
export const engineModule = {
  loadShaka: vi.fn(async () => undefined),
  createEngine: vi.fn(async (): Promise<Engine> => ({
    load: async (format: PlayFormat, options = {}) =>
      void engine.loads.push({ url: format.mediaLocator, ...options }),
    loadFile: async (url: string) => void engine.loads.push({ url }),
    textTracks: () => [{ id: 7, language: 'fr', label: 'Français', active: false }],
    audioTracks: () => [],
    selectTextTrack: vi.fn(),
    selectAudioTrack: vi.fn(),
    seekRange: () => engine.seekRange(),
    playheadDate: () => engine.playheadDate(),
    clockOrigin: () => engine.clockOrigin(),
    onError: (listener) => void (engine.errorListener = listener),
    onTracksChanged: () => undefined,
    destroy: async () => void engine.destroyed++,
  })),
};

/** The ad decision, which each test answers. */
export const ad = { fetchPreroll: vi.fn<(url: string) => Promise<PrerollAd | null>>() };

/** ./ad as the suites mock it. */
export const adModule = { fetchPreroll: ad.fetchPreroll };

/** The overlay is another module's: here, a stand-in that shows the state and offers the actions. */
export const overlayModule = {
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
};
