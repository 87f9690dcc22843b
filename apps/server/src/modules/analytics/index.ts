/** The analytics module: audience events in, the audience report and the JSON lines export out (see README.md). */
export { analyticsRoutes, type AnalyticsRoutesOptions } from './routes.js';
export { AnalyticsService, dayOf, type AnalyticsServiceOptions, type DayRange } from './service.js';
