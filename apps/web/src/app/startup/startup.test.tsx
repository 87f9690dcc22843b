import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AUTH_STATE_MAX_WAIT_MS } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  config,
  deferred,
  json,
  locationFilters,
  mockFetch,
  requestsTo,
  startupPaths,
} from '../../../test/fetch-mock';
import { waitForAuthState } from '../../state/auth-state';

const loader = () => screen.queryByRole('status', { name: 'Chargement' });
const topBar = () => screen.queryByRole('banner');

afterEach(() => {
  vi.useRealTimers();
});

describe('startup', () => {
  test('shows the loader until the startup calls answer, then the shell and the page', async () => {
    const held = deferred<Response>();
    mockFetch({ [startupPaths.config]: () => held.promise });
    renderApp('/');

    expect(loader()).toBeInTheDocument();
    expect(topBar()).not.toBeInTheDocument();

    held.resolve(json(config));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('asks for the contract countries without waiting for the config', () => {
    const held = deferred<Response>();
    const fetchMock = mockFetch({ [startupPaths.config]: () => held.promise });
    renderApp('/');
    expect(requestsTo(fetchMock, startupPaths.config)).toHaveLength(1);
    expect(requestsTo(fetchMock, startupPaths.contractCountries)).toHaveLength(1);
    // The filters and the structure need the config's customer and business unit.
    expect(requestsTo(fetchMock, startupPaths.filters)).toHaveLength(0);
  });

  test('falls back to /config.json when /config/config_web.json fails', async () => {
    const fetchMock = mockFetch({ [startupPaths.config]: () => apiError(503, 'SERVICE_UNAVAILABLE') });
    const { queryClient } = renderApp('/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(requestsTo(fetchMock, startupPaths.configFallback)).toHaveLength(1);
    expect(queryClient.getQueryData(['config'])).toEqual(config);
  });

  test('shows an error screen with a retry button when no config can be loaded, and retries', async () => {
    let configUp = false;
    const answer = () => (configUp ? json(config) : apiError(503, 'SERVICE_UNAVAILABLE'));
    mockFetch({ [startupPaths.config]: answer, [startupPaths.configFallback]: answer });
    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("L'application n'a pas pu démarrer");
    expect(topBar()).not.toBeInTheDocument();

    configUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('asks for the structure with the filters and the detected country', async () => {
    const fetchMock = mockFetch({ [startupPaths.filters]: () => json(locationFilters('DE')) });
    renderApp('/');
    await screen.findByRole('banner');
    const [url] = requestsTo(fetchMock, startupPaths.structure);
    expect(url?.searchParams.get('paymentMethodPreview')).toBe('false');
    expect(url?.searchParams.get('filters')).toBe('DEVICE:WEB');
    expect(url?.searchParams.get('allowedCountry')).toBe('DE');
    expect(url?.searchParams.get('client')).toBe('json');
  });

  test.each([
    ['the location is unknown', () => json(locationFilters(null))],
    ['the filters call fails', () => apiError(500, 'INTERNAL_ERROR')],
  ])('uses FR when %s', async (_case, answer) => {
    const fetchMock = mockFetch({ [startupPaths.filters]: answer });
    const { queryClient } = renderApp('/');
    await screen.findByRole('banner');
    const [url] = requestsTo(fetchMock, startupPaths.structure);
    expect(url?.searchParams.get('allowedCountry')).toBe('FR');
    expect(url?.searchParams.get('filters')).toBe('DEVICE:WEB');
    expect(
      queryClient.getQueryData(['structure', { filters: 'DEVICE:WEB', allowedCountry: 'FR' }]),
    ).toBeDefined();
  });

  test('keeps every startup answer in the query cache', async () => {
    mockFetch();
    const { queryClient } = renderApp('/');
    await screen.findByRole('banner');
    expect(queryClient.getQueryData(['config'])).toMatchObject({ customer: 'antenne', businessUnit: 'web' });
    expect(queryClient.getQueryData(['locationFilters'])).toMatchObject({ countryCode: 'FR' });
    expect(queryClient.getQueryData(['contractCountries'])).toHaveLength(1);
    expect(
      queryClient.getQueryData(['structure', { filters: 'DEVICE:WEB', allowedCountry: 'FR' }]),
    ).toMatchObject({ id: 'sandwich' });
  });

  test('the app is ready even when the structure and contract countries fail', async () => {
    mockFetch({
      [startupPaths.structure]: () => apiError(500, 'INTERNAL_ERROR'),
      [startupPaths.contractCountries]: () => apiError(404, 'NOT_FOUND'),
    });
    renderApp('/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });

  test("applies the config's theme colours as custom properties on the root", async () => {
    mockFetch();
    renderApp('/');
    await screen.findByRole('banner');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#00a19a');
    expect(style.getPropertyValue('--color-secondary')).toBe('#0a1f44');
    expect(style.getPropertyValue('--color-text')).toBe('#ffffff');
  });
});

/**
 * The fake clock moved on by `ms`, 10 ms at a time, the app answering in between: Preact's `act`
 * renders what a step asked for once the step is over (React's ran it as it went).
 */
async function advance(ms: number): Promise<void> {
  for (let done = 0; done < ms; done += 10)
    await act(() => vi.advanceTimersByTimeAsync(Math.min(10, ms - done)));
}

describe('waiting for the authentication state', () => {
  test('ends as soon as the session is read back: no 2.5 s delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch();
    renderApp('/');
    await advance(50);
    expect(topBar()).toBeInTheDocument();
    expect(loader()).not.toBeInTheDocument();
  });

  test('waits at most 2500 ms when the state never becomes known', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch();
    renderApp('/', { authState: waitForAuthState(new Promise(() => undefined)) });
    await advance(AUTH_STATE_MAX_WAIT_MS - 1);
    expect(loader()).toBeInTheDocument();
    expect(topBar()).not.toBeInTheDocument();
    await advance(10);
    expect(topBar()).toBeInTheDocument();
  });

  test('waitForAuthState resolves "known" early and "timed-out" at the bound', async () => {
    vi.useFakeTimers();
    await expect(waitForAuthState(Promise.resolve())).resolves.toBe('known');
    const never = waitForAuthState(new Promise(() => undefined), 2500);
    let outcome: string | undefined;
    void never.then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(2499);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('timed-out');
  });
});
