import type { ConfigWeb } from '@antenne/contract';
import { postCrashReport } from '../../api/crash-reports';
import { consentString, hasConsent } from '../analytics/consent';
import { RELEASE } from './release';
import { CrashReporter, capReport, type CapturedCrash, type CrashSink } from './reporter';
import { sentrySink } from './sentry';

/**
 * The crash reports' code that a page loads on its first crash only (index.ts imports it then):
 * the reporter with its consent check, fingerprint, cap and limits, and the sinks.
 */

export interface CrashRuntime {
  capture(crash: CapturedCrash): void;
  configure(config: ConfigWeb): void;
}

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

export function createCrashRuntime(userAgent: () => string | undefined): CrashRuntime {
  const reporter = new CrashReporter({
    release: RELEASE,
    consented: () => hasConsent('analytics'),
    userAgent,
  });
  return {
    capture: (crash) => void reporter.capture(crash),
    configure: (config) =>
      reporter.useSink(config.sentryDsn ? sentrySink(config.sentryDsn, RELEASE) : serverSink(config)),
  };
}
