import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROGRAM_FLAGS } from '@antenne/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { epgHandlers, NOW, withExtraFlags } from '../../../test/epg-fixtures';
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

const { SUBTITLES, AUDIO_DESCRIPTION } = PROGRAM_FLAGS;
/** Antenne Monde's 18:00 has subtitles and audio description, its 21:00 subtitles only. */
const handlers = () =>
  withExtraFlags(epgHandlers(), (p) => {
    if (p.channelId !== 'ch-monde') return 0;
    if (p.startTime.endsWith('T18:00:00Z')) return SUBTITLES | AUDIO_DESCRIPTION;
    return p.startTime.endsWith('T21:00:00Z') ? SUBTITLES : 0;
  });

describe('access-service marks in the guide (ADR 0029)', () => {
  test('a tile shows « ST » and « AD » and its accessible name says subtitles and audio description', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    mockFetch(handlers());
    renderApp('/guide');
    const both = await screen.findByRole('link', {
      name: 'Antenne Monde, monde 03-10 18:00, de 18:00 à 19:00, Terminé, Replay, Depuis le début, Enregistrable, Sous-titres, Audiodescription',
    });
    expect(within(both).getByText('ST')).toHaveAttribute('title', 'Sous-titres');
    expect(within(both).getByText('AD')).toHaveAttribute('title', 'Audiodescription');
    const subtitled = await screen.findByRole('link', {
      name: /^Antenne Monde, monde 03-10 21:00, .*Sous-titres$/,
    });
    expect(within(subtitled).getByText('ST')).toBeInTheDocument();
    expect(within(subtitled).queryByText('AD')).not.toBeInTheDocument();
    const plain = await screen.findByRole('link', { name: /^Antenne Monde, monde 03-10 20:00, / });
    expect(plain).not.toHaveAccessibleName(/Sous-titres|Audiodescription/);
    expect(within(plain).queryByText('ST')).not.toBeInTheDocument();
  });

  test('a phone’s list rows carry the same marks and names', async () => {
    setViewportWidth(412);
    mockFetch(handlers());
    renderApp('/guide');
    const monde = await screen.findByRole('region', { name: 'Antenne Monde' });
    const row = within(monde).getByRole('link', { name: /monde 03-10 21:00/ });
    expect(row).toHaveAccessibleName(expect.stringMatching(/, Sous-titres$/));
    expect(within(row).getByText('ST')).toBeInTheDocument();
    expect(within(row).getByText('Sous-titres')).toHaveClass('visually-hidden');
  });
});
