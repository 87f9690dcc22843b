import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { displayAdPaths, type DisplayAd, type DisplayAdDecision } from '@antenne/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  config,
  json,
  mockFetch,
  requestsTo,
  usStartupHandlers,
  type Handler,
} from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { CONSENT_COOKIE, consentCookieValue, noteConsentChanged } from '../../lib/analytics/consent';
import { VIEWABLE_MS } from './viewability';

/** The display ad slot of a home page (before its 5th block): consent, the creative, viewability, clicks. */

const COMPONENT = '/v2/whitelabel/customer/antenne/businessunit/web/config/sandwich/component/';
const DECISION = displayAdPaths.decision(config);
const TRACK = displayAdPaths.track(config);

const houseAd: DisplayAd = {
  adId: 'promo-compte',
  slot: 'top',
  size: 'medium',
  width: 320,
  height: 50,
  imageUrl: '/v2/customer/antenne/businessunit/web/ads/display/creative/promo-compte/320x50.svg?lang=fr',
  clickUrl: '/create-account',
  altText: 'Antenne : créez votre compte gratuit',
  adUnit: '/antenne/antenne-web-a/home/top',
  siteName: 'antenne-web-a',
  impressionUrl: `${TRACK}?event=impression&adId=promo-compte&slot=top&size=medium&page=home`,
  clickTrackingUrl: `${TRACK}?event=click&adId=promo-compte&slot=top&size=medium&page=home`,
};

/** An IntersectionObserver the test drives: `show(element, ratio)` tells its observers. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  static show(target: Element, ratio: number) {
    for (const observer of FakeIntersectionObserver.all.filter((o) => o.targets.has(target))) {
      const entry = {
        target,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
      } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

const sendBeacon = vi.fn((_url: string | URL, _data?: BodyInit | null) => true);
const beacons = (event: string) =>
  sendBeacon.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === TRACK && url.searchParams.get('event') === event);

const setConsent = (accepted: ('analytics' | 'advertising')[]) => {
  document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(accepted)}; path=/`;
};

/** A home page of five blocks (lanes that fail and hide): one top slot, before the 5th. */
function serveHome(
  decision: Handler = () => json({ ad: houseAd } satisfies DisplayAdDecision),
  startup: Record<string, Handler> = {},
) {
  const body = Array.from({ length: 5 }, (_, i) => ({
    type: 'ComponentReference' as const,
    appType: 'carousel',
    referenceId: `l${i}`,
    referenceUrl: `${COMPONENT}l${i}`,
    name: `l${i}`,
  }));
  return mockFetch({
    ...startup,
    [`${COMPONENT}home`]: () =>
      json({
        type: 'Component',
        id: 'home',
        appType: 'page',
        presentation: { fallback: { title: 'Accueil' } },
        components: { pageBody: body },
      }),
    [DECISION]: decision,
  });
}

/** The observers see `slot` with `ratio` of it in view. */
const inView = (slot: Element, ratio: number) =>
  act(async () => {
    FakeIntersectionObserver.show(slot, ratio);
  });
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

async function showAd() {
  const fetchMock = serveHome();
  renderApp('/');
  const link = await screen.findByRole('link', { name: /créez votre compte gratuit/ });
  const slot = screen.getByRole('complementary', { name: 'Publicité' });
  return { fetchMock, link, slot };
}

