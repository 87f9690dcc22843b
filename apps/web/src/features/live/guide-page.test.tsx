import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { epgPaths } from '@antenne/contract';
import { apiError, config, mockFetch, requestsTo } from '../../../test/fetch-mock';
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

const tile = (name: string | RegExp) => screen.findByRole('link', { name });

describe('the programme guide, on a desktop', () => {
  test("shows today's channels, their logos and programmes with times, flags and state", async () => {
    const fetchMock = mockFetch(epgHandlers());
    renderApp('/guide');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guide des programmes' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: /Programmes du mardi 10 mars/ });
    const headers = within(grid).getAllByRole('rowheader');
    expect(headers.map((h) => within(h).getByRole('img').getAttribute('alt'))).toEqual([
      'Antenne Monde',
      'Antenne Info',
      'Antenne Sport',
    ]);
    expect(within(headers[0]!).getByRole('img')).toHaveAttribute('width', '96');

    const live = await tile('Antenne Monde, monde 03-10 20:00, de 20:00 à 21:00, En direct');
    expect(within(live).getByText('En direct')).toBeInTheDocument();
    const flagged = await tile(
      'Antenne Monde, monde 03-10 18:00, de 18:00 à 19:00, Terminé, Replay, Depuis le début, Enregistrable',
    );
    expect(within(flagged).getByText('Replay')).toBeInTheDocument();
    expect(within(flagged).getByText('Depuis le début')).toBeInTheDocument();
    expect(within(flagged).getByText('Enregistrable')).toBeInTheDocument();
    expect(
      await tile('Antenne Monde, monde 03-10 19:00, de 19:00 à 20:00, Terminé, Replay'),
    ).toBeInTheDocument();
    expect(await tile('Antenne Sport, sport 03-10 22:00, de 22:00 à 00:00, À venir')).toBeInTheDocument();

    const [asked] = requestsTo(fetchMock, epgPaths.allDate(config, '2026-03-10'));
    expect(asked?.searchParams.get('daysForward')).toBe('0');
    // The programmes' titles only (a cheap phone's payload): no descriptions, no images.
    expect(asked?.searchParams.get('fieldSet')).toBe('NONE');
    expect(asked?.searchParams.get('includeFields')).toBe('localized');
    expect(asked?.searchParams.get('excludeFields')?.split(',')).toEqual(
      expect.arrayContaining(['localized.images', 'localized.description', 'localized.longDescription']),
    );
  });

  test('renders only the hours on screen, not the whole day', async () => {
    mockFetch(epgHandlers());
    renderApp('/guide');
    await tile(/monde 03-10 20:00/);
    expect(screen.queryByRole('link', { name: /monde 03-10 08:00/ })).not.toBeInTheDocument();
    // 24 + 16 + 12 programmes in the day; a few hours of them are there.
    expect(screen.getAllByRole('gridcell').length).toBeLessThan(30);
  });

  test('the now line shows the time and moves with the clock', async () => {
    mockFetch(epgHandlers());
    renderApp('/guide');
    expect(await screen.findByText('Maintenant 20:15')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(await screen.findByText('Maintenant 20:25')).toBeInTheDocument();
    // At 21:05 the 20:00 programme has ended.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(40 * 60_000);
    });
    expect(await tile('Antenne Monde, monde 03-10 20:00, de 20:00 à 21:00, Terminé')).toBeInTheDocument();
  });

  test('the slots jump to late evening, prime time, next and now', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(epgHandlers());
    renderApp('/guide');
    await tile(/monde 03-10 20:00/);
    const slots = screen.getByRole('group', { name: 'Aller à' });

    await user.click(within(slots).getByRole('button', { name: 'Fin de soirée' }));
    expect(await tile(/monde 03-10 23:00/)).toHaveAttribute('tabindex', '0');
    // The day's last hours fill the screen (the range cannot start later): 17:00 is off it.
    expect(screen.queryByRole('link', { name: /monde 03-10 17:00/ })).not.toBeInTheDocument();

    await user.click(within(slots).getByRole('button', { name: 'Ce soir' }));
    expect(await tile(/monde 03-10 21:00/)).toHaveAttribute('tabindex', '0');

    await user.click(within(slots).getByRole('button', { name: 'Maintenant' }));
    expect(await tile(/monde 03-10 20:00/)).toHaveAttribute('tabindex', '0');

    // Next: when the first of the programmes on air ends (21:00).
    await user.click(within(slots).getByRole('button', { name: 'Ensuite' }));
    expect(await tile(/monde 03-10 21:00/)).toHaveAttribute('tabindex', '0');
  });

  test('the day picker offers −7 … +7 days and asks for the day chosen', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = mockFetch(epgHandlers());
    renderApp('/guide');
    await tile(/monde 03-10 20:00/);
    const days = within(screen.getByRole('group', { name: 'Jour' })).getAllByRole('button');
    expect(days).toHaveLength(15);
    expect(screen.getByRole('button', { name: "Aujourd'hui" })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Hier' }));
    expect(await tile(/monde 03-09 20:00, de 20:00 à 21:00, Terminé/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, epgPaths.allDate(config, '2026-03-09'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Hier' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.location.search).toBe('?day=-1');
    expect(screen.queryByText(/^Maintenant \d/)).not.toBeInTheDocument();

    await user.click(days[14]!);
    expect(await tile(/monde 03-17 20:00, de 20:00 à 21:00, À venir/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, epgPaths.allDate(config, '2026-03-17'))).toHaveLength(1);
    await waitFor(() => expect(days[14]).toHaveAttribute('aria-pressed', 'true'));
  });

  test('without the on-now answer the grid still shows, its channels named by id', async () => {
    mockFetch({ ...epgHandlers(), [epgPaths.onNow(config)]: () => apiError(503, 'UNAVAILABLE') });
    renderApp('/guide');
    const grid = await screen.findByRole('grid');
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['ch-monde', 'ch-info', 'ch-sport']);
    expect(await tile(/^ch-monde, monde 03-10 20:00/)).toBeInTheDocument();
  });
});
