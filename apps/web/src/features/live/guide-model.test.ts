import { describe, expect, test } from 'vitest';
import { DAY_MS, utcSpanOf } from './guide-model';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-03-10T20:15:00Z');

describe('the UTC dates a local day is read from', () => {
  test('one date in UTC, two away from it', () => {
    expect(utcSpanOf(at('2026-03-10T00:00:00Z'), at('2026-03-11T00:00:00Z'), NOW)).toEqual({
      date: '2026-03-10',
      days: 1,
    });
    // Paris (UTC+1): 23:00 the day before to 23:00.
    expect(utcSpanOf(at('2026-03-09T23:00:00Z'), at('2026-03-10T23:00:00Z'), NOW)).toEqual({
      date: '2026-03-09',
      days: 2,
    });
  });

  test('never beyond the schedule window of ±7 days around today (UTC)', () => {
    // Montreal (UTC−5), today + 7: 05:00 on the 17th to 05:00 on the 18th — the 18th is outside.
    const montreal = at('2026-03-17T05:00:00Z');
    expect(utcSpanOf(montreal, montreal + DAY_MS, NOW)).toEqual({ date: '2026-03-17', days: 1 });
    // Beirut (UTC+2), today − 7: 22:00 on the 2nd to 22:00 on the 3rd — the 2nd is outside.
    const beirut = at('2026-03-02T22:00:00Z');
    expect(utcSpanOf(beirut, beirut + DAY_MS, NOW)).toEqual({ date: '2026-03-03', days: 1 });
  });
});
