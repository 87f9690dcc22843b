import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { epgPaths, recordingPaths, type ChannelEpg, type Program } from '@antenne/contract';
import { config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { channelDay, epgHandlers, NOW, TODAY } from '../../../test/epg-fixtures';
import { recordingHandlers } from '../../../test/recording-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

preloadPageBeforeAll('/details/epg/x%231');

const at = (iso: string) => Date.parse(iso);
const NINE = at('2026-03-10T21:00:00Z');
const path = (ms: number) => `/details/epg/ch-monde%23${ms}`;
/** ch-monde's programmes of the day, the one at 21:00 (pvr flag) an episode of a show when `episode`. */
const day = (episode: boolean): Program[] =>
  channelDay('ch-monde', TODAY).map((p) =>
    episode && Date.parse(p.startTime) === NINE ? { ...p, asset: { ...p.asset, tvShowId: 'serie-x' } } : p,
  );

function handlers(episode: boolean) {
  const programs = day(episode);
  return {
    all: {
      ...epgHandlers(),
      [epgPaths.channelDate(config, 'ch-monde', TODAY)]: () =>
        json({ channelId: 'ch-monde', programs, totalHitsAllChannels: 0 } satisfies ChannelEpg),
      ...recordingHandlers(
        { items: [], series: [], quota: { limitMs: 0, usedMs: 0, remainingMs: 0 } },
        programs,
      ),
    },
    programId: `ch-monde_${NINE}`,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
});
afterEach(() => {
  vi.useRealTimers();
});

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) => String(input).endsWith(recordingPaths.recordings(config)) && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('programme details: record', () => {
  test('an upcoming programme with the pvr flag: record it, then cancel the recording', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { all, programId } = handlers(false);
    const fetchMock = mockFetch(all);
    renderApp(path(NINE));
    const group = await screen.findByRole('group', { name: 'Actions' });
    await user.click(await within(group).findByRole('button', { name: 'Enregistrer' }));
    expect(posts(fetchMock)).toEqual([{ programId, series: false, storageMode: 'NETWORK', locale: 'fr' }]);
    const cancel = await within(group).findByRole('button', { name: "Annuler l'enregistrement" });
    // The recording's status region (the reminder toggle beside it has its own).
    expect(
      within(group)
        .getAllByRole('status')
        .map((region) => region.textContent),
    ).toContain('Enregistrement programmé');
    // A film: no series to record.
    expect(within(group).queryByRole('button', { name: 'Enregistrer la série' })).not.toBeInTheDocument();
    await user.click(cancel);
    await waitFor(() =>
      expect(requestsTo(fetchMock, recordingPaths.recording(config, `rec_${programId}`))).toHaveLength(1),
    );
    expect(await within(group).findByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
  });

  test('an episode: record the series, then stop it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { all, programId } = handlers(true);
    const fetchMock = mockFetch({
      ...all,
      [recordingPaths.series(config, `recs_ch-monde_${NINE}`)]: () => new Response(null, { status: 204 }),
    });
    renderApp(path(NINE));
    const group = await screen.findByRole('group', { name: 'Actions' });
    await user.click(await within(group).findByRole('button', { name: 'Enregistrer la série' }));
    expect(posts(fetchMock)).toEqual([{ programId, series: true, storageMode: 'NETWORK', locale: 'fr' }]);
    const stop = await within(group).findByRole('button', { name: "Arrêter l'enregistrement de la série" });
    await user.click(stop);
    await waitFor(() =>
      expect(requestsTo(fetchMock, recordingPaths.series(config, `recs_ch-monde_${NINE}`))).toHaveLength(1),
    );
  });

  test('no record button for a visitor, without the pvr flag, or once over', async () => {
    const { all } = handlers(false);
    useSessionStore.setState({ token: null });
    const fetchMock = mockFetch(all);
    const first = renderApp(path(NINE));
    expect(await screen.findByText('À venir')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, recordingPaths.recordings(config))).toHaveLength(0);
    first.unmount();

    useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
    // 22:00: catch-up only; 18:00: pvr but over.
    const second = renderApp(path(at('2026-03-10T22:00:00Z')));
    expect(await screen.findByText('À venir')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    second.unmount();
    renderApp(path(at('2026-03-10T18:00:00Z')));
    expect(await screen.findByText('Terminé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});
