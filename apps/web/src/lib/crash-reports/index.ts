import type { ConfigWeb, CrashKind } from '@antenne/contract';
import { postCrashReport } from '../../api/crash-reports';
import { consentString, hasConsent } from '../analytics/consent';
import { RELEASE } from './release';
import { CrashReporter, capReport, type CrashSink } from './reporter';
import { sentrySink } from './sentry';

/**
 * Error reporting (issue 17 item 5; spec part 1 §4, §9; docs/crash-reports.md). Installed once by
 * the browser's start (start.tsx), never in a server render: uncaught errors and unhandled
 * rejections of the window, and what the React error boundaries catch (`reportCrash(error,
 * 'boundary')`), are reported 1 s later with the route and the release, only with the
 * audience-measurement consent, once per fingerprint, at most 5 a minute, capped at 2048
 * characters — to our server (POST …/analytics/crash), or to Sentry when the config carries a DSN.
 */

export { CRASH_REPORTS_PER_MINUTE, CrashReporter, capReport } from './reporter';
export { RELEASE } from './release';

let reporter: CrashReporter | undefined;

/** Our server's sink: the report with the consent string, capped, as a keepalive POST. */
export function serverSink(
  config: Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>,
): CrashSink {
  const target = {
    bu: { customer: config.customer, businessUnit: config.businessUnit },
    baseUrl: config.exposureBaseUrl,
  };
  return {
    send: ({ report }) => postCrashReport(capReport({ ...report, consent: consentString() }), target),
  };
}

/**
 * Listens to the window's uncaught errors and unhandled rejections; returns the uninstall. Reports
 * wait for `configureCrashReports` (the app's config says where they go).
 */
export function installCrashReporter(win: Window = window): () => void {
  const installed = new CrashReporter({
    release: RELEASE,
    consented: () => hasConsent('analytics'),
    route: () => win.location.pathname,
    userAgent: () => win.navigator.userAgent,
  });
  reporter = installed;
  const onError = (event: ErrorEvent) => {
    // A resource that failed to load, or a cross-origin script's opaque "Script error.": nothing to tell.
    if (event.error === undefined || event.error === null) {
      if (!event.message || event.message === 'Script error.') return;
      installed.capture(event.message, 'error');
      return;
    }
    installed.capture(event.error, 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => installed.capture(event.reason, 'unhandledrejection');
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    if (reporter === installed) reporter = undefined;
  };
}

/** The app's config is known: reports go to Sentry when it carries a DSN, else to our server. */
export function configureCrashReports(config: ConfigWeb): void {
  reporter?.useSink(config.sentryDsn ? sentrySink(config.sentryDsn, RELEASE) : serverSink(config));
}

/** A crash an error boundary caught (kind 'boundary'); nothing before the reporter is installed (a server render). */
export function reportCrash(error: unknown, kind: CrashKind = 'boundary'): void {
  reporter?.capture(error, kind);
}
