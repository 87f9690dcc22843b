import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The spans the page offers, in days up to today (UTC) included. */
export const RANGE_CHOICES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_CHOICES)[number];

const DAY_MS = 86_400_000;

/** The UTC day of an instant, YYYY-MM-DD (the report's days are UTC). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `days` days up to the UTC day of `now`, both ends included. */
export function rangeEndingToday(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** A YYYY-MM-DD day as the Date of its UTC midnight. */
export const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

export interface Formatters {
  number(value: number): string;
  percent(ratio: number): string;
  /** A day in a chart's axis: "23 nov.". */
  shortDay(day: string): string;
  /** A day in a table: "lun. 23 nov. 2026". */
  day(day: string): string;
  /** A day in a sentence: "23 novembre 2026". */
  longDay(day: string): string;
  /** An instant (ISO date-time), in UTC. */
  dateTime(iso: string): string;
}

/** Numbers and dates in the page's language (Intl), days in UTC as the report counts them. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const shortDay = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    return {
      number: (value) => number.format(value),
      percent: (ratio) => percent.format(ratio),
      shortDay: (value) => shortDay.format(dayDate(value)),
      day: (value) => day.format(dayDate(value)),
      longDay: (value) => longDay.format(dayDate(value)),
      dateTime: (iso) => dateTime.format(new Date(iso)),
    };
  }, [language]);
}

/** started → 0; else part / whole. */
export const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
