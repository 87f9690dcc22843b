import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, api, apiRequest, onSessionRejected } from './client';
import { apiError, json } from '../../test/fetch-mock';

function stubFetch(
  answer: (url: URL, init: RequestInit) => Response | Promise<Response> = () => json({ ok: true }),
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(answer(new URL(String(input), 'http://localhost'), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentUrl = (fetchMock: ReturnType<typeof stubFetch>) =>
  new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
const sentInit = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls[0]?.[1] ?? {};
const sentHeaders = (fetchMock: ReturnType<typeof stubFetch>) => new Headers(sentInit(fetchMock).headers);

afterEach(() => {
  vi.useRealTimers();
});

describe('the fetch wrapper', () => {
  test('adds client=json to a GET and keeps the other query parameters', async () => {
    const fetchMock = stubFetch();
    await expect(
      api.get('/v2/location', { query: { pageSize: 10, empty: undefined, schemes: ['keyword', 'origin'] } }),
    ).resolves.toEqual({
      ok: true,
    });
    const url = sentUrl(fetchMock);
    expect(url.pathname).toBe('/v2/location');
    expect(url.searchParams.get('client')).toBe('json');
    expect(url.searchParams.get('pageSize')).toBe('10');
    expect(url.searchParams.getAll('schemes')).toEqual(['keyword', 'origin']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(sentInit(fetchMock).method).toBe('GET');
  });

  test('does not add client=json to other methods, and sends their body as JSON', async () => {
    const fetchMock = stubFetch();
    await api.post('/v1/preferences', { preferences: { city: 'Lyon' } });
    expect(sentUrl(fetchMock).searchParams.has('client')).toBe(false);
    expect(sentInit(fetchMock).method).toBe('POST');
    expect(sentInit(fetchMock).body).toBe('{"preferences":{"city":"Lyon"}}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  test('sends the bearer token only when one is given', async () => {
    const withToken = stubFetch();
    await api.get('/v1/preferences', { token: 'abc.def' });
    expect(sentHeaders(withToken).get('Authorization')).toBe('Bearer abc.def');

    const withoutToken = stubFetch();
    await api.get('/v1/preferences', { token: null });
    expect(sentHeaders(withoutToken).has('Authorization')).toBe(false);
  });

  test('household calls bypass the caches; other calls do not', async () => {
    const household = stubFetch();
    await api.get('/v2/household', { noCache: true });
    expect(sentInit(household).cache).toBe('no-store');
    expect(sentHeaders(household).get('Cache-Control')).toBe('no-cache');

    const plain = stubFetch();
    await api.get('/v2/location');
    expect(sentInit(plain).cache).toBeUndefined();
    expect(sentHeaders(plain).has('Cache-Control')).toBe(false);
  });

  test('prefixes the configured API base URL', async () => {
    const fetchMock = stubFetch();
    await api.get('/v2/location', { baseUrl: 'https://api.example.com/' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('https://api.example.com/v2/location?client=json');
  });

  test('turns the Exposure error body into an ApiError with its httpCode, code and url', async () => {
    stubFetch(() => apiError(404, 'UNKNOWN_ASSET'));
    const error = await api.get('/v1/content/asset/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpCode: 404,
      message: 'UNKNOWN_ASSET',
      url: '/v1/content/asset/nope?client=json',
    });
  });

  test('an error answer without the error body still gives an ApiError with the status', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/v2/location')).rejects.toMatchObject({ httpCode: 502, message: 'HTTP_502' });
  });

  test('a network failure becomes NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/v2/location')).rejects.toMatchObject({
      name: 'ApiError',
      httpCode: 0,
      message: 'NETWORK_ERROR',
    });
  });

  test('a GET that gets no answer within 5 s becomes a TIMEOUT ApiError', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const outcome = apiRequest('/config/config_web.json').catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpCode: 408,
      message: 'TIMEOUT',
      url: '/config/config_web.json?client=json',
    });
  });

  test("a caller's cancellation is passed on as is, not as an API failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const outcome = api.get('/v2/location', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('a session the server rejects', () => {
  test('a call made with a token answered 401 INVALID_SESSION_TOKEN or NO_SESSION_TOKEN is told, with that token; nothing else is', async () => {
    const rejected: string[] = [];
    const stop = onSessionRejected((token) => rejected.push(token));
    try {
      let answer = apiError(401, 'INVALID_SESSION_TOKEN');
      stubFetch(() => answer);
      await expect(api.get('/v1/x', { token: 'stale-1' })).rejects.toMatchObject({ httpCode: 401 });
      answer = apiError(401, 'NO_SESSION_TOKEN');
      await expect(api.post('/v1/x', {}, { token: 'stale-2' })).rejects.toMatchObject({ httpCode: 401 });
      // A visitor's call (no token), another 401 (a wrong password), another status: not a rejected session.
      await expect(api.get('/v1/x')).rejects.toMatchObject({ httpCode: 401 });
      answer = apiError(401, 'INVALID_CREDENTIALS');
      await expect(api.get('/v1/x', { token: 'good' })).rejects.toMatchObject({ httpCode: 401 });
      answer = apiError(403, 'FORBIDDEN');
      await expect(api.get('/v1/x', { token: 'good' })).rejects.toMatchObject({ httpCode: 403 });
      expect(rejected).toEqual(['stale-1', 'stale-2']);
    } finally {
      stop();
    }
  });
});
