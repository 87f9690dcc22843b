import { describe, expect, test } from 'vitest';
import { ageOn, birthdayDigits, formatBirthday, parseBirthday } from './birthday';
import { COUNTRY_CODES, countryOptions } from './settings-model';

describe('the birthday of the account settings', () => {
  test('keeps at most 8 digits and shows them as dd/MM/YYYY while typed', () => {
    expect(birthdayDigits('12/03/19901')).toBe('12031990');
    expect(formatBirthday('1')).toBe('1');
    expect(formatBirthday('123')).toBe('12/3');
    expect(formatBirthday('12031990')).toBe('12/03/1990');
  });

  test('reads only real dates', () => {
    expect(parseBirthday('12031990')).toEqual({ day: 12, month: 3, year: 1990 });
    expect(parseBirthday('31022000')).toBeUndefined();
    expect(parseBirthday('2902200')).toBeUndefined();
    expect(parseBirthday('29022000')).toEqual({ day: 29, month: 2, year: 2000 });
  });

  test('the age turns on the birthday itself', () => {
    const birthday = { day: 15, month: 6, year: 2010 };
    expect(ageOn(birthday, new Date(2026, 5, 14))).toBe(15);
    expect(ageOn(birthday, new Date(2026, 5, 15))).toBe(16);
  });
});

describe('the country list', () => {
  test('names every country in the reader’s language, sorted by name', () => {
    const french = countryOptions('fr');
    expect(french).toHaveLength(COUNTRY_CODES.length);
    expect(french.find((c) => c.code === 'SN')?.name).toBe('Sénégal');
    expect(countryOptions('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    const names = french.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });
});
