import type { ConfigWeb, CrashKind } from '@antenne/contract';
import type { CapturedCrash } from './reporter';
import type { CrashRuntime } from './runtime';

/**
 * Error reporting (issue 17 item 5; spec part 1 §4, §9; docs/crash-reports.md). Installed once by
 * the browser's start (start.tsx), never in a server render: uncaught errors and unhandled
 * rejections of the window, and what the React error boundaries catch (`reportCrash(error,
 * 'boundary')`), are reported 1 s later with the route and the release, only with the
 * audience-measurement consent, once per fingerprint, at most 5 a minute, capped at 2048
 * characters — to our server (POST …/analytics/crash), or to Sentry when the config carries a DSN.
 *
 * This file is all the first screen carries (a few hundred bytes): it notes the crash, its route
 * and time, and loads the rest (runtime.ts: consent, fingerprint, cap, limits, sinks) on the first
 * crash only; the report still leaves 1 s after the crash itself.
 */

type LoadRuntime = () => Promise<{ createCrashRuntime(userAgent: () => string | undefined): CrashRuntime }>;

interface Installed {
  win: Window;
  load: LoadRuntime;
  runtime?: Promise<CrashRuntime>;
  config?: ConfigWeb;
}

let installed: Installed | undefined;

function runtimeOf(current: Installed): Promise<CrashRuntime> {
  current.runtime ??= current.load().then(({ createCrashRuntime }) => {
    const runtime = createCrashRuntime(() => current.win.navigator.userAgent);
    if (current.config) runtime.configure(current.config);
    return runtime;
  });
  return current.runtime;
}

function capture(current: Installed, thrown: unknown, kind: CrashKind): void {
  const crash: CapturedCrash = { thrown, kind, route: current.win.location.pathname, at: Date.now() };
  runtimeOf(current).then(
    (runtime) => runtime.capture(crash),
    () => {
      // The reporting code could not load (offline): nothing to report with; the next crash tries again.
      current.runtime = undefined;
    },
  );
}

/**
 * Listens to the window's uncaught errors and unhandled rejections; returns the uninstall. Reports
 * wait for `configureCrashReports` (the app's config says where they go). `load` is for tests.
 */
export function installCrashReporter(
  win: Window = window,
  load: LoadRuntime = () => import('./runtime'),
): () => void {
  const current: Installed = { win, load };
  installed = current;
  const onError = (event: ErrorEvent) => {
    // A resource that failed to load, or a cross-origin script's opaque "Script error.": nothing to tell.
    if (event.error === undefined || event.error === null) {
      if (event.message && event.message !== 'Script error.') capture(current, event.message, 'error');
      return;
    }
    capture(current, event.error, 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => capture(current, event.reason, 'unhandledrejection');
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    if (installed === current) installed = undefined;
  };
}

/** The app's config is known: reports go to Sentry when it carries a DSN, else to our server. */
export function configureCrashReports(config: ConfigWeb): void {
  if (!installed) return;
  installed.config = config;
  const current = installed;
  if (current.runtime) void current.runtime.then((runtime) => runtime.configure(config));
}

/** A crash an error boundary caught (kind 'boundary'); nothing before the reporter is installed (a server render). */
export function reportCrash(error: unknown, kind: CrashKind = 'boundary'): void {
  if (installed) capture(installed, error, kind);
}
