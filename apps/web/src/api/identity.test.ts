import { afterEach, describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { apiError, json } from '../../test/fetch-mock';
import { isIdentitySignInRecent } from './account';
import { identityRequest, IdentityError, signInEmail } from './identity';

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The identity service's calls go through the one fetch wrapper (client.ts), with their own error mapping. */
describe('the identity calls', () => {
  test('carry the cookie and JSON, no client=json, and the Exposure session only when given', async () => {
    const fetchMock = stubFetch(() => json({ token: null, user: { id: 'u1' } }));
    await signInEmail({ email: 'ana@example.org', password: 'secret-123' });
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(identityPaths.signInEmail);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"ana@example.org","password":"secret-123"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);

    await identityRequest(identityPaths.getSession, 'GET', undefined, 'tok');
    const [getInput, getInit] = fetchMock.mock.calls[1]!;
    expect(String(getInput)).toBe(identityPaths.getSession);
    expect(new Headers(getInit?.headers).get('Authorization')).toBe('Bearer tok');
  });

  test.each([
    [apiError(401, 'INVALID_EMAIL_OR_PASSWORD'), 401, 'INVALID_EMAIL_OR_PASSWORD'],
    [apiError(429, 'RATE_LIMITED'), 429, 'TOO_MANY_ATTEMPTS_TRY_LATER'],
    [new Response('<html>bad gateway</html>', { status: 502 }), 502, 'HTTP_502'],
    [json({ message: 'not a code' }, 400), 400, 'HTTP_400'],
  ])('a refusal becomes an IdentityError with its status and code (%#)', async (answer, status, code) => {
    stubFetch(() => answer);
    const error = await identityRequest('/identity/x', 'POST', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ status, code });
  });

  test('an unreachable server is NETWORK; a 2xx body that is not JSON is no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(identityRequest('/identity/x', 'GET')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    stubFetch(() => new Response('OK', { status: 200 }));
    await expect(identityRequest('/identity/x', 'GET')).resolves.toBeUndefined();
  });

  test('isIdentitySignInRecent reads the identity session through the same wrapper', async () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const fetchMock = stubFetch(() => json({ session: { createdAt: '2026-01-01T11:58:00Z' } }));
    await expect(isIdentitySignInRecent(now)).resolves.toBe(true);
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
    stubFetch(() => json({ session: { createdAt: '2026-01-01T11:00:00Z' } }));
    await expect(isIdentitySignInRecent(now)).resolves.toBe(false);
    stubFetch(() => apiError(401, 'UNAUTHORIZED'));
    await expect(isIdentitySignInRecent(now)).resolves.toBe(false);
  });
});
