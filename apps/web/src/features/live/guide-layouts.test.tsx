import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { epgHandlers, NOW } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { DESKTOP_WIDTH, setViewportWidth } from '../../../test/viewport';

preloadPageBeforeAll('/guide');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the guide on a phone and in Arabic', () => {
  test('a phone lists each channel’s programmes from the one on air, with the same names', async () => {
    setViewportWidth(412);
    mockFetch(epgHandlers());
    renderApp('/guide');
    const monde = await screen.findByRole('region', { name: 'Antenne Monde' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toHaveLength(3);
    const items = within(monde).getAllByRole('listitem');
    // 20:00 (on air) to 23:00: the ended ones are left out.
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('link')).toHaveAccessibleName(
      'Antenne Monde, monde 03-10 20:00, de 20:00 à 21:00, En direct',
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/details/epg/ch-monde%23${Date.parse('2026-03-10T20:00:00Z')}`,
    );
  });

  test('in Arabic the grid runs right to left: ArrowLeft goes later, ArrowRight earlier', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(epgHandlers());
    renderApp('/guide', { locale: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'دليل البرامج' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const onAir = await screen.findByRole('link', { name: /monde 03-10 20:00/ });
    expect(onAir).toHaveAccessibleName(expect.stringContaining('مباشر'));
    onAir.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(expect.stringMatching(/monde 03-10 21:00/)),
    );
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(expect.stringMatching(/monde 03-10 19:00/)),
    );
  });
});