describe('AdSlot', () => {
  beforeEach(() => {
    FakeIntersectionObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    sendBeacon.mockClear();
    setConsent(['advertising']);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('with advertising consent: the creative of the size class, a labelled link opening in a new tab', async () => {
    const { fetchMock, link, slot } = await showAd();
    expect(link).toHaveAttribute('href', '/create-account');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAccessibleName("Antenne : créez votre compte gratuit (s'ouvre dans un nouvel onglet)");
    const image = link.querySelector('img');
    expect(image).toHaveAttribute('src', houseAd.imageUrl);
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '50');
    expect(slot).toHaveTextContent('Publicité');
    const [asked] = requestsTo(fetchMock, DECISION);
    // jsdom's window is 1024 px wide: the medium class; our consent string goes with the request.
    expect(asked?.searchParams.get('size')).toBe('medium');
    expect(asked?.searchParams.get('page')).toBe('home');
    expect(asked?.searchParams.get('consent')).toMatch(/^v1;analytics=0;advertising=1;at=\d+$/);
  });

  test('one impression once half the slot has been in view for a whole second, not before', async () => {
    const { slot } = await showAd();
    vi.useFakeTimers();
    await inView(slot, 0.6);
    await advance(VIEWABLE_MS - 1);
    expect(beacons('impression')).toHaveLength(0);
    await advance(1);
    expect(beacons('impression')).toHaveLength(1);
    expect(beacons('impression')[0]?.searchParams.get('adId')).toBe('promo-compte');
    expect(beacons('impression')[0]?.searchParams.get('consent')).toMatch(/advertising=1/);
    // Once per display: scrolling away and back counts nothing more.
    await inView(slot, 0);
    await inView(slot, 1);
    await advance(VIEWABLE_MS * 3);
    expect(beacons('impression')).toHaveLength(1);
  });

  test('no impression under 50 % in view, nor when it drops below before the second is over', async () => {
    const { slot } = await showAd();
    vi.useFakeTimers();
    await inView(slot, 0.4);
    await advance(VIEWABLE_MS * 5);
    expect(beacons('impression')).toHaveLength(0);

    await inView(slot, 0.5);
    await advance(VIEWABLE_MS - 100);
    await inView(slot, 0.3);
    await advance(VIEWABLE_MS * 5);
    expect(beacons('impression')).toHaveLength(0);

    // The second starts again from its return into view.
    await inView(slot, 0.8);
    await advance(VIEWABLE_MS - 1);
    expect(beacons('impression')).toHaveLength(0);
    await advance(1);
    expect(beacons('impression')).toHaveLength(1);
  });

  test('a wider window asks for its size class again', async () => {
    const { fetchMock } = await showAd();
    const width = window.innerWidth;
    try {
      await act(async () => {
        window.innerWidth = 1300;
        window.dispatchEvent(new Event('resize'));
      });
      await waitFor(() =>
        expect(requestsTo(fetchMock, DECISION).map((url) => url.searchParams.get('size'))).toEqual([
          'medium',
          'xlarge',
        ]),
      );
    } finally {
      window.innerWidth = width;
    }
  });

  test('a click is reported', async () => {
    const { link } = await showAd();
    fireEvent.click(link);
    expect(beacons('click')).toHaveLength(1);
    expect(beacons('click')[0]?.searchParams.get('consent')).toMatch(/advertising=1/);
  });

  test('withdrawing consent collapses the slot at once, and its timer reports nothing', async () => {
    const { slot } = await showAd();
    vi.useFakeTimers();
    await inView(slot, 1);
    setConsent(['analytics']);
    await act(async () => {
      noteConsentChanged();
    });
    expect(screen.queryByRole('complementary', { name: 'Publicité' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
    await advance(VIEWABLE_MS * 2);
    expect(beacons('impression')).toHaveLength(0);
  });

  test('without advertising consent the slot takes no space and no ad request leaves', async () => {
    setConsent(['analytics']);
    const fetchMock = serveHome();
    renderApp('/');
    // The body is drawn (its first lane asked): the slot before its 5th block would be there.
    await waitFor(() => expect(requestsTo(fetchMock, `${COMPONENT}l0`)).toHaveLength(1));
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
    expect(requestsTo(fetchMock, DECISION)).toHaveLength(0);
  });

  test('in the US no ad request leaves, even with advertising consent', async () => {
    const fetchMock = serveHome(undefined, usStartupHandlers());
    renderApp('/');
    await waitFor(() => expect(requestsTo(fetchMock, `${COMPONENT}l0`)).toHaveLength(1));
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
    expect(requestsTo(fetchMock, DECISION)).toHaveLength(0);
  });

  test('no ad (nothing to show) or a failed decision collapses the slot', async () => {
    const fetchMock = serveHome(() => json({ ad: null }));
    renderApp('/');
    await waitFor(() => expect(requestsTo(fetchMock, DECISION)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('[data-ad-slot]')).toBeNull());
    expect(screen.queryByRole('complementary', { name: 'Publicité' })).not.toBeInTheDocument();
  });
});
