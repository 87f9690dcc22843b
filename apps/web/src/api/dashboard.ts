import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  dashboardPaths,
  queryKeys,
  type ConfigWeb,
  type DashboardAccess,
  type DashboardReport,
} from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api, isApiError } from './client';
import { useStartup } from './use-startup';

/**
 * The staff dashboard's calls (issue 17, Antenne's own): whether the signed-in account may open it,
 * and its report over a span of UTC days (403 FORBIDDEN for an account without the staff role).
 */

/** `GET …/dashboard/access`. */
export function getDashboardAccess(
  config: ConfigWeb,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DashboardAccess> {
  return api.get<DashboardAccess>(dashboardPaths.access(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    signal,
  });
}

export const dashboardAccessQueryOptions = (config: ConfigWeb, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.dashboardAccess(token),
    queryFn: token ? ({ signal }) => getDashboardAccess(config, token, { signal }) : skipToken,
    staleTime: 5 * 60_000,
  });

/** Whether the signed-in account holds the staff role (nothing is asked for a visitor). */
export function useDashboardAccess() {
  const { config } = useStartup();
  const token = useUserToken();
  return useQuery(dashboardAccessQueryOptions(config, token));
}

/** `GET …/dashboard/report?from&to` (UTC days, inclusive). */
export function getDashboardReport(
  config: ConfigWeb,
  token: string,
  range: { from: string; to: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<DashboardReport> {
  return api.get<DashboardReport>(dashboardPaths.report(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    query: range,
    noCache: true,
    // A report over 90 days reads a lot of events: more than a catalogue read's 5 s.
    timeoutMs: 30_000,
    signal,
  });
}

export const dashboardReportQueryOptions = (
  config: ConfigWeb,
  token: string | null,
  range: { from: string; to: string },
) =>
  queryOptions({
    queryKey: queryKeys.dashboardReport(token, range.from, range.to),
    queryFn: token ? ({ signal }) => getDashboardReport(config, token, range, { signal }) : skipToken,
    // Another span keeps the last one on screen while it loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A refusal (403 for an account without the staff role) is an answer, not a failure to retry.
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.httpCode < 500),
  });

/** The report over `range` for the signed-in account. */
export function useDashboardReport(range: { from: string; to: string }) {
  const { config } = useStartup();
  const token = useUserToken();
  return useQuery(dashboardReportQueryOptions(config, token, range));
}
