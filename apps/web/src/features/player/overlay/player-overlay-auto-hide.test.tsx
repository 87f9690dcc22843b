import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AUTO_HIDE_DELAY_MS } from './use-auto-hide';
import { renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

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
    act(() => {
      vi.advanceTimersByTime(AUTO_HIDE_DELAY_MS + 100);
    });
    expect(overlay()).toHaveAttribute('data-visible', 'true');

    act(() => void video.play());
    fireEvent.mouseMove(overlay());
    act(() => {
      vi.advanceTimersByTime(AUTO_HIDE_DELAY_MS - 100);
    });
    expect(overlay()).toHaveAttribute('data-visible', 'true');
    act(() => {
      vi.advanceTimersByTime(200);
    });
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
