import { describe, expect, test } from 'vitest';
import { refreshPeriodSeconds } from './analytics.js';

describe('the rich-media refresh durations (spec part 1 §9: {0:5, 1:15, 5:30, 10:60})', () => {
  test.each([
    [0, 5],
    [59, 5],
    [60, 15],
    [299, 15],
    [300, 30],
    [599, 30],
    [600, 60],
    [7200, 60],
  ])('after %i s of playing time, a refresh every %i s', (played, period) => {
    expect(refreshPeriodSeconds(played)).toBe(period);
  });
});
