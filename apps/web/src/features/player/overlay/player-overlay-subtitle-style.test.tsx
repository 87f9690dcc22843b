import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderOverlay, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

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
    expect(css).toContain(
      `video[data-cue-scope="${scope}"] ~ .shaka-text-container { font-size: calc(var(--subtitle-base-size, 24px) * 1.5); }`,
    );
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
