import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { epgPaths } from '@antenne/contract';
import { apiError, config, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { epgHandlers, NOW } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

preloadPageBeforeAll('/details/epg/x%231');

const at = (iso: string) => Date.parse(iso);
const detailsPath = (channelId: string, iso: string) => `/details/epg/${channelId}%23${at(iso)}`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
});
afterEach(() => {
  vi.useRealTimers();
});

const actions = () => screen.findByRole('group', { name: 'Actions' });
const links = (group: HTMLElement) =>
  within(group)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('programme details, /details/epg/{channelId#startMs}', () => {
  test('on air with start-over: its facts, watch live (the channel) and start over (the programme)', async () => {
    vi.setSystemTime(at('2026-03-10T18:30:00Z'));
    const fetchMock = mockFetch(epgHandlers());
    renderApp(detailsPath('ch-monde', '2026-03-10T18:00:00Z'));
    expect(await screen.findByRole('heading', { level: 1, name: 'monde 03-10 18:00' })).toBeInTheDocument();
    expect(await screen.findByText('Antenne Monde')).toBeInTheDocument();
    expect(screen.getByText('mardi 10 mars, de 18:00 à 19:00')).toBeInTheDocument();
    expect(screen.getByText('En direct')).toBeInTheDocument();
    expect(screen.getByText('Le résumé de monde 03-10 18:00.')).toBeInTheDocument();
    const flags = screen.getByRole('list', { name: 'Disponible' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Replay', 'Depuis le début', 'Enregistrable']);
    expect(links(await actions())).toEqual([
      ['Regarder en direct', '/player/ch-monde'],
      ['Reprendre depuis le début', `/player/ch-monde_${at('2026-03-10T18:00:00Z')}`],
    ]);
    // Read through its channel's programmes of the start's UTC date.
    expect(
      requestsTo(fetchMock, epgPaths.channelDate(config, 'ch-monde', '2026-03-10')).length,
    ).toBeGreaterThan(0);
  });

  test('on air without start-over: watch live only', async () => {
    mockFetch(epgHandlers());
    renderApp(detailsPath('ch-monde', '2026-03-10T20:00:00Z'));
    expect(links(await actions())).toEqual([['Regarder en direct', '/player/ch-monde']]);
  });

  test('ended with catch-up, within 7 days: watch it', async () => {
    mockFetch(epgHandlers());
    renderApp(detailsPath('ch-monde', '2026-03-10T19:00:00Z'));
    expect(await screen.findByText('Terminé')).toBeInTheDocument();
    expect(links(await actions())).toEqual([['Regarder', `/player/ch-monde_${at('2026-03-10T19:00:00Z')}`]]);
  });

  test('ended with catch-up more than 7 days ago, or without catch-up: nothing to play, and why', async () => {
    mockFetch(epgHandlers());
    const first = renderApp(detailsPath('ch-monde', '2026-03-02T19:00:00Z'));
    expect(await screen.findByText("Ce programme n'est plus disponible en replay.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Regarder/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp(detailsPath('ch-monde', '2026-03-10T17:00:00Z'));
    expect(await screen.findByText("Ce programme n'est pas disponible en replay.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Regarder/ })).not.toBeInTheDocument();
  });

  test('upcoming: nothing to play until it starts (only the reminder), then watch live', async () => {
    vi.setSystemTime(at('2026-03-10T21:59:00Z'));
    mockFetch(epgHandlers());
    renderApp(detailsPath('ch-monde', '2026-03-10T22:00:00Z'));
    expect(await screen.findByText('À venir')).toBeInTheDocument();
    const before = await actions();
    expect(within(before).queryAllByRole('link')).toEqual([]);
    expect(within(before).getByRole('button', { name: 'Me le rappeler' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90_000);
    });
    expect(links(await actions())).toEqual([['Regarder en direct', '/player/ch-monde']]);
  });

  test('an id that is not one, no programme starting then, or a date outside the window goes to /notFound', async () => {
    mockFetch({
      ...epgHandlers(),
      [epgPaths.channelDate(config, 'ch-monde', '2026-02-01')]: () =>
        apiError(422, 'DATE_REQUESTED_OUTSIDE_VALID_WINDOW'),
    });
    const first = renderApp(detailsPath('ch-monde', '2026-03-10T20:30:00Z'));
    await waitFor(() => expect(window.location.pathname).toBe('/notFound'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/details/epg/ch-monde');
    await waitFor(() => expect(window.location.pathname).toBe('/notFound'));
    second.unmount();

    // Beyond the schedule's window: the server answers 422.
    renderApp(detailsPath('ch-monde', '2026-02-01T20:00:00Z'));
    await waitFor(() => expect(window.location.pathname).toBe('/notFound'));
  });
});
