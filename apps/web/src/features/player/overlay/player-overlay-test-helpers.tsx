// Shared set-up of the player overlay's suites: a <video> the test drives, the player's actions as
// spies, and the overlay rendered in its container as the engine builds it.
import { render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Locale } from '@antenne/contract';
import { createI18n } from '../../../lib/i18n';
import { mockFetch } from '../../../../test/fetch-mock';
import type { PlayerActions, PlayerState } from '../controller';
import type { LiveWindow } from '../live';
import { PlayerOverlay } from './player-overlay';

/** A real <video> whose clock and play state the test drives (jsdom plays no media). */
export function makeVideo({ duration = 2400, currentTime = 0 } = {}) {
  const video = document.createElement('video');
  let time = currentTime;
  let paused = true;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
      video.dispatchEvent(new Event('timeupdate'));
    },
  });
  const play = vi.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  video.play = play;
  video.pause = pause;
  return { video, play, pause };
}

export function makeActions() {
  return {
    back: vi.fn(),
    selectTextTrack: vi.fn(),
    selectAudioTrack: vi.fn(),
    nextEpisode: vi.fn(),
    cast: vi.fn(),
    airplay: vi.fn(),
    adClick: vi.fn(),
    liveWindow: vi.fn<() => LiveWindow | undefined>(() => undefined),
  } satisfies PlayerActions;
}

export const baseState: PlayerState = {
  phase: 'content',
  title: 'Le Maquis',
  subtitle: 'S1 · E3 — La nuit',
  waiting: false,
  textTracks: [
    { id: 1, language: 'fr', label: 'Français' },
    { id: 2, language: 'en', label: 'English' },
  ],
  activeTextTrackId: null,
  audioTracks: [
    { id: 10, language: 'fr', label: 'Français', audioDescription: false },
    { id: 11, language: 'fr', label: 'Français (audiodescription)', audioDescription: true },
  ],
  activeAudioTrackId: 10,
  hasNext: true,
  castAvailable: true,
  airplayAvailable: true,
};

let i18n: I18n;

/**
 * The set-up of every overlay suite, called at its top: no server (every fetch 404s), the
 * overlay in French, real timers back after each test.
 */
export function setUpOverlayTests() {
  beforeEach(async () => {
    mockFetch();
    i18n = await createI18n('fr');
  });

  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The language the overlays rendered from now on in this test speak (French by default). */
export async function setOverlayLocale(locale: Locale) {
  i18n = await createI18n(locale);
}

/** The player container as the engine builds it: the <video>, then the overlay, in one element. */
export function renderOverlay(
  options: {
    state?: Partial<PlayerState>;
    video?: HTMLVideoElement;
    profileId?: string;
    extra?: ReactNode;
  } = {},
) {
  const media = options.video ? null : makeVideo({ currentTime: 83 });
  const video = options.video ?? media!.video;
  const actions = makeActions();
  const ui = (state: Partial<PlayerState>) => (
    <I18nextProvider i18n={i18n}>
      <div data-testid="player">
        <div ref={(host) => void host?.appendChild(video)} />
        {options.extra}
        <PlayerOverlay
          video={video}
          state={{ ...baseState, ...state }}
          actions={actions}
          profileId={options.profileId}
        />
      </div>
    </I18nextProvider>
  );
  const view = render(ui(options.state ?? {}));
  return {
    ...view,
    video,
    actions,
    overlay: () => screen.getByRole('region'),
    rerenderState: (state: Partial<PlayerState>) => view.rerender(ui({ ...(options.state ?? {}), ...state })),
  };
}
