import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROGRAM_FLAGS } from '@antenne/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { epgHandlers, NOW, withExtraFlags } from '../../../test/epg-fixtures';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';

preloadPageBeforeAll('/details/epg/x%231');

const at = (iso: string) => Date.parse(iso);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('programme details: access-service marks (ADR 0029)', () => {
  test('subtitles and audio description are listed with the flags, short on screen, named in full', async () => {
    mockFetch(
      withExtraFlags(epgHandlers(), (p) =>
        p.channelId === 'ch-monde' && p.startTime.endsWith('T18:00:00Z')
          ? PROGRAM_FLAGS.SUBTITLES | PROGRAM_FLAGS.AUDIO_DESCRIPTION
          : 0,
      ),
    );
    renderApp(`/details/epg/ch-monde%23${at('2026-03-10T18:00:00Z')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'monde 03-10 18:00' })).toBeInTheDocument();
    const flags = screen.getByRole('list', { name: 'Disponible' });
    const items = within(flags).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Replay',
      'Depuis le début',
      'Enregistrable',
      'STSous-titres',
      'ADAudiodescription',
    ]);
    expect(within(items[3]!).getByText('ST')).toHaveAttribute('aria-hidden', 'true');
    expect(within(items[3]!).getByText('Sous-titres')).toHaveClass('visually-hidden');
    expect(within(items[4]!).getByText('AD')).toHaveAttribute('title', 'Audiodescription');
  });
});
