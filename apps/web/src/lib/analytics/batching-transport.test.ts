import { analyticsPaths, type AnalyticsEventBatch } from '@antenne/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { config, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { beaconAnalyticsBatch, postAnalyticsBatch } from '../../api/analytics';
import { storageKeys } from '../storage-keys';
import { analytics, setTransport, type MediaParameters } from './analytics';
import { BatchingTransport } from './batching-transport';
import { CONSENT_COOKIE, consentCookieValue, noteConsentChanged, type ConsentCategory } from './consent';

const EVENTS_PATH = analyticsPaths.events(config);
const CHOICE_AT = Date.parse('2026-11-20T09:00:00Z');

function choose(accepted: ConsentCategory[]) {
  document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(accepted, CHOICE_AT)}; path=/`;
  noteConsentChanged();
}

/** The transport over the real api/analytics sender; fetch and sendBeacon are stubs. */
function install(onConsentGiven?: () => void) {
  const fetchMock = mockFetch({ [EVENTS_PATH]: () => new Response(null, { status: 204 }) });
  const beacons: { url: string; body: Blob }[] = [];
  const sendBeacon = vi.fn((url: string, body: Blob) => {
    beacons.push({ url, body });
    return true;
  });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
  const transport = new BatchingTransport({
    sender: {
      post: (batch) => postAnalyticsBatch(config, batch),
      beacon: (batch) => beaconAnalyticsBatch(config, batch),
    },
    now: () => Date.parse('2026-11-20T10:00:00Z'),
    ...(onConsentGiven ? { onConsentGiven } : {}),
  });
  setTransport(transport);
  const posts = () => requestsTo(fetchMock, EVENTS_PATH);
  const posted = (index: number) => {
    const call = fetchMock.mock.calls.filter(([input]) => String(input).includes(EVENTS_PATH))[index];
    return { init: call?.[1], batch: JSON.parse(String(call?.[1]?.body)) as AnalyticsEventBatch };
  };
  const beaconed = async (index: number) =>
    JSON.parse(await (beacons[index]?.body as Blob).text()) as AnalyticsEventBatch;
  return { transport, fetchMock, sendBeacon, beacons, posts, posted, beaconed };
}

const media: MediaParameters = {
  assetId: 'film-1',
  mediaType: 'video',
  playerId: 456,
  level2: 41,
  durationSeconds: 5400,
  label: 'Le Film',
  themes: ['cinema', 'drame'],
  labels: { title: 'Le Film', date: '2026_11_20', pubable: 'pubable', country: 'FR' },
};

let current: ReturnType<typeof install> | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  current?.transport.dispose();
  current = undefined;
  setTransport(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the batching analytics transport', () => {
  test('without analytics consent nothing is queued, sent or kept, not even on leaving', async () => {
    current = install();
    choose(['advertising']);
    analytics.page('/', 'Accueil');
    analytics.searchResults('dakar', 0);
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    // Consent given afterwards: what came before it was never queued.
    choose(['analytics']);
    await current.transport.flush();
    expect(current.posts()).toEqual([]);
    expect(current.sendBeacon).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.analyticsVisitor)).toBeNull();
  });

  test('with consent, events go in one keepalive post after 5 s, with the visitor id and the consent string', async () => {
    current = install();
    choose(['analytics']);
    analytics.page('/', 'Accueil');
    analytics.category('page-cinema', 'Cinéma');
    analytics.searchResults('  zzz ', 0);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(current.posts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(current.posts()).toHaveLength(1);
    const { init, batch } = current.posted(0);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const visitorId = localStorage.getItem(storageKeys.analyticsVisitor);
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const at = Date.parse('2026-11-20T10:00:00Z');
    expect(batch).toEqual({
      visitorId,
      consent: `v1;analytics=1;advertising=0;at=${CHOICE_AT / 1000}`,
      events: [
        { kind: 'page', at, path: '/', title: 'Accueil' },
        { kind: 'category', at, id: 'page-cinema', title: 'Cinéma' },
        { kind: 'searchResults', at, query: 'zzz', count: 0 },
      ],
    });
  });

  test('20 events go at once, without waiting for the timer; the visitor id stays the same', async () => {
    current = install();
    choose(['analytics']);
    for (let i = 0; i < 20; i++) analytics.page(`/p${i}`, 'x');
    await vi.advanceTimersByTimeAsync(0);
    expect(current.posts()).toHaveLength(1);
    expect(current.posted(0).batch.events).toHaveLength(20);
    analytics.page('/next', 'x');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(current.posts()).toHaveLength(2);
    expect(current.posted(1).batch.visitorId).toBe(current.posted(0).batch.visitorId);
  });

  test('pagehide and a hidden page hand the queue to sendBeacon at the events URL', async () => {
    current = install();
    choose(['analytics']);
    analytics.page('/', 'Accueil');
    window.dispatchEvent(new Event('pagehide'));
    expect(current.sendBeacon).toHaveBeenCalledTimes(1);
    expect(current.beacons[0]?.url).toBe(EVENTS_PATH);
    expect((await current.beaconed(0)).events).toEqual([
      expect.objectContaining({ kind: 'page', path: '/' }),
    ]);

    analytics.media('start', media);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    }
    expect(current.sendBeacon).toHaveBeenCalledTimes(2);
    expect((await current.beaconed(1)).events).toEqual([
      { kind: 'media', at: expect.any(Number), event: 'start', ...media },
    ]);
    // Nothing is left for the timer.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(current.posts()).toEqual([]);
  });

  test('withdrawing consent drops the queue, sends nothing more and removes the visitor id at once', async () => {
    current = install();
    choose(['analytics']);
    analytics.page('/', 'Accueil');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(current.posts()).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.analyticsVisitor)).not.toBeNull();

    analytics.page('/queued', 'x');
    choose([]);
    expect(localStorage.getItem(storageKeys.analyticsVisitor)).toBeNull();
    analytics.page('/after', 'x');
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(current.posts()).toHaveLength(1);
    expect(current.sendBeacon).not.toHaveBeenCalled();
  });

  test('consent given where there was none calls onConsentGiven once (the page the visitor accepted on)', () => {
    choose([]);
    const given = vi.fn(() => analytics.page('/here', 'Ici'));
    current = install(given);
    choose(['advertising']);
    expect(given).not.toHaveBeenCalled();
    choose(['analytics']);
    expect(given).toHaveBeenCalledTimes(1);
    // The preferences saved again with analytics still accepted: not a new consent.
    choose(['analytics', 'advertising']);
    expect(given).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(current.sendBeacon).toHaveBeenCalledTimes(1);
  });

  test('strings past the server’s bounds are cut, not sent to be refused; an empty search is not an event', async () => {
    current = install();
    choose(['analytics']);
    analytics.page(`/${'x'.repeat(2000)}`, 't'.repeat(400));
    analytics.searchResults('   ', 0);
    analytics.media('error', { ...media, themes: ['a', 'b', 'c', 'd'] }, 'e'.repeat(900));
    await current.transport.flush();
    const [page, error] = current.posted(0).batch.events;
    expect(current.posted(0).batch.events).toHaveLength(2);
    expect(page).toMatchObject({ kind: 'page' });
    expect(page?.kind === 'page' && [page.path.length, page.title.length]).toEqual([1024, 300]);
    expect(error?.kind === 'media' && [error.themes, error.error?.length]).toEqual([['a', 'b', 'c'], 500]);
  });
});
