import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EVENT_POST_INTERVAL_MS, type AnalyticsBatch } from '@antenne/contract';
import { apiError, config, json, mockFetch } from '../../test/fetch-mock';
import { getLastViewedOffsets } from './play-history';
import { EventReporter, getNextAsset, requestPlay } from './playback';

const PLAY = '/v2/customer/antenne/businessunit/web/entitlement/film-1/play';
const SEND = '/v2/customer/antenne/businessunit/web/eventsink/send';

afterEach(() => {
  vi.useRealTimers();
});

describe('requestPlay', () => {
  test('asks for DASH/HLS with ClearKey, with the bearer token, and the PIN in its header only', async () => {
    const fetchMock = mockFetch({ [PLAY]: () => json({ playSessionId: 's1' }) });
    await requestPlay(config, 'film-1', { token: 'tok', pin: '1234' });
    const [input, init] = fetchMock.mock.calls[0]!;
    const url = new URL(String(input), 'http://localhost');
    expect(url.searchParams.get('supportedFormats')).toBe('dash,hls');
    expect(url.searchParams.get('supportedDrms')).toBe('clearkey');
    expect(url.search).not.toContain('1234');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('x-parental-pin')).toBe('1234');
  });

  test('a refusal is an ApiError carrying the Exposure code', async () => {
    mockFetch({ [PLAY]: () => apiError(403, 'GEO_BLOCKED') });
    await expect(requestPlay(config, 'film-1', { token: 'tok' })).rejects.toMatchObject({
      httpCode: 403,
      message: 'GEO_BLOCKED',
    });
  });
});

describe('getNextAsset', () => {
  test('the next episode, or null on 404; other failures throw', async () => {
    const next = '/v1/customer/antenne/businessunit/web/content/asset/ep-1/next';
    mockFetch({ [next]: () => json({ assetId: 'ep-2', type: 'EPISODE' }) });
    expect(await getNextAsset(config, 'ep-1')).toMatchObject({ assetId: 'ep-2' });
    mockFetch({});
    expect(await getNextAsset(config, 'ep-1')).toBeNull();
    mockFetch({ [next]: () => apiError(500, 'INTERNAL_ERROR') });
    await expect(getNextAsset(config, 'ep-1')).rejects.toMatchObject({ httpCode: 500 });
  });
});

