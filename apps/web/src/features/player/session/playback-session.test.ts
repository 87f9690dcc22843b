import { describe, expect, test, vi } from 'vitest';
import type { PlayFormat, PlayResponse } from '@antenne/contract';
import type { AdTracker, PrerollAd } from '../ad';
import type { Engine } from '../engine';
import {
  PlaybackSession,
  type PrerollSource,
  type SessionObserver,
  type SessionState,
} from './playback-session';

const dash = (name: string): PlayFormat => ({
  format: 'DASH',
  mediaLocator: `/play/tok/${name}/manifest.mpd`,
});

function playResponse(patch: Partial<PlayResponse> = {}): PlayResponse {
  return {
    playSessionId: 'ps-1',
    requestId: 'req-1',
    assetId: 'film-1',
    entitlementType: 'SVOD',
    formats: [dash('film-1')],
    playToken: 'play-token',
    playTokenExpiration: 0,
    durationInMs: 600_000,
    ...patch,
  } as PlayResponse;
}

/** A fake engine: records loads, lets the test fail the current item or drive the tracks. */
function fakeEngine() {
  const loads: { url: string; startTime?: number; playToken?: string }[] = [];
  let errorListener: ((error: { code: number; message: string }) => void) | undefined;
  let tracksListener: (() => void) | undefined;
  let textActive: number | null = null;
  const engine: Engine & { destroyed: number } = {
    destroyed: 0,
    load: async (format, options = {}) => void loads.push({ url: format.mediaLocator, ...options }),
    loadFile: async (url) => void loads.push({ url }),
    textTracks: () => [{ id: 3, language: 'fr', label: null, active: textActive === 3 }],
    audioTracks: () => [
      { id: 1, language: 'fr', label: null, active: true, roles: [], accessibilityPurpose: null },
      {
        id: 2,
        language: 'fr',
        label: null,
        active: false,
        roles: ['description'],
        accessibilityPurpose: null,
      },
    ],
    selectTextTrack: (id) => void (textActive = id),
    selectAudioTrack: vi.fn(),
    seekRange: () => ({ start: 0, end: 600 }),
    playheadDate: () => null,
    clockOrigin: () => null,
    onError: (listener) => void (errorListener = listener),
    onTracksChanged: (listener) => void (tracksListener = listener),
    destroy: async () => void engine.destroyed++,
  };
  return {
    engine,
    loads: () => loads.map((load) => load.url),
    lastLoad: () => loads.at(-1),
    fail: (message = 'HTTP 403') => errorListener?.({ code: 1001, message }),
    tracksChanged: () => tracksListener?.(),
  };
}

const tracker = (): AdTracker => ({
  setDuration: vi.fn(),
  setProgress: vi.fn(),
  impression: vi.fn(),
  setPaused: vi.fn(),
  complete: vi.fn(),
  click: vi.fn(),
  error: vi.fn(),
});

function setup({
  play = playResponse(),
  ad = null as PrerollAd | null,
  startTime = 0,
}: { play?: PlayResponse; ad?: PrerollAd | null; startTime?: number } = {}) {
  const video = document.createElement('video');
  vi.spyOn(video, 'play').mockImplementation(() => Promise.resolve());
  const fake = fakeEngine();
  let state: Partial<SessionState> = {};
  const ends: (boolean | undefined)[] = [];
  const preroll: PrerollSource = {
    fetch: vi.fn(async () => ad),
    follow: vi.fn(() => (played: boolean | undefined) => void ends.push(played)),
  };
  const events: string[] = [];
  const observer: SessionObserver = {
    created: () => void events.push('created'),
    adStarted: () => void events.push('adStarted'),
    adEnded: (_ad, played) => void events.push(`adEnded:${played}`),
    contentStarted: ({ startTime: at }) => void events.push(`contentStarted:${at}`),
    ended: () => void events.push('ended'),
    failed: (error) => void events.push(`failed:${(error as Error).message}`),
  };
  const session = new PlaybackSession({
    video,
    play,
    startTime: () => startTime,
    createEngine: async () => fake.engine,
    preroll,
    trackLabels: () => ({ uiLanguage: 'fr', describedLabel: (name) => `${name} (AD)` }),
    onChange: (patch) => void (state = { ...state, ...patch }),
    observers: [observer],
  });
  const started = session.start();
  const end = () => video.dispatchEvent(new Event('ended'));
  return { session, started, video, fake, preroll, events, ends, end, state: () => state };
}

