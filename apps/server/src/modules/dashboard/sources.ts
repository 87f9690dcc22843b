import type { AdsReport, AudienceReport } from '@antenne/contract';
import { utcDaysFrom } from '../../lib/utc-days.js';

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
  return utcDaysFrom(from, to);
}
