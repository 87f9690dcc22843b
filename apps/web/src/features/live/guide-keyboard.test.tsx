import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { epgPaths } from '@antenne/contract';
import { config, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { epgHandlers, NOW } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { DESKTOP_WIDTH, setViewportWidth } from '../../../test/viewport';

preloadPageBeforeAll('/guide');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  setViewportWidth(DESKTOP_WIDTH);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The element focused is the programme whose name matches. */
const focusedIs = (name: RegExp) =>
  waitFor(() => expect(document.activeElement).toHaveAccessibleName(expect.stringMatching(name)));

describe('the guide by keyboard (ARIA grid)', () => {
  test('one tab stop; arrows between programmes and channels keeping the time; Home/End; Enter opens', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(epgHandlers());
    const { router } = renderApp('/guide');
    const onAir = await screen.findByRole('link', { name: /monde 03-10 20:00/ });
    const grid = screen.getByRole('grid');
    // One tab stop: the programme on air on the first channel.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(onAir).toHaveAttribute('tabindex', '0');

    // Tab from the last slot button enters the grid at its one stop, Tab again leaves it.
    await user.click(screen.getByRole('button', { name: 'Fin de soirée' }));
    await user.tab();
    await focusedIs(/^Antenne Monde, monde 03-10 23:00/);
    await user.tab();
    expect(grid).not.toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Maintenant' }));

    (await screen.findByRole('link', { name: /monde 03-10 20:00/ })).focus();
    await user.keyboard('{ArrowRight}');
    await focusedIs(/^Antenne Monde, monde 03-10 21:00, de 21:00 à 22:00, À venir/);
    await user.keyboard('{ArrowDown}');
    await focusedIs(/^Antenne Info, info 03-10 21:00, de 21:00 à 22:30/);
    await user.keyboard('{ArrowDown}');
    // 21:00 is within Sport's 20:00–22:00.
    await focusedIs(/^Antenne Sport, sport 03-10 20:00, de 20:00 à 22:00, En direct/);
    await user.keyboard('{ArrowDown}');
    await focusedIs(/^Antenne Sport, sport 03-10 20:00/);
    await user.keyboard('{ArrowUp}');
    await focusedIs(/^Antenne Info, info 03-10 21:00/);
    await user.keyboard('{ArrowLeft}');
    await focusedIs(/^Antenne Info, info 03-10 19:30, de 19:30 à 21:00, En direct/);
    await user.keyboard('{Home}');
    await focusedIs(/^Antenne Info, info 03-10 00:00, de 00:00 à 01:30, Terminé/);
    await user.keyboard('{End}');
    await focusedIs(/^Antenne Info, info 03-10 22:30, de 22:30 à 00:00, À venir/);
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/details/epg/ch-info%23${Date.parse('2026-03-10T22:30:00Z')}`,
      ),
    );
  });

  test('PageDown and PageUp change the day, on the same channel and time of day', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = mockFetch(epgHandlers());
    renderApp('/guide');
    const onAir = await screen.findByRole('link', { name: /monde 03-10 20:00/ });
    onAir.focus();
    await user.keyboard('{ArrowDown}');
    await focusedIs(/^Antenne Info, info 03-10 19:30/);

    await user.keyboard('{PageDown}');
    await focusedIs(/^Antenne Info, info 03-11 19:30, de 19:30 à 21:00, À venir/);
    expect(requestsTo(fetchMock, epgPaths.allDate(config, '2026-03-11'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Demain' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{PageUp}{PageUp}');
    await focusedIs(/^Antenne Info, info 03-09 19:30, de 19:30 à 21:00, Terminé/);
    expect(screen.getByRole('button', { name: 'Hier' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a programme focused otherwise becomes the tab stop; a jump does not take the focus from a button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(epgHandlers());
    renderApp('/guide');
    const earlier = await screen.findByRole('link', { name: /sport 03-10 18:00/ });
    earlier.focus();
    await waitFor(() => expect(earlier).toHaveAttribute('tabindex', '0'));
    expect(screen.getByRole('grid').querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    await user.keyboard('{ArrowUp}');
    await focusedIs(/^Antenne Info, info 03-10 18:00/);

    const late = screen.getByRole('button', { name: 'Fin de soirée' });
    await user.click(late);
    expect(await screen.findByRole('link', { name: /info 03-10 22:30/ })).toHaveAttribute('tabindex', '0');
    expect(late).toHaveFocus();
  });
});
