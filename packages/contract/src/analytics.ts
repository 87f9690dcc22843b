/**
 * Audience analytics (issue 17; spec part 2 §7, part 1 §9): the web app's batch of page,
 * category, search-result and media events, posted with the visitor's consent string. No TypeBox
 * here (the web app imports these values): the schemas are in analytics-schemas.ts.
 */

import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

export const analyticsPaths = {
  /** POST an AnalyticsEventBatch (JSON, also as text/plain from sendBeacon): 204. */
  events: (bu: BusinessUnitRef) => `${exposurePrefix('v2', bu)}/analytics/events`,
} as const;

/** The analytics calls' route patterns (the server's), keyed as `analyticsPaths`. */
export const analyticsPatterns = {
  events: { version: 'v2', pattern: '/analytics/events' },
} as const satisfies Record<string, ExposureRoute>;

/** Events in one batch, at most. */
export const ANALYTICS_MAX_EVENTS = 50;
/** A batch's body, at most (bytes): more is refused with 413. */
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;

/** The rich-media parameters fixed by the spec (part 2 §7 and §9, part 1 §9). */
export const RICH_MEDIA = {
  /** Rich-media player id. */
  playerId: 456,
  /** The level 2 (site section) id the media hits are counted under. */
  level2: 41,
  /** Tracking media refresh durations: from minute N of playback, a refresh every M seconds. */
  refreshDurations: { 0: 5, 1: 15, 5: 30, 10: 60 },
  /** Themes per media, at most. */
  maxThemes: 3,
} as const;

/**
 * A media event: the start, the quartiles of the heartbeat, the end, an error, and `refresh`
 * while the content plays (every refreshPeriodSeconds of playing time).
 */
export const MEDIA_EVENTS = ['start', '25', '50', '75', '100', 'end', 'error', 'refresh'] as const;
export type MediaEventName = (typeof MEDIA_EVENTS)[number];

/**
 * Seconds between two `refresh` media events after `playedSeconds` of playing time: the period of
 * the last step of RICH_MEDIA.refreshDurations reached (5 s in the first minute, 15 s until the
 * fifth, 30 s until the tenth, then 60 s).
 */
export function refreshPeriodSeconds(playedSeconds: number): number {
  const minutes = playedSeconds / 60;
  let period: number = RICH_MEDIA.refreshDurations[0];
  for (const [from, seconds] of Object.entries(RICH_MEDIA.refreshDurations))
    if (minutes >= Number(from)) period = seconds;
  return period;
}
