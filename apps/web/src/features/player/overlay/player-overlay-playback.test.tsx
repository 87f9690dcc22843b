import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { VOLUME_STORAGE_KEY } from './volume-storage';
import { makeVideo, renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

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
    // A drag fires `input` events (what onChange listens to on a range, as in React).
    fireEvent.input(slider, { target: { value: '30' } });
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
    fireEvent.input(volume, { target: { value: '30' } });
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
