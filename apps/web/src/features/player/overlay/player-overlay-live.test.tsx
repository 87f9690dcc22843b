import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { LiveState } from '../controller';
import { makeVideo, renderOverlay, setOverlayLocale, setUpOverlayTests } from './player-overlay-test-helpers';

setUpOverlayTests();

const AT = (time: string) => Date.parse(`2026-03-10T${time}:00Z`);
/** Two hours of window: video time 0 is 19:00, the live edge 21:00. */
const WINDOW = { start: 0, end: 7200, originMs: AT('19:00') };
const live: LiveState = {
  kind: 'live',
  programmes: [
    { title: 'Le Journal', startMs: AT('20:30'), endMs: AT('21:10') },
    { title: 'Le Film', startMs: AT('21:10'), endMs: AT('22:40') },
  ],
  span: { startMs: AT('20:30') },
};

function renderLive(currentTime: number) {
  const { video } = makeVideo({ duration: Number.POSITIVE_INFINITY, currentTime });
  const view = renderOverlay({ video, state: { live, hasNext: true } });
  view.actions.liveWindow.mockReturnValue(WINDOW);
  // The window is read on the video's time updates (and every second).
  fireEvent(video, new Event('timeupdate'));
  return { ...view, video };
}

describe('the overlay, live', () => {
  test("the slider spans the window, the programme's span within it, times on the wall clock", async () => {
    renderLive(7200);
    const slider = await screen.findByRole('slider', { name: 'Position de lecture' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '7200');
    expect(slider).toHaveAttribute('aria-valuetext', '21:00, en direct');
    // 20:30–21:10 in 19:00–21:00: from three quarters to the end.
    const span = document.querySelector<HTMLElement>('[data-programme-span]');
    expect(span?.style.left).toBe('75%');
    expect(span?.style.width).toBe('25%');
    expect(screen.getByText('Le Journal · 20:30–21:10')).toBeInTheDocument();
    expect(screen.getByText('Direct')).toBeInTheDocument();
    // No next episode on a channel.
    expect(screen.queryByRole('button', { name: 'Épisode suivant' })).not.toBeInTheDocument();
  });

  test('the arrows and ±10 s seek within the window; go-to-live returns to the edge', async () => {
    const user = userEvent.setup();
    const { video } = renderLive(7200);
    const slider = await screen.findByRole('slider', { name: 'Position de lecture' });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(video.currentTime).toBe(7190);
    await user.click(screen.getByRole('button', { name: 'Avancer de 10 secondes' }));
    await user.click(screen.getByRole('button', { name: 'Avancer de 10 secondes' }));
    expect(video.currentTime).toBe(7200);
    video.currentTime = 5;
    await user.click(screen.getByRole('button', { name: 'Reculer de 10 secondes' }));
    expect(video.currentTime).toBe(0);
    // Behind: the programme at the playhead (19:00 is before the EPG's first) falls back to the span.
    expect(slider).toHaveAttribute('aria-valuetext', '19:00, direct à 21:00');
    expect(screen.queryByText('Direct')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revenir au direct' }));
    expect(video.currentTime).toBe(7200);
    expect(video.play).toHaveBeenCalled();
    expect(await screen.findByText('Direct')).toBeInTheDocument();
  });

  test('in Arabic the times keep Western digits and run left to right', async () => {
    await setOverlayLocale('ar');
    renderLive(3600);
    const [slider] = await screen.findAllByRole('slider');
    expect(slider?.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('20:00')).toBeInTheDocument();
    expect(screen.getByText('21:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'العودة إلى البث المباشر' })).toBeInTheDocument();
  });
});
