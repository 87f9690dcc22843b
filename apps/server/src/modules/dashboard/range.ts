import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, type DashboardReportQuery } from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';
import { DAY_MS, utcDay } from '../../lib/utc-days.js';
import type { DayRange } from './sources.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export { utcDay };

/** The day `days` days after `day` (before, when negative). */
function shift(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** A calendar day written YYYY-MM-DD (2026-02-30 is not one), else 400 naming the field. */
function dayOf(field: 'from' | 'to', value: string): string {
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || shift(value, 0) !== value)
    throw new ApiError(400, 'BAD_REQUEST', `${field}: not a day (YYYY-MM-DD)`);
  return value;
}

/**
 * The span a report request asks for: `from` and `to` inclusive, by default the last
 * DASHBOARD_DEFAULT_DAYS days up to `today` (one given alone: the other from it). 400 naming the
 * field when a day is malformed, `from` is after `to`, or the span is longer than DASHBOARD_MAX_DAYS.
 */
export function reportRange(query: DashboardReportQuery, today: string): DayRange {
  const to = query.to === undefined ? undefined : dayOf('to', query.to);
  const from = query.from === undefined ? undefined : dayOf('from', query.from);
  const end = to ?? (from === undefined ? today : maxDay(today, from));
  const start = from ?? shift(end, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (start > end) throw new ApiError(400, 'BAD_REQUEST', `from: ${start} is after to (${end})`);
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
  if (days > DASHBOARD_MAX_DAYS)
    throw new ApiError(400, 'BAD_REQUEST', `to: the span is ${days} days, at most ${DASHBOARD_MAX_DAYS}`);
  return { from: start, to: end };
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}
