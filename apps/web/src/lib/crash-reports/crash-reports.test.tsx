import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as Sentry from '@sentry/browser';
import { CRASH_PAYLOAD_MAX_CHARS, crashPaths, type CrashReport } from '@antenne/contract';
import { config, mockFetch } from '../../../test/fetch-mock';
import { AppErrorBoundary } from '../../app/app-error-boundary';
import { RouteErrorBoundary } from '../../app/routes';
import { CONSENT_COOKIE, consentCookieValue } from '../analytics/consent';
import { configureCrashReports, installCrashReporter } from '.';
import { RELEASE } from './release';
import { capReport, CRASH_REPORTS_PER_MINUTE } from './reporter';
import * as runtime from './runtime';

/** The reporting code, already loaded (the app loads it on the first crash: one test below does). */
const loaded = () => Promise.resolve(runtime);

vi.mock('@sentry/browser', () => ({ init: vi.fn(), captureException: vi.fn() }));

const CRASH_PATH = crashPaths.crash(config);
const accept = () => (document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['analytics'])}; path=/`);
const refuse = () => (document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['advertising'])}; path=/`);

/** The crash reports the page posted so far, as sent. */
function sent(fetchMock: ReturnType<typeof mockFetch>): CrashReport[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === CRASH_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)) as CrashReport);
}

function throwInWindow(error: unknown) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
}

function rejectInWindow(reason: unknown) {
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
}

