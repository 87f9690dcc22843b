import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { makeVideo, renderOverlay, setOverlayLocale, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

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
    await setOverlayLocale('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const { video } = makeVideo({ duration: 100, currentTime: 50 });
    const { overlay } = renderOverlay({ video });
    expect(overlay()).toHaveAccessibleName('عناصر التحكم في المشغل');
    fireEvent.keyDown(overlay(), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(video.currentTime).toBe(60);
    // The k key of an Arabic keyboard types ن.
    fireEvent.keyDown(overlay(), { key: 'ن', code: 'KeyK' });
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('slider', { name: 'موضع التشغيل' }).closest('[dir]')).toHaveAttribute(
      'dir',
      'ltr',
    );
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
