import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

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
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Français (audiodescription)' }));
    expect(actions.selectAudioTrack).toHaveBeenCalledWith(11);
  });
});
