/** The crashes module: the web app's crash reports, stored per day and fingerprint (see README.md). */
export { crashesRoutes, type CrashesRoutesOptions } from './routes.js';
export {
  CRASH_REPORT_TOP,
  CrashesService,
  type CrashesReport,
  type CrashesServiceOptions,
} from './service.js';
