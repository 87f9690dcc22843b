import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { analytics, createMemoryTransport, memoryTransport, setTransport } from './analytics';

afterEach(() => setTransport(undefined));

describe('analytics', () => {
  test('sends every event to the transport; the default keeps them in memory outside production', () => {
    memoryTransport.clear();
    analytics.page('/', 'Accueil');
    analytics.category('page-cinema', 'Cinéma');
    analytics.searchResults('dakar', 3);
    analytics.notFound('/nope');
    expect(memoryTransport.events).toEqual([
      { type: 'page', path: '/', title: 'Accueil' },
      { type: 'category', id: 'page-cinema', title: 'Cinéma' },
      { type: 'searchResults', query: 'dakar', count: 3 },
      { type: 'notFound', path: '/nope' },
    ]);
  });

  test('a throwing transport does not break the caller', () => {
    setTransport({
      send: () => {
        throw new Error('down');
      },
    });
    expect(() => analytics.page('/', 'x')).not.toThrow();
  });

  test('the main shell reports a page view on each route change', async () => {
    const transport = createMemoryTransport();
    setTransport(transport);
    mockFetch();
    const { router } = renderApp('/');
    await screen.findByRole('banner');
    const pages = () => transport.events.filter((event) => event.type === 'page').map((event) => event.path);
    await act(() => router.navigate('/search?q=dakar'));
    await waitFor(() => expect(pages()).toEqual(['/', '/search?q=dakar']));
    await act(() => router.navigate('/settings'));
    await waitFor(() => expect(pages()).toEqual(['/', '/search?q=dakar', '/settings']));
  });
});
