import { describe, expect, test } from 'vitest';
import { isLocaleTag, LOCALE_TAG_MAX } from './locale-tag.js';

describe('isLocaleTag', () => {
  const valid = ['en', 'FR', 'fr-CA', 'pt-BR', 'zh-Hant-TW', 'de-CH-1996', 'ar-u-nu-latn', 'sr-Latn', 'und'];
  const junk = [
    'x',
    '12',
    'en-',
    'a b',
    'ü',
    '',
    'en_GB',
    '-en',
    'en--GB',
    'de-1996-1996',
    'en,fr',
    'x'.repeat(36),
  ];

  test.each(valid)('%s is a tag, and every Intl service takes it', (tag) => {
    expect(isLocaleTag(tag)).toBe(true);
    expect(() => 'a'.localeCompare('b', tag)).not.toThrow();
    expect(() => new Intl.DateTimeFormat(tag).format(0)).not.toThrow();
    expect(() => new Intl.DisplayNames([tag], { type: 'language' })).not.toThrow();
    expect(() => 'i'.toLocaleUpperCase(tag)).not.toThrow();
  });

  test.each(junk)('%j is not: Intl would throw a RangeError (or it is too long)', (value) => {
    expect(isLocaleTag(value)).toBe(false);
    if (value.length <= LOCALE_TAG_MAX) expect(() => new Intl.Collator(value)).toThrow(RangeError);
  });
});
