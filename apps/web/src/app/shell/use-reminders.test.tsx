import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Reminder } from '@antenne/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { epgHandlers } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { CLAIM_SETTLE_MS } from '../../state/reminders-scheduler';
import { useSessionStore } from '../../state/session-store';

preloadPageBeforeAll('/details/epg/x%231');

/** The reminder popup (spec part 1 §2): at the start, the title, Go → the programme's details, Cancel. */

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-03-10T21:59:00Z');
const JOURNAL: Reminder = {
  channelId: 'ch-monde',
  startDate: at('2026-03-10T22:00:00Z') / 1000,
  title: 'Le Journal',
};

function signIn(reminders: Reminder[]) {
  useSessionStore.setState({
    token: 'session-token-1',
    user: { createdAt: Date.now() },
    status: 'connected',
    profile: {
      externalId: 'usr-1',
      profileProperties: [{ name: 'Reminders', value: JSON.stringify(reminders) }],
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  useSessionStore.getState().clear();
});

describe('the reminder popup', () => {
  test('appears at the start time with the title; Go opens the programme details', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signIn([JOURNAL]);
    mockFetch(epgHandlers());
    renderApp(`/details/epg/ch-info%23${at('2026-03-10T21:00:00Z')}`);
    await screen.findByRole('group', { name: 'Actions' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000 + CLAIM_SETTLE_MS);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Votre programme commence' });
    expect(dialog).toHaveTextContent('Le Journal');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Y aller' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/details/epg/ch-monde%23${JOURNAL.startDate * 1000}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'monde 03-10 22:00' })).toBeInTheDocument();
  });

  test('Cancel closes it and stays on the page; it does not come back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signIn([JOURNAL]);
    mockFetch(epgHandlers());
    const page = `/details/epg/ch-info%23${at('2026-03-10T21:00:00Z')}`;
    renderApp(page);
    await screen.findByRole('group', { name: 'Actions' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000 + CLAIM_SETTLE_MS);
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe(decodeURIComponent(page).replace('#', '%23'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
