import { act, screen, waitFor } from '@testing-library/react';
import { analyticsPaths, type AnalyticsEventBatch } from '@antenne/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { config, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { analytics, createMemoryTransport, memoryTransport, setTransport } from './analytics';
import { CONSENT_COOKIE, consentCookieValue, noteConsentChanged, type ConsentCategory } from './consent';

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

describe('the production transport in the app', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  async function leaveHome(accepted: ConsentCategory[]) {
    vi.stubEnv('PROD', true);
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(accepted)}; path=/`;
    const fetchMock = mockFetch();
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
    renderApp('/');
    await screen.findByRole('banner');
    window.dispatchEvent(new Event('pagehide'));
    return { fetchMock, sendBeacon };
  }

  test('with audience-measurement consent, the home page view leaves by sendBeacon on pagehide', async () => {
    const { sendBeacon } = await leaveHome(['analytics']);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(analyticsPaths.events(config));
    const batch = JSON.parse(await body.text()) as AnalyticsEventBatch;
    expect(batch.consent).toMatch(/^v1;analytics=1;/);
    expect(batch.events).toEqual([expect.objectContaining({ kind: 'page', path: '/' })]);
  });

  test('accepting on the page records that page’s view, which came before the choice', async () => {
    const { sendBeacon } = await leaveHome([]);
    expect(sendBeacon).not.toHaveBeenCalled();
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics'])}; path=/`;
    noteConsentChanged();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const batch = JSON.parse(await sendBeacon.mock.calls[0]![1].text()) as AnalyticsEventBatch;
    expect(batch.events).toEqual([expect.objectContaining({ kind: 'page', path: '/' })]);
  });

  test('without it, no analytics request leaves the page', async () => {
    const { fetchMock, sendBeacon } = await leaveHome(['advertising']);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, analyticsPaths.events(config))).toEqual([]);
  });
});
