/**
 * The staff dashboard's calls (no TypeBox here: the web app's settings page reads these; the
 * schemas are in dashboard.ts). Antenne's own, under the Exposure prefix, shaped as the personal
 * calls: a bearer session; the report for staff only, 403 FORBIDDEN for any other account.
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

const v2 = (bu: BusinessUnitRef) => exposurePrefix('v2', bu);

export const dashboardPaths = {
  /** GET ?from&to (YYYY-MM-DD, UTC, inclusive): DashboardReport; staff only. */
  report: (bu: BusinessUnitRef) => `${v2(bu)}/dashboard/report`,
  /** GET: DashboardAccess — whether the signed-in account may open the dashboard. */
  access: (bu: BusinessUnitRef) => `${v2(bu)}/dashboard/access`,
} as const;

export const dashboardPatterns = {
  report: { version: 'v2', pattern: '/dashboard/report' },
  access: { version: 'v2', pattern: '/dashboard/access' },
} as const satisfies Record<string, ExposureRoute>;

/** The span a report covers when the request names none: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