describe('EventReporter', () => {
  let now = 1_000;
  beforeEach(() => {
    now = 1_000;
  });
  const reporter = () =>
    new EventReporter({
      config,
      playSessionId: 'ps-1',
      assetId: 'film-1',
      token: 'tok',
      beaconToken: 'beacon-1',
      now: () => now,
    });

  test('posts the batched events every interval in the Exposure envelope, with the bearer token', async () => {
    vi.useFakeTimers();
    const bodies: AnalyticsBatch[] = [];
    const fetchMock = mockFetch({
      [SEND]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)) as AnalyticsBatch);
        return json({});
      },
    });
    const events = reporter();
    events.add('Playback.Created', { RequestId: 'r1' });
    now = 2_000;
    events.add('Playback.Started', { OffsetTime: 20_000.4 });
    events.start();
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(EVENT_POST_INTERVAL_MS);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      Customer: 'antenne',
      BusinessUnit: 'web',
      SessionId: 'ps-1',
      ClockOffset: 0,
      DispatchTime: 2_000,
      BeaconToken: 'beacon-1',
    });
    expect(bodies[0]!.Payload).toEqual([
      {
        EventType: 'Playback.Created',
        Timestamp: 1_000,
        SequenceNumber: 0,
        AssetId: 'film-1',
        RequestId: 'r1',
      },
      {
        EventType: 'Playback.Started',
        Timestamp: 2_000,
        SequenceNumber: 1,
        AssetId: 'film-1',
        OffsetTime: 20_000,
      },
    ]);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer tok');

    // Nothing queued: no post. A new event: the next interval posts it alone.
    await vi.advanceTimersByTimeAsync(EVENT_POST_INTERVAL_MS);
    expect(bodies).toHaveLength(1);
    events.add('Playback.Paused', { OffsetTime: 25_000 });
    await vi.advanceTimersByTimeAsync(EVENT_POST_INTERVAL_MS);
    expect(bodies[1]!.Payload.map((e) => [e.EventType, e.SequenceNumber])).toEqual([['Playback.Paused', 2]]);
    events.stop();
  });

  test('a failed post keeps its events for the next one, in order', async () => {
    let fail = true;
    const bodies: AnalyticsBatch[] = [];
    mockFetch({
      [SEND]: (_url, init) => {
        if (fail) return apiError(500, 'INTERNAL_ERROR');
        bodies.push(JSON.parse(String(init?.body)) as AnalyticsBatch);
        return json({});
      },
    });
    const events = reporter();
    events.add('Playback.Heartbeat', { OffsetTime: 10_000 });
    await events.flush();
    expect(events.pending).toHaveLength(1);
    events.add('Playback.Heartbeat', { OffsetTime: 20_000 });
    fail = false;
    await events.flush();
    expect(bodies[0]!.Payload.map((e) => e.OffsetTime)).toEqual([10_000, 20_000]);
    expect(events.pending).toHaveLength(0);
  });

  test('beacon(): the queued events as a text/plain Blob to eventsink/send, the beacon token in the body and not in the URL', async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const events = reporter();
    expect(events.beacon()).toBe(false);
    events.add('Playback.Aborted', { OffsetTime: 21_500 });
    expect(events.beacon()).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(SEND);
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe('text/plain');
    const body = JSON.parse(await (blob as Blob).text()) as AnalyticsBatch;
    expect(body.SessionId).toBe('ps-1');
    expect(body.BeaconToken).toBe('beacon-1');
    expect(body.Payload).toMatchObject([{ EventType: 'Playback.Aborted', OffsetTime: 21_500 }]);
    expect(events.pending).toHaveLength(0);
  });

  test('beacon(): when the browser refuses the beacon, the one fetch wrapper posts the same text with keepalive', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => false) });
    const fetchMock = mockFetch({ [SEND]: () => json({}) });
    const events = reporter();
    events.add('Playback.Aborted', { OffsetTime: 21_500 });
    expect(events.beacon()).toBe(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(SEND);
    expect(init?.method).toBe('POST');
    expect(init?.keepalive).toBe(true);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/plain');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    const body = JSON.parse(String(init?.body)) as AnalyticsBatch;
    expect(body.BeaconToken).toBe('beacon-1');
    expect(body.Payload).toMatchObject([{ EventType: 'Playback.Aborted', OffsetTime: 21_500 }]);
  });

  test("leave(): the beacon's text as a keepalive post without the bearer; sendBeacon if it fails", async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    let fail = false;
    const fetchMock = mockFetch({ [SEND]: () => (fail ? apiError(503, 'UNAVAILABLE') : json({})) });
    const events = reporter();
    await events.leave();
    expect(fetchMock).not.toHaveBeenCalled();
    events.add('Playback.Aborted', { OffsetTime: 21_500 });
    await events.leave();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(SEND);
    expect(init?.keepalive).toBe(true);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/plain');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    const body = JSON.parse(String(init?.body)) as AnalyticsBatch;
    expect(body.BeaconToken).toBe('beacon-1');
    expect(body.Payload).toMatchObject([{ EventType: 'Playback.Aborted', OffsetTime: 21_500 }]);
    expect(sendBeacon).not.toHaveBeenCalled();
    fail = true;
    events.add('Playback.Aborted', { OffsetTime: 30_000 });
    await events.leave();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(events.pending).toHaveLength(0);
  });

  test('the play history read just after leaving waits for the leave post to land (read your own writes)', async () => {
    const LAST = '/v1/customer/antenne/businessunit/web/userplayhistory/lastviewedoffset';
    let land: ((response: Response) => void) | undefined;
    const order: string[] = [];
    mockFetch({
      [SEND]: () =>
        new Promise<Response>((resolve) => {
          land = (response) => {
            order.push('send answered');
            resolve(response);
          };
        }),
      [LAST]: () => {
        order.push('offsets asked');
        return json({ count: 1, pageNumber: 1, pageSize: 1, items: [] });
      },
    });
    const events = reporter();
    events.add('Playback.Aborted', { OffsetTime: 21_500 });
    const left = events.leave();
    const offsets = getLastViewedOffsets(config, 'tok', ['film-1']);
    await vi.waitFor(() => expect(land).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([]);
    land!(json({}));
    await left;
    await offsets;
    expect(order).toEqual(['send answered', 'offsets asked']);
  });
});
