import type { AdsReport, AudienceReport } from '@antenne/contract';

/**
 * What the dashboard reads, from the modules that own the data (issue 17). Plain interfaces: the
 * dashboard depends on these shapes, not on the modules, and app.ts hands it the real ones.
 */

/** The span of a report: UTC days, inclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The analytics module's report: everything but the ads. Its `errors[].crashes` are 0 and its
 * `crashes` empty — crash reports are the crashes source's, merged in by the dashboard.
 */
export interface AudienceSource {
  report(range: DayRange): Promise<AudienceReport>;
}

/** The crash reports module's: crash reports per day and grouped by fingerprint. */
export interface CrashSource {
  report(
    range: DayRange,
  ): Promise<{ daily: { day: string; crashes: number }[]; crashes: AudienceReport['crashes'] }>;
}

/** The display-ads module's: slots served, viewable impressions, clicks. */
export interface AdsSource {
  report(range: DayRange): Promise<AdsReport>;
}

export interface DashboardSources {
  audience: AudienceSource;
  crashes: CrashSource;
  ads: AdsSource;
}

/** Every UTC day of the span, oldest first. */
export function daysOf({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/*
 * ─── THE SEAM THE LEAD REPLACES AT MERGE ─────────────────────────────────────────────────────
 * The analytics, crash-report and display-ads modules are built on other branches (issue 17,
 * Deliver 2, 3 and 5). Until they are merged, app.ts wires the dashboard to these sources, which
 * report that nothing was recorded: zero rows for each day of the span, no titles, no crashes, no
 * ads. They are not sample data. At merge, app.ts passes the real modules' services instead
 * (`AnalyticsService`, `CrashesService`, the display ads' report) and this block is deleted.
 */
export const NOT_YET_MERGED_SOURCES: DashboardSources = {
  audience: {
    report: async (range) => {
      const days = daysOf(range);
      return {
        daily: days.map((day) => ({ day, visitors: 0, pageViews: 0, plays: 0 })),
        topTitles: [],
        topChannels: [],
        completion: { started: 0, p25: 0, p50: 0, p75: 0, p100: 0 },
        emptySearches: [],
        errors: days.map((day) => ({ day, playbackErrors: 0, crashes: 0 })),
        crashes: [],
      };
    },
  },
  crashes: {
    report: async (range) => ({ daily: daysOf(range).map((day) => ({ day, crashes: 0 })), crashes: [] }),
  },
  ads: {
    report: async (range) => ({
      served: 0,
      impressions: 0,
      clicks: 0,
      viewableRate: 0,
      daily: daysOf(range).map((day) => ({ day, served: 0, impressions: 0, clicks: 0 })),
    }),
  },
};
