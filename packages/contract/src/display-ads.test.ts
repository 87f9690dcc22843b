import { describe, expect, test } from 'vitest';
import { adSizeClass } from './display-ads.js';

describe('adSizeClass (spec part 2 §9)', () => {
  test.each([
    [320, 'small'],
    [640, 'small'],
    [641, 'medium'],
    [1024, 'medium'],
    [1025, 'large'],
    [1200, 'large'],
    [1201, 'xlarge'],
    [2560, 'xlarge'],
  ])('a window %i px wide is %s', (width, size) => {
    expect(adSizeClass(width)).toBe(size);
  });
});
