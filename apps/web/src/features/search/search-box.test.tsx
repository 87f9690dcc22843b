import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { SUGGESTIONS_DEBOUNCE_MS } from './search-page';

const SUGGESTIONS = '/v1/customer/antenne/businessunit/web/content/search/suggestions/';
const QUERY = '/v2/customer/antenne/businessunit/web/content/search/query/';

describe('the search box (React Aria ComboBox)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  test('Enter while suggestions show, none chosen, searches the typed text and closes them', async () => {
    const fetchMock = mockFetch({
      [`${SUGGESTIONS}ete`]: () => json([{ text: 'Été 85' }]),
      [`${QUERY}ete`]: () => json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 50 }),
    });
    const { router } = renderApp('/search');
    const box = await screen.findByRole('combobox', { name: 'Rechercher un programme' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box, 'ete');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
    expect(await screen.findByRole('option', { name: 'Été 85' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: '0 résultat' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ete');
    expect(requestsTo(fetchMock, `${QUERY}ete`).length).toBeGreaterThan(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('ete');
  });
});
