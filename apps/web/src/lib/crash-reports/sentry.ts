import type * as SentryBrowser from '@sentry/browser';
import type { Crash, CrashSink } from './reporter';

/**
 * The Sentry sink (issue 17 item 5: an optional SENTRY_DSN sends the crash reports to Sentry
 * instead of our server). `@sentry/browser` is imported dynamically, on the first report, and
 * only when a DSN is configured: it is never in the initial bundle (e2e/tests/budget.test.ts).
 * Sentry is started without its default integrations: our reporter already listens to errors and
 * rejections, waits 1 s, asks for consent, de-duplicates and limits; Sentry only carries.
 */
export function sentrySink(dsn: string, release: string): CrashSink {
  let client: Promise<typeof SentryBrowser> | undefined;
  const load = () =>
    (client ??= import('@sentry/browser').then((Sentry) => {
      Sentry.init({ dsn, release, defaultIntegrations: false });
      return Sentry;
    }));
  return {
    async send({ report, error }: Crash) {
      const Sentry = await load();
      const thrown = error instanceof Error ? error : new Error(report.message);
      Sentry.captureException(thrown, {
        fingerprint: [report.fingerprint],
        tags: { kind: report.kind, route: report.route },
        level: 'error',
      });
    },
  };
}
