/**
 * The date of birth as the specification keeps it (part 1 §3, §5): 8 digits ddMMyyyy, shown
 * dd/MM/YYYY as they are typed. Registration and the account settings share these rules.
 */

import { BIRTHDAY_DIGITS } from '@antenne/contract';

/** The date and age rules are the contract's: the server checks a sign-up's birthday with them too. */
export { ageOn, BIRTHDAY_DIGITS, parseBirthday } from '@antenne/contract';

/** Keeps the digits of what was typed, at most 8 (a 9th is dropped). */
export const birthdayDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, BIRTHDAY_DIGITS);

/** `12031990` → `12/03/1990`, slashes added as the digits come (`123` → `12/3`). */
export function formatBirthday(digits: string): string {
  const d = birthdayDigits(digits);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join('/');
}