/** An error with a stack of its own (the same stack, the same fingerprint). */
function failure(message: string, frame = 'at render (https://antenne.example/assets/home-1a2b.js:10:20)') {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    ${frame}\n    at commit (https://antenne.example/assets/index.js:3:4)`;
  return error;
}

describe('crash reports (issue 17 item 5; spec part 1 §4, §9)', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let uninstall: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = mockFetch({ [CRASH_PATH]: () => new Response(null, { status: 204 }) });
    window.history.replaceState(null, '', '/details/film-1?q=secret#top');
    accept();
    uninstall = installCrashReporter(window, loaded);
    configureCrashReports(config);
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  test('an uncaught error is posted 1 s after it happened, not before, with the route (no query) and the release', async () => {
    throwInWindow(failure('x is undefined'));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent(fetchMock)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const [report] = sent(fetchMock);
    expect(report).toMatchObject({
      consent: expect.stringMatching(/^v1;analytics=1;advertising=0;at=\d+$/),
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      message: 'Error: x is undefined',
      stack: expect.stringContaining('at render'),
      route: '/details/film-1',
      release: RELEASE,
      kind: 'error',
    });
    const init = fetchMock.mock.calls.find(([input]) => String(input).includes(CRASH_PATH))?.[1];
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
  });

  test('an unhandled rejection is reported as one, with a thrown value that is not an Error', async () => {
    rejectInWindow('the network went away');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent(fetchMock)).toEqual([
      expect.objectContaining({ kind: 'unhandledrejection', message: 'the network went away' }),
    ]);
  });

  test('the same error twice, even at other lines and with other numbers, is one request; another error is another', async () => {
    throwInWindow(failure('item 12 missing'));
    throwInWindow(failure('item 13 missing', 'at render (https://antenne.example/assets/home-1a2b.js:99:1)'));
    await vi.advanceTimersByTimeAsync(1000);
    throwInWindow(failure('item 14 missing'));
    throwInWindow(failure('item 14 missing', 'at other (https://antenne.example/assets/home-1a2b.js:10:20)'));
    await vi.advanceTimersByTimeAsync(1000);
    const reports = sent(fetchMock);
    expect(reports.map((report) => report.message)).toEqual([
      'Error: item 12 missing',
      'Error: item 14 missing',
    ]);
    expect(reports[0]?.fingerprint).not.toBe(reports[1]?.fingerprint);
  });

  test('without audience-measurement consent no crash request leaves; withdrawn within the second, neither', async () => {
    refuse();
    throwInWindow(failure('refused'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent(fetchMock)).toEqual([]);

    accept();
    throwInWindow(failure('withdrawn'));
    await vi.advanceTimersByTimeAsync(500);
    refuse();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent(fetchMock)).toEqual([]);
  });

  test('the body is capped at 2048 characters: the stack is shortened first', async () => {
    const error = failure('too long');
    error.stack = `${error.stack}\n${'    at deep (https://antenne.example/assets/x.js:1:1)\n'.repeat(200)}`;
    throwInWindow(error);
    await vi.advanceTimersByTimeAsync(1000);
    const body = String(
      fetchMock.mock.calls.find(([input]) => String(input).includes(CRASH_PATH))?.[1]?.body,
    );
    expect(body.length).toBeLessThanOrEqual(CRASH_PAYLOAD_MAX_CHARS);
    expect(body.length).toBeGreaterThan(CRASH_PAYLOAD_MAX_CHARS - 10);
    expect(JSON.parse(body)).toMatchObject({
      message: 'Error: too long',
      stack: expect.stringContaining('at render'),
    });
  });

  test('a message alone too long is shortened, and never leaves half a surrogate pair', () => {
    const report: CrashReport = {
      consent: 'v1;analytics=1;advertising=0;at=1',
      fingerprint: '0123456789abcdef',
      message: '😀'.repeat(3000),
      stack: 'at x',
      route: '/',
      release: 'dev',
      kind: 'error',
    };
    const capped = capReport(report);
    expect(JSON.stringify(capped).length).toBeLessThanOrEqual(CRASH_PAYLOAD_MAX_CHARS);
    expect(capped.stack).toBeUndefined();
    expect(capped.message).toMatch(/^(😀)+$/u);
  });

  test(`at most ${CRASH_REPORTS_PER_MINUTE} reports a minute; the next minute another goes`, async () => {
    for (let i = 0; i < CRASH_REPORTS_PER_MINUTE + 2; i++) throwInWindow(failure(`defect ${'abcdefg'[i]}`));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent(fetchMock)).toHaveLength(CRASH_REPORTS_PER_MINUTE);
    await vi.advanceTimersByTimeAsync(60_000);
    throwInWindow(failure('defect later'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent(fetchMock)).toHaveLength(CRASH_REPORTS_PER_MINUTE + 1);
  });

  test('the reporting code is loaded on the first crash; its report still leaves no earlier than 1 s after the crash', async () => {
    uninstall();
    uninstall = installCrashReporter();
    configureCrashReports(config);
    const crashedAt = Date.now();
    throwInWindow(failure('loaded late'));
    await vi.waitFor(() => expect(sent(fetchMock)).toHaveLength(1), { timeout: 10_000 });
    expect(Date.now() - crashedAt).toBeGreaterThanOrEqual(1000);
    expect(sent(fetchMock)[0]).toMatchObject({ message: 'Error: loaded late', route: '/details/film-1' });
  });

  test('a crash before the config is known leaves once it is', async () => {
    uninstall();
    uninstall = installCrashReporter(window, loaded);
    throwInWindow(failure('early'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent(fetchMock)).toEqual([]);
    configureCrashReports(config);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(fetchMock)).toEqual([expect.objectContaining({ message: 'Error: early' })]);
  });

  test('an error boundary reports what it caught, kind boundary, with the route and the release', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw failure('the page broke');
    }
    render(
      <AppErrorBoundary locale="en">
        <Broken />
      </AppErrorBoundary>,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent(fetchMock)).toEqual([
      expect.objectContaining({
        kind: 'boundary',
        message: 'Error: the page broke',
        route: '/details/film-1',
        release: RELEASE,
      }),
    ]);
  });

  test('the route error boundary reports too, and its way-out page shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/search?q=private+words');
    function Broken(): never {
      throw failure('the search page broke');
    }
    const view = render(
      <RouteErrorBoundary pathname="/search">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(view.getByRole('alert')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent(fetchMock)).toEqual([
      expect.objectContaining({
        kind: 'boundary',
        message: 'Error: the search page broke',
        route: '/search',
      }),
    ]);
    expect(JSON.stringify(sent(fetchMock))).not.toContain('private');
  });

  test('with a Sentry DSN in the config the report goes to Sentry (loaded then), nothing to our server', async () => {
    const dsn = 'https://public@o1.ingest.sentry.io/1';
    configureCrashReports({ ...config, sentryDsn: dsn });
    const error = failure('to sentry');
    throwInWindow(error);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(Sentry.captureException).toHaveBeenCalledTimes(1));
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn, release: RELEASE, defaultIntegrations: false }),
    );
    expect(Sentry.captureException).toHaveBeenCalledWith(
      error,
      expect.objectContaining({ tags: { kind: 'error', route: '/details/film-1' } }),
    );
    expect(sent(fetchMock)).toEqual([]);
  });
});
