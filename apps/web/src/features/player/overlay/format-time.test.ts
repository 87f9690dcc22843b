import { describe, expect, test } from 'vitest';
import { formatTime } from './format-time';

describe('formatTime', () => {
  test('m:ss under an hour, h:mm:ss from an hour on', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(83.9)).toBe('1:23');
    expect(formatTime(2400)).toBe('40:00');
    expect(formatTime(3600 + 62)).toBe('1:01:02');
  });

  test('reads 0:00 for unknown or endless durations', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-5)).toBe('0:00');
  });
});
