// Shared set-up of the player page's suites: the play responses and assets served, the session, and
// the stand-ins (player-page-test-mocks.tsx) reset before each test.
import { afterEach, beforeEach, vi } from 'vitest';
import type { Asset, PlayResponse } from '@antenne/contract';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { memoryTransport } from '../../lib/analytics/analytics';
import { useSessionStore } from '../../state/session-store';
import { ad, engine } from './player-page-test-mocks';

export const BU1 = '/v1/customer/antenne/businessunit/web';
export const BU2 = '/v2/customer/antenne/businessunit/web';
export const playPath = (id: string) => `${BU2}/entitlement/${id}/play`;
export const SEND = `${BU2}/eventsink/send`;

export const film: Asset = {
  assetId: 'film-1',
  type: 'MOVIE',
  localized: [{ locale: 'fr', title: 'Le Film' }],
};
export const episode: Asset = {
  assetId: 'ep-1',
  type: 'EPISODE',
  season: '1',
  episode: '3',
  localized: [{ locale: 'fr', title: 'Le Retour' }],
};

/** A play response for `assetId`: HLS and DASH, no bookmark, no bumper. */
export function playResponse(assetId: string, patch: Partial<PlayResponse> = {}): PlayResponse {
  return {
    playSessionId: `ps-${assetId}`,
    requestId: 'req-1',
    assetId,
    entitlementType: 'SVOD',
    formats: [
      { format: 'HLS', mediaLocator: `/play/tok/${assetId}/master.m3u8` },
      { format: 'DASH', mediaLocator: `/play/tok/${assetId}/manifest.mpd` },
    ],
    playToken: 'play-token',
    playTokenExpiration: Date.now() + 3_600_000,
    durationInMs: 600_000,
    bookmarks: { lastViewedOffset: 0 },
    contractRestrictions: { airplayEnabled: true, ffEnabled: true, rwEnabled: true, timeshiftEnabled: true },
    streamInfo: { live: false, static: true, event: false },
    analytics: { postInterval: 3, percentage: 100 },
    beaconToken: `beacon-${assetId}`,
    bumpers: {},
    ...patch,
  };
}

/** Answers the play requests with `handlers` and the assets' details; events are accepted. */
export function serve(handlers: Record<string, Handler>, assets: Asset[] = [film]) {
  const all: Record<string, Handler> = { [SEND]: () => json({}), ...handlers };
  for (const asset of assets) all[`${BU1}/content/asset/${asset.assetId}`] = () => json(asset);
  return mockFetch(all);
}

export const signIn = () => useSessionStore.getState().setSession('session-token', { email: 'a@b.c' });
export const video = () => document.querySelector('video') as HTMLVideoElement;

/** Opens the player from another page, so that "back" has somewhere to go. */
export async function openPlayer(path: string) {
  const view = renderApp('/csa');
  await view.router.navigate(path);
  return view;
}

/** navigator.sendBeacon as a spy, a new one for each test. */
export let sendBeacon: ReturnType<typeof vi.fn>;

/**
 * The set-up of every player page suite, called at its top: the stand-ins reset, beacons caught,
 * <video> play/pause stubbed and nothing remembered before each test; no popup left after it.
 */
export function setUpPlayerPageTests() {
  preloadPageBeforeAll('/player/film-1');
  beforeEach(() => {
    engine.loads.length = 0;
    engine.errorListener = undefined;
    engine.destroyed = 0;
    engine.seekRange = () => ({ start: 0, end: 600 });
    engine.playheadDate = () => null;
    engine.clockOrigin = () => null;
    ad.fetchPreroll.mockReset();
    memoryTransport.clear();
    sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    sessionStorage.clear();
  });

  afterEach(() => {
    usePopupStore.getState().close({ validated: false });
    vi.unstubAllGlobals();
  });
}

/** The URLs the stand-in engine loaded, in order. */
export const loaded = () => engine.loads.map((load) => load.url);
