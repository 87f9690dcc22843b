import { crashPaths, type BusinessUnitRef, type CrashReport } from '@antenne/contract';
import { apiRequest } from './client';

/** Where the crash reports go: the config's business unit and API base URL. */
export interface CrashReportTarget {
  bu: BusinessUnitRef;
  baseUrl: string;
}

/**
 * POST …/analytics/crash (issue 17 item 5): one crash report, as a keepalive fetch (it outlives a
 * page that the crash made the visitor leave). Resolves on the server's 204.
 */
export async function postCrashReport(
  report: CrashReport,
  { bu, baseUrl }: CrashReportTarget,
): Promise<void> {
  await apiRequest<undefined>(crashPaths.crash(bu), {
    method: 'POST',
    body: report,
    baseUrl,
    keepalive: true,
    lenientBody: true,
  });
}