describe('PlaybackSession: the playlist', () => {
  test('brand bumper → classification bumper → ad → the asset, one load each, in order', async () => {
    const ad: PrerollAd = { mediaUrl: '/ads/a.mp4', mimeType: 'video/mp4', tracker: tracker() };
    const run = setup({
      play: playResponse({
        parentalRating: '4',
        bumpers: { brand: [dash('bumper-brand')], classification: [dash('bumper-csa-12')] },
        formats: [{ ...dash('film-1'), vastUrl: '/vast' }],
      }),
      ad,
      startTime: 42,
    });
    await vi.waitFor(() => expect(run.state().loadedId).toBe('bumper-brand'));
    expect(run.state().phase).toBe('bumper');
    expect(run.events).toEqual(['created']);
    run.end();
    await vi.waitFor(() => expect(run.state().loadedId).toBe('bumper-csa-12'));
    run.end();
    await vi.waitFor(() => expect(run.state().phase).toBe('ad'));
    expect(run.preroll.fetch).toHaveBeenCalledWith('/vast');
    expect(run.preroll.follow).toHaveBeenCalledWith(ad, run.video);
    expect(run.fake.loads().at(-1)).toBe('/ads/a.mp4');
    run.end();
    await run.started;
    expect(run.state()).toMatchObject({ phase: 'content', loadedId: 'film-1' });
    expect(run.fake.lastLoad()).toEqual({
      url: '/play/tok/film-1/manifest.mpd',
      startTime: 42,
      playToken: 'play-token',
    });
    expect(run.ends).toEqual([true]);
    expect(run.events).toEqual(['created', 'adStarted', 'adEnded:true', 'contentStarted:42']);
    run.end();
    expect(run.state().phase).toBe('ended');
    expect(run.events.at(-1)).toBe('ended');
  });

  test('a failing bumper or ad is skipped; the asset still plays', async () => {
    const ad: PrerollAd = { mediaUrl: '/ads/a.mp4', mimeType: 'video/mp4', tracker: tracker() };
    const run = setup({
      play: playResponse({
        bumpers: { brand: [dash('bumper-brand')] },
        formats: [{ ...dash('film-1'), vastUrl: '/v' }],
      }),
      ad,
    });
    await vi.waitFor(() => expect(run.state().loadedId).toBe('bumper-brand'));
    run.fake.fail();
    await vi.waitFor(() => expect(run.state().phase).toBe('ad'));
    run.fake.fail();
    await run.started;
    expect(run.ends).toEqual([false]);
    expect(run.events).toEqual(['created', 'adStarted', 'adEnded:false', 'contentStarted:0']);
    expect(run.fake.loads()).toEqual([
      '/play/tok/bumper-brand/manifest.mpd',
      '/ads/a.mp4',
      '/play/tok/film-1/manifest.mpd',
    ]);
  });

  test('no decision URL, no pre-roll asked; a rejected decision goes straight on', async () => {
    const plain = setup();
    await plain.started;
    expect(plain.preroll.fetch).not.toHaveBeenCalled();
    expect(plain.fake.loads()).toEqual(['/play/tok/film-1/manifest.mpd']);

    const video = document.createElement('video');
    vi.spyOn(video, 'play').mockImplementation(() => Promise.resolve());
    const fake = fakeEngine();
    const session = new PlaybackSession({
      video,
      play: playResponse({ formats: [{ ...dash('film-1'), vastUrl: '/v' }] }),
      startTime: () => 0,
      createEngine: async () => fake.engine,
      preroll: { fetch: () => Promise.reject(new Error('offline')), follow: vi.fn() },
      trackLabels: () => ({ uiLanguage: 'fr', describedLabel: (name) => name }),
      onChange: () => undefined,
    });
    await session.start();
    expect(fake.loads()).toEqual(['/play/tok/film-1/manifest.mpd']);
  });

  test('an engine error during the asset fails the session once', async () => {
    const run = setup();
    await run.started;
    run.fake.fail('decode');
    run.fake.fail('again');
    expect(run.events.filter((event) => event.startsWith('failed'))).toEqual(['failed:decode']);
  });

  test('no playable format is a failure', async () => {
    const run = setup({ play: playResponse({ formats: [] }) });
    await run.started;
    expect(run.events).toEqual(['created', 'failed:no playable format']);
  });

  test('destroy() mid-bumper: nothing more loads, no failure, the engine is destroyed', async () => {
    const run = setup({ play: playResponse({ bumpers: { brand: [dash('bumper-brand')] } }) });
    await vi.waitFor(() => expect(run.state().phase).toBe('bumper'));
    run.session.destroy();
    await run.started;
    run.end();
    expect(run.fake.loads()).toEqual(['/play/tok/bumper-brand/manifest.mpd']);
    expect(run.events).toEqual(['created']);
    expect(run.fake.engine.destroyed).toBe(1);
    expect(run.session.destroyed).toBe(true);
  });
});

describe('PlaybackSession: tracks and the spinner', () => {
  test('the asset’s tracks, labelled; choosing one goes to the engine', async () => {
    const run = setup();
    await run.started;
    expect(run.state().textTracks).toEqual([{ id: 3, language: 'fr', label: 'Français' }]);
    expect(run.state().audioTracks).toEqual([
      { id: 1, language: 'fr', label: 'Français', audioDescription: false },
      { id: 2, language: 'fr', label: 'Français (AD)', audioDescription: true },
    ]);
    expect(run.state().activeAudioTrackId).toBe(1);
    run.session.selectTextTrack(3);
    expect(run.state().activeTextTrackId).toBe(3);
    run.fake.tracksChanged();
    expect(run.state().activeTextTrackId).toBe(3);
    run.session.selectAudioTrack(2);
    expect(run.fake.engine.selectAudioTrack).toHaveBeenCalledWith(2);
    expect(run.session.content?.mediaLocator).toBe('/play/tok/film-1/manifest.mpd');
  });

  test('waiting follows the video’s buffering events', async () => {
    const run = setup();
    await run.started;
    run.video.dispatchEvent(new Event('playing'));
    expect(run.state().waiting).toBe(false);
    run.video.dispatchEvent(new Event('waiting'));
    expect(run.state().waiting).toBe(true);
    run.session.destroy();
    run.video.dispatchEvent(new Event('canplay'));
    expect(run.state().waiting).toBe(true);
  });
});
