import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { mockFetch } from '../../../../test/fetch-mock';
import type { PlayerActions, PlayerState } from '../controller';
import { PlayerOverlay } from './player-overlay';
import { AUTO_HIDE_DELAY_MS } from './use-auto-hide';
import { VOLUME_STORAGE_KEY } from './volume-storage';

/** A real <video> whose clock and play state the test drives (jsdom plays no media). */
function makeVideo({ duration = 2400, currentTime = 0 } = {}) {
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

function makeActions() {
  return {
    back: vi.fn(),
    selectTextTrack: vi.fn(),
    selectAudioTrack: vi.fn(),
    nextEpisode: vi.fn(),
    cast: vi.fn(),
    airplay: vi.fn(),
    adClick: vi.fn(),
  } satisfies PlayerActions;
}

const baseState: PlayerState = {
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

beforeEach(async () => {
  mockFetch();
  i18n = await createI18n('fr');
});

afterEach(() => {
  vi.useRealTimers();
});

/** The player container as the engine builds it: the <video>, then the overlay, in one element. */
function renderOverlay(
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
        <PlayerOverlay video={video} state={{ ...baseState, ...state }} actions={actions} profileId={options.profileId} />
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

describe('the player overlay: controls and their names (fr)', () => {
  test('names every control for screen readers', () => {
    const { overlay } = renderOverlay();
    expect(overlay()).toHaveAccessibleName('Commandes du lecteur');
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual([
      'Retour',
      'Diffuser sur un appareil',
      'AirPlay',
      'Lecture',
      'Reculer de 10 secondes',
      'Avancer de 10 secondes',
      'Couper le son',
      'Épisode suivant',
      'Sous-titres',
      'Apparence des sous-titres',
      'Langue audio',
      'Plein écran',
    ]);
    const timeline = screen.getByRole('slider', { name: 'Position de lecture' });
    expect(timeline).toHaveAttribute('aria-valuetext', '1:23 sur 40:00');
    expect(timeline.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '100 %');
    expect(screen.getByText('Le Maquis')).toBeInTheDocument();
    expect(screen.getByText('S1 · E3 — La nuit')).toBeInTheDocument();
    expect(screen.getByText('1:23')).toBeInTheDocument();
    expect(screen.getByText('40:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Couper le son' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('hides cast, AirPlay, next episode and the audio picker when they do not apply', () => {
    renderOverlay({
      state: {
        castAvailable: false,
        airplayAvailable: false,
        hasNext: false,
        audioTracks: [{ id: 10, language: 'fr', label: 'Français', audioDescription: false }],
        textTracks: [],
      },
    });
    for (const name of ['Diffuser sur un appareil', 'AirPlay', 'Épisode suivant', 'Langue audio', 'Sous-titres']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  test('back, cast, AirPlay and next episode call their actions', async () => {
    const user = userEvent.setup();
    const { actions } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await user.click(screen.getByRole('button', { name: 'Diffuser sur un appareil' }));
    await user.click(screen.getByRole('button', { name: 'AirPlay' }));
    await user.click(screen.getByRole('button', { name: 'Épisode suivant' }));
    expect(actions.back).toHaveBeenCalledTimes(1);
    expect(actions.cast).toHaveBeenCalledTimes(1);
    expect(actions.airplay).toHaveBeenCalledTimes(1);
    expect(actions.nextEpisode).toHaveBeenCalledTimes(1);
  });

  test('shows the spinner, announced as loading, only while waiting', () => {
    const { rerenderState } = renderOverlay({ state: { waiting: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    rerenderState({ waiting: false });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('play, seek and volume', () => {
  test('play/pause toggles the video and its label follows the video', async () => {
    const user = userEvent.setup();
    const { video } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Lecture' }));
    expect(video.play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(video.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeInTheDocument();
  });

  test('−10 s and +10 s seek by the step and stay within the media', async () => {
    const user = userEvent.setup();
    const { video } = makeVideo({ duration: 100, currentTime: 50 });
    renderOverlay({ video });
    const back = screen.getByRole('button', { name: 'Reculer de 10 secondes' });
    const forward = screen.getByRole('button', { name: 'Avancer de 10 secondes' });
    await user.click(forward);
    expect(video.currentTime).toBe(60);
    await user.click(back);
    await user.click(back);
    expect(video.currentTime).toBe(40);
    video.currentTime = 4;
    await user.click(back);
    expect(video.currentTime).toBe(0);
    video.currentTime = 95;
    await user.click(forward);
    expect(video.currentTime).toBe(100);
    expect(screen.getByRole('slider', { name: 'Position de lecture' })).toHaveAttribute(
      'aria-valuetext',
      '1:40 sur 1:40',
    );
  });

  test('the time slider seeks, by 10 s with the arrow keys', () => {
    const { video } = makeVideo({ duration: 100, currentTime: 50 });
    renderOverlay({ video });
    const slider = screen.getByRole('slider', { name: 'Position de lecture' });
    fireEvent.change(slider, { target: { value: '30' } });
    expect(video.currentTime).toBe(30);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(40);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(20);
  });

  test('sets the volume 0–100, mutes and unmutes, and remembers it', async () => {
    const user = userEvent.setup();
    const { video } = renderOverlay();
    const volume = screen.getByRole('slider', { name: 'Volume' });
    fireEvent.change(volume, { target: { value: '30' } });
    expect(video.volume).toBeCloseTo(0.3);
    expect(volume).toHaveAttribute('aria-valuetext', '30 %');
    expect(JSON.parse(localStorage.getItem(VOLUME_STORAGE_KEY)!)).toEqual({ volume: 30, muted: false });

    const mute = screen.getByRole('button', { name: 'Couper le son' });
    await user.click(mute);
    expect(video.muted).toBe(true);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(volume).toHaveValue('0');
    expect(JSON.parse(localStorage.getItem(VOLUME_STORAGE_KEY)!)).toEqual({ volume: 30, muted: true });
    await user.click(mute);
    expect(video.muted).toBe(false);
    expect(volume).toHaveValue('30');
  });

  test('a new video starts at the remembered volume', () => {
    localStorage.setItem(VOLUME_STORAGE_KEY, JSON.stringify({ volume: 40, muted: true }));
    const { video } = renderOverlay();
    expect(video.volume).toBeCloseTo(0.4);
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Couper le son' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('keyboard shortcuts on the player', () => {
  test('space and k play/pause, arrows seek ±10 s and set the volume, m mutes', async () => {
    const user = userEvent.setup();
    const { video } = makeVideo({ duration: 100, currentTime: 50 });
    const { overlay } = renderOverlay({ video });
    expect(overlay()).toHaveFocus();

    await user.keyboard(' ');
    expect(video.paused).toBe(false);
    await user.keyboard('k');
    expect(video.paused).toBe(true);

    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(60);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(40);

    video.volume = 0.5;
    await user.keyboard('{ArrowUp}');
    expect(video.volume).toBeCloseTo(0.6);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(video.volume).toBeCloseTo(0.4);

    await user.keyboard('m');
    expect(video.muted).toBe(true);
    await user.keyboard('m');
    expect(video.muted).toBe(false);
  });

  test('in Arabic, arrows keep the physical time direction and letters work on an Arabic layout', async () => {
    i18n = await createI18n('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const { video } = makeVideo({ duration: 100, currentTime: 50 });
    const { overlay } = renderOverlay({ video });
    expect(overlay()).toHaveAccessibleName('عناصر التحكم في المشغل');
    fireEvent.keyDown(overlay(), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(video.currentTime).toBe(60);
    // The k key of an Arabic keyboard types ن.
    fireEvent.keyDown(overlay(), { key: 'ن', code: 'KeyK' });
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('slider', { name: 'موضع التشغيل' }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  test('space on a focused button presses that button only', async () => {
    const user = userEvent.setup();
    const { video } = renderOverlay();
    screen.getByRole('button', { name: 'Avancer de 10 secondes' }).focus();
    await user.keyboard(' ');
    expect(video.currentTime).toBe(93);
    expect(video.play).not.toHaveBeenCalled();
  });

  test('f puts the player container in full screen; the button says how to leave it', async () => {
    const user = userEvent.setup();
    const { getByTestId } = renderOverlay();
    const container = getByTestId('player');
    const requestFullscreen = vi.fn(() => Promise.resolve());
    container.requestFullscreen = requestFullscreen;
    await user.keyboard('f');
    expect(requestFullscreen).toHaveBeenCalledTimes(1);

    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => container });
    const exitFullscreen = vi.fn(() => Promise.resolve());
    document.exitFullscreen = exitFullscreen;
    try {
      act(() => void document.dispatchEvent(new Event('fullscreenchange')));
      await user.click(screen.getByRole('button', { name: 'Quitter le plein écran' }));
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
    } finally {
      // @ts-expect-error -- the instance property shadowing jsdom's getter goes away
      delete document.fullscreenElement;
    }
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(screen.getByRole('button', { name: 'Plein écran' })).toBeInTheDocument();
  });

  test('c turns subtitles off, then back on with the last track used (else the first)', async () => {
    const user = userEvent.setup();
    const { actions, rerenderState } = renderOverlay();
    await user.keyboard('c');
    expect(actions.selectTextTrack).toHaveBeenLastCalledWith(1);
    rerenderState({ activeTextTrackId: 2 });
    await user.keyboard('c');
    expect(actions.selectTextTrack).toHaveBeenLastCalledWith(null);
    rerenderState({ activeTextTrackId: null });
    await user.keyboard('c');
    expect(actions.selectTextTrack).toHaveBeenLastCalledWith(2);
  });

  test('no shortcut while a text field of the player has focus', async () => {
    const user = userEvent.setup();
    const { video } = renderOverlay({ extra: <input type="text" aria-label="Code" /> });
    await user.click(screen.getByRole('textbox', { name: 'Code' }));
    await user.keyboard(' k{ArrowRight}m');
    expect(video.play).not.toHaveBeenCalled();
    expect(video.currentTime).toBe(83);
    expect(video.muted).toBe(false);
  });
});

describe('subtitle and audio pickers', () => {
  test('the subtitle menu lists none and the tracks, and selects one', async () => {
    const user = userEvent.setup();
    const { actions, rerenderState } = renderOverlay();
    const button = screen.getByRole('button', { name: 'Sous-titres' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Sous-titres' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Aucun', 'true'],
      ['Français', 'false'],
      ['English', 'false'],
    ]);
    expect(items[0]).toHaveFocus();
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(actions.selectTextTrack).toHaveBeenLastCalledWith(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    rerenderState({ activeTextTrackId: 2 });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Aucun' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(actions.selectTextTrack).toHaveBeenLastCalledWith(null);
  });

  test('arrows move in the menu, Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    const { video } = renderOverlay();
    const button = screen.getByRole('button', { name: 'Sous-titres' });
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    // Arrows in a menu do not seek.
    expect(video.currentTime).toBe(83);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('the audio picker shows the audio-description track by its label', async () => {
    const user = userEvent.setup();
    const { actions } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Langue audio' }));
    const menu = screen.getByRole('menu', { name: 'Langue audio' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Français (audiodescription)' }));
    expect(actions.selectAudioTrack).toHaveBeenCalledWith(11);
  });
});

describe('subtitle style settings', () => {
  const cueCss = (container: HTMLElement) => container.querySelector('style')?.textContent ?? '';

  test('are remembered per profile and applied to the video’s cues', async () => {
    const user = userEvent.setup();
    const first = renderOverlay({ profileId: 'p1' });
    const scope = first.video.getAttribute('data-cue-scope');
    expect(scope).toBeTruthy();
    expect(cueCss(first.container)).toContain(`video[data-cue-scope="${scope}"]::cue {`);
    expect(cueCss(first.container)).toContain('font-size: 100%;');

    await user.click(screen.getByRole('button', { name: 'Apparence des sous-titres' }));
    const dialog = screen.getByRole('dialog', { name: 'Apparence des sous-titres' });
    const group = (name: string) => within(within(dialog).getByRole('group', { name }));
    await user.click(group('Taille du texte').getByRole('radio', { name: '150 %' }));
    await user.click(group('Couleur du texte').getByRole('radio', { name: 'Jaune' }));
    await user.click(group('Opacité du fond').getByRole('radio', { name: '25 %' }));
    expect(group('Taille du texte').getByRole('radio', { name: '150 %' })).toBeChecked();

    expect(JSON.parse(localStorage.getItem('subtitle-style:p1')!)).toEqual({
      size: 150,
      color: 'yellow',
      backgroundOpacity: 25,
    });
    const css = cueCss(first.container);
    expect(css).toContain('font-size: 150%;');
    expect(css).toContain('color: #ffff00;');
    expect(css).toContain('background-color: rgba(0, 0, 0, 0.25);');
    // The cues shaka draws in its text container after this <video> get the same style.
    expect(css).toContain(`video[data-cue-scope="${scope}"] ~ .shaka-text-container { font-size: calc(var(--subtitle-base-size, 24px) * 1.5); }`);
    expect(css).toContain(
      `video[data-cue-scope="${scope}"] ~ .shaka-text-container span:not(.shaka-text-wrapper) { color: #ffff00 !important; background-color: rgba(0, 0, 0, 0.25) !important;`,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apparence des sous-titres' })).toHaveFocus();
    first.unmount();
    expect(first.video).not.toHaveAttribute('data-cue-scope');

    const other = renderOverlay({ profileId: 'p2' });
    expect(cueCss(other.container)).toContain('font-size: 100%;');
    expect(cueCss(other.container)).toContain('color: #ffffff;');
    other.unmount();

    const again = renderOverlay({ profileId: 'p1' });
    expect(cueCss(again.container)).toContain('font-size: 150%;');
  });

  test('a corrupt stored style falls back to the default', () => {
    localStorage.setItem('subtitle-style:p1', '{"size":42,"color":"red"');
    const { container } = renderOverlay({ profileId: 'p1' });
    expect(cueCss(container)).toContain('font-size: 100%;');
    expect(cueCss(container)).toContain('background-color: rgba(0, 0, 0, 0.75);');
  });
});

describe('during an ad', () => {
  test('shows Publicité with the remaining time and allows no seeking', async () => {
    const user = userEvent.setup();
    const { video } = makeVideo({ duration: 30, currentTime: 18 });
    const { actions } = renderOverlay({ video, state: { ad: { remainingSeconds: 12, clickThrough: 'https://ad.example/' } } });
    expect(screen.getByText('Publicité · 0:12')).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Position de lecture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reculer de 10 secondes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avancer de 10 secondes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Épisode suivant' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{ArrowLeft}');
    expect(video.currentTime).toBe(18);
    await user.click(screen.getByRole('button', { name: 'Lecture' }));
    expect(video.play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'En savoir plus' }));
    expect(actions.adClick).toHaveBeenCalledTimes(1);
  });

  test('has no "En savoir plus" without a click-through', () => {
    renderOverlay({ state: { ad: { remainingSeconds: 5 } } });
    expect(screen.getByText('Publicité · 0:05')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'En savoir plus' })).not.toBeInTheDocument();
  });
});

describe('auto-hide', () => {
  test('hides on mouse leave and shows again on mouse enter', () => {
    const { overlay } = renderOverlay();
    fireEvent.mouseLeave(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'false');
    fireEvent.mouseEnter(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'true');
  });

  test('the subtitles rise above the bottom bar while it shows: the container gets the bar’s height, 0px once it hides', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(124);
    try {
      const { overlay } = renderOverlay();
      const container = screen.getByTestId('player');
      expect(overlay()).toHaveAttribute('data-visible', 'true');
      expect(container.style.getPropertyValue('--player-controls-block-size')).toBe('124px');
      fireEvent.mouseLeave(overlay());
      expect(container.style.getPropertyValue('--player-controls-block-size')).toBe('0px');
      fireEvent.mouseEnter(overlay());
      expect(container.style.getPropertyValue('--player-controls-block-size')).toBe('124px');
    } finally {
      vi.restoreAllMocks();
    }
  });

  test('hides after 3 s without movement while playing, not while paused; a key shows it', () => {
    vi.useFakeTimers();
    const { video, overlay } = renderOverlay();
    fireEvent.mouseMove(overlay());
    act(() => vi.advanceTimersByTime(AUTO_HIDE_DELAY_MS + 100));
    expect(overlay()).toHaveAttribute('data-visible', 'true');

    act(() => void video.play());
    fireEvent.mouseMove(overlay());
    act(() => vi.advanceTimersByTime(AUTO_HIDE_DELAY_MS - 100));
    expect(overlay()).toHaveAttribute('data-visible', 'true');
    act(() => vi.advanceTimersByTime(200));
    expect(overlay()).toHaveAttribute('data-visible', 'false');

    fireEvent.keyDown(overlay(), { key: 'Shift' });
    expect(overlay()).toHaveAttribute('data-visible', 'true');
  });

  test('never hides while a control has keyboard focus or a menu is open', async () => {
    const user = userEvent.setup();
    const { video, overlay } = renderOverlay();
    act(() => void video.play());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Retour' })).toHaveFocus();
    fireEvent.mouseLeave(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'true');

    // Focus back on the player surface: nothing to keep visible.
    act(() => overlay().focus());
    fireEvent.mouseLeave(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'false');

    fireEvent.mouseEnter(overlay());
    await user.click(screen.getByRole('button', { name: 'Sous-titres' }));
    fireEvent.mouseLeave(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'true');
  });

  test('a control focused by a click does not keep it visible', async () => {
    const user = userEvent.setup();
    const { overlay } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Couper le son' }));
    expect(screen.getByRole('button', { name: 'Couper le son' })).toHaveFocus();
    fireEvent.mouseLeave(overlay());
    expect(overlay()).toHaveAttribute('data-visible', 'false');
  });
});
