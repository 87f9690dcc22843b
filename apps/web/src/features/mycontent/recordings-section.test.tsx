import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RECORDING_STATUS, recordingPaths, type RecordingList } from '@antenne/contract';
import { config, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { NOW, program } from '../../../test/epg-fixtures';
import { recordingHandlers, recordingOf } from '../../../test/recording-fixtures';
import { renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

const at = (iso: string) => Date.parse(iso);
const done = program('ch-monde', at('2026-03-10T18:00:00Z'), 60, 14);
const failed = program('ch-info', at('2026-03-11T21:00:00Z'), 90, 2);
const pending = program('ch-sport', at('2026-03-11T20:00:00Z'), 120, 14);

const listOf = (): RecordingList => ({
  items: [
    recordingOf(done, { status: RECORDING_STATUS.DONE, name: 'Le journal' }),
    recordingOf(pending, { name: 'Le match' }),
    recordingOf(failed, { status: RECORDING_STATUS.ERROR, failureReason: 'QUOTA_EXCEEDED', name: 'Le film' }),
  ],
  series: [],
  quota: { limitMs: 0, usedMs: 0, remainingMs: 0 },
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('my content: recordings', () => {
  test('each with its channel, date, minutes, status and failure reason; the quota; play only the done ones', async () => {
    const fetchMock = mockFetch(recordingHandlers(listOf()));
    renderApp('/mycontent');
    const section = await screen.findByRole('region', { name: 'Mes enregistrements' });
    const list = await within(section).findByRole('list', { name: 'Enregistrements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Le journal',
      'Le match',
      'Le film',
    ]);
    const [journal, match, film] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(journal).getByText('Antenne Monde')).toBeInTheDocument();
    expect(within(journal).getByText('mardi 10 mars, de 18:00 à 19:00')).toBeInTheDocument();
    expect(within(journal).getByText('60 min')).toBeInTheDocument();
    expect(within(journal).getByText('Enregistré')).toBeInTheDocument();
    expect(within(journal).getByRole('link', { name: 'Regarder Le journal' })).toHaveAttribute(
      'href',
      `/player/rec_${done.programId}`,
    );
    expect(within(match).getByText('Programmé')).toBeInTheDocument();
    expect(within(match).getByText('120 min')).toBeInTheDocument();
    expect(within(match).queryByRole('link')).not.toBeInTheDocument();
    expect(within(film).getByText('Échec')).toBeInTheDocument();
    expect(
      within(film).getByText('Quota dépassé : les enregistrements du foyer sont limités à 20 heures.'),
    ).toBeInTheDocument();
    // 60 + 120 minutes used of 20 hours (the failed one uses none).
    expect(
      within(section).getByText('Espace utilisé : 180 min sur 20 h · reste 1020 min'),
    ).toBeInTheDocument();
    // Names in the page's language.
    expect(requestsTo(fetchMock, recordingPaths.recordings(config))[0]?.searchParams.get('locale')).toBe(
      'fr',
    );
  });

  test('delete asks first: cancelled, nothing is deleted; confirmed, the recording goes and the quota with it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = mockFetch(recordingHandlers(listOf()));
    renderApp('/mycontent');
    const list = await screen.findByRole('list', { name: 'Enregistrements' });
    const deletePath = recordingPaths.recording(config, `rec_${pending.programId}`);

    await user.click(within(list).getByRole('button', { name: "Supprimer l'enregistrement Le match" }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'enregistrement ?" });
    expect(within(dialog).getByText("« Le match » sera supprimé et l'espace libéré.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, deletePath)).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: "Supprimer l'enregistrement Le match" }));
    const again = await screen.findByRole('dialog', { name: "Supprimer l'enregistrement ?" });
    await user.click(within(again).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Le match' })).not.toBeInTheDocument());
    const calls = requestsTo(fetchMock, deletePath);
    expect(calls).toHaveLength(1);
    expect(fetchMock.mock.calls.find(([input]) => String(input).endsWith(deletePath))?.[1]?.method).toBe(
      'DELETE',
    );
    expect(await screen.findByText('Espace utilisé : 60 min sur 20 h · reste 1140 min')).toBeInTheDocument();
  });

  test('none yet: says so, with the quota', async () => {
    mockFetch(recordingHandlers({ items: [], series: [], quota: { limitMs: 0, usedMs: 0, remainingMs: 0 } }));
    renderApp('/mycontent');
    expect(
      await screen.findByText(
        "Vous n'avez aucun enregistrement. Enregistrez un programme depuis sa fiche dans le guide.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Espace utilisé : 0 min sur 20 h · reste 1200 min')).toBeInTheDocument();
  });
});
