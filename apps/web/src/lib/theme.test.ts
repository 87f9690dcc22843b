import { describe, expect, test } from 'vitest';
import { readableOn, themeProperties } from './theme';

describe('the text colour on the theme primary colour', () => {
  test('black on light or mid colours, white on dark ones (WCAG contrast)', () => {
    expect(readableOn('#00a3a6')).toBe('#000'); // the demo teal: 6.8:1 with black, 3.1:1 with white
    expect(readableOn('#ffd400')).toBe('#000');
    expect(readableOn('#12355b')).toBe('#fff');
    expect(readableOn('#000')).toBe('#fff');
  });

  test('a colour it cannot read falls back to black', () => {
    expect(readableOn('rgb(0, 0, 0)')).toBe('#000');
  });

  test('the theme properties carry it', () => {
    const properties = themeProperties({
      theme: {
        standard: {
          textColor: '#fff',
          backgroundColor: '#000',
          primaryColor: '#12355b',
          secondaryColor: '#00a3a6',
          logo: '',
        },
        custom: { homeMenu: { backgroundColor: '#000', highlightColor: '#fff' } },
      },
    } as unknown as Parameters<typeof themeProperties>[0]);
    expect(properties['--color-on-primary']).toBe('#fff');
  });
});
