import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

describe('the player overlay: controls and their names (fr)', () => {
  test('names every control for screen readers', () => {
    const { overlay } = renderOverlay();
    expect(overlay()).toHaveAccessibleName('Commandes du lecteur');
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
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
    for (const name of [
      'Diffuser sur un appareil',
      'AirPlay',
      'Épisode suivant',
      'Langue audio',
      'Sous-titres',
    ]) {
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
