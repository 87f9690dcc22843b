/** The staff dashboard module (issue 17): the staff role and the composed report (see README.md). */
export { dashboardRoutes, type DashboardRoutesOptions } from './routes.js';
export { DashboardService, setStaffRole, StaffGrantError, composeReport } from './service.js';
export {
  daysOf,
  type AdsSource,
  type AudienceSource,
  type CrashSource,
  type DashboardSources,
  type DayRange,
} from './sources.js';
