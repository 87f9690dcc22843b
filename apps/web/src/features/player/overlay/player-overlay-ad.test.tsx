import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { makeVideo, renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

describe('during an ad', () => {
  test('shows Publicité with the remaining time and allows no seeking', async () => {
    const user = userEvent.setup();
    const { video } = makeVideo({ duration: 30, currentTime: 18 });
    const { actions } = renderOverlay({
      video,
      state: { ad: { remainingSeconds: 12, clickThrough: 'https://ad.example/' } },
    });
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
