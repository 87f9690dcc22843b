/** UTC days (YYYY-MM-DD), as the audience, ad, crash and dashboard figures count them. */

export const DAY_MS = 86_400_000;

/** The UTC day of an instant (ms since the epoch). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every UTC day from `from` to `to` (both YYYY-MM-DD, inclusive), oldest first. */
export function utcDaysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(utcDay(at));
  }
  return days;
}
