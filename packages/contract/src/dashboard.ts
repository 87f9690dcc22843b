import { Type, type Static } from 'typebox';

/**
 * The staff dashboard's report (issue 17): what the audience did over a span of days (UTC,
 * inclusive). The analytics module answers everything but `ads` (its events and crash reports),
 * the display-ads module answers `ads`; the dashboard module puts them together for staff only.
 */

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a UTC day, YYYY-MM-DD' });
const Count = Type.Integer({ minimum: 0 });

export const AudienceReportSchema = Type.Object(
  {
    /** One row per day of the span, oldest first, zeros included. */
    daily: Type.Array(
      Type.Object({
        day: Day,
        /** Distinct anonymous visitors who sent at least one event. */
        visitors: Count,
        pageViews: Count,
        /** Media starts. */
        plays: Count,
      }),
    ),
    /** Most started titles (not channels), most first, at most 10. */
    topTitles: Type.Array(Type.Object({ assetId: Type.String(), title: Type.String(), plays: Count })),
    /** Most started live channels, most first, at most 10. */
    topChannels: Type.Array(Type.Object({ channelId: Type.String(), title: Type.String(), plays: Count })),
    /** Media sessions that started and that reached each quartile. */
    completion: Type.Object({ started: Count, p25: Count, p50: Count, p75: Count, p100: Count }),
    /** Searches that answered no result, most asked first, at most 20. */
    emptySearches: Type.Array(Type.Object({ query: Type.String(), count: Count })),
    /** Playback errors (media error events) and crash reports per day, oldest first. */
    errors: Type.Array(Type.Object({ day: Day, playbackErrors: Count, crashes: Count })),
    /** Crash reports grouped by fingerprint, most frequent first, at most 50. */
    crashes: Type.Array(
      Type.Object({
        fingerprint: Type.String(),
        message: Type.String(),
        route: Type.String(),
        release: Type.String(),
        count: Count,
        firstSeen: Type.String({ format: 'date-time' }),
        lastSeen: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { $id: 'AudienceReport', title: 'AudienceReport' },
);
export type AudienceReport = Static<typeof AudienceReportSchema>;

export const AdsReportSchema = Type.Object(
  {
    /** Creatives delivered into a slot. */
    served: Count,
    /** Viewable impressions: ≥ 50 % of the slot in view for 1 s (IAB). */
    impressions: Count,
    clicks: Count,
    /** impressions / served (0 when nothing was served). */
    viewableRate: Type.Number({ minimum: 0, maximum: 1 }),
    daily: Type.Array(Type.Object({ day: Day, served: Count, impressions: Count, clicks: Count })),
  },
  { $id: 'AdsReport', title: 'AdsReport' },
);
export type AdsReport = Static<typeof AdsReportSchema>;

export const DashboardReportSchema = Type.Object(
  { from: Day, to: Day, ...AudienceReportSchema.properties, ads: AdsReportSchema },
  { $id: 'DashboardReport', title: 'DashboardReport' },
);
export type DashboardReport = Static<typeof DashboardReportSchema>;

/** A report spans at most this many days. */
export const DASHBOARD_MAX_DAYS = 92;

/** GET …/dashboard/report: the span; without them, the last 30 days up to today (UTC). */
export const DashboardReportQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 10, description: 'first day, YYYY-MM-DD (UTC)' })),
  to: Type.Optional(Type.String({ maxLength: 10, description: 'last day, YYYY-MM-DD (UTC), inclusive' })),
});
export type DashboardReportQuery = Static<typeof DashboardReportQuerySchema>;

/** GET …/dashboard/access: whether the signed-in account holds the staff role. */
export const DashboardAccessSchema = Type.Object(
  { staff: Type.Boolean() },
  { $id: 'DashboardAccess', title: 'DashboardAccess' },
);
export type DashboardAccess = Static<typeof DashboardAccessSchema>;
