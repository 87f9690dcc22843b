/**
 * The date of birth as the specification keeps it (part 1 §3, §5): 8 digits ddMMyyyy, shown
 * dd/MM/YYYY as they are typed. Registration and the account settings share these rules.
 */

/** At most this many birthday digits (a 9th is trimmed). */
export const BIRTHDAY_DIGITS = 8;

/** Keeps the digits of what was typed, at most 8 (a 9th is dropped). */
export const birthdayDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, BIRTHDAY_DIGITS);

/** `12031990` → `12/03/1990`, slashes added as the digits come (`123` → `12/3`). */
export function formatBirthday(digits: string): string {
  const d = birthdayDigits(digits);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join('/');
}

/** The date of 8 digits ddMMyyyy, or undefined when it is not a real date. */
export function parseBirthday(digits: string): { day: number; month: number; year: number } | undefined {
  if (!/^\d{8}$/.test(digits)) return undefined;
  const day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const year = Number(digits.slice(4, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined;
  return { day, month, year };
}

/** Whole years from the birthday to `today` (the birthday itself counts as the new year). */
export function ageOn(
  birthday: { day: number; month: number; year: number },
  today: Date = new Date(),
): number {
  const month = today.getMonth() + 1;
  const day = today.getDate();
  let age = today.getFullYear() - birthday.year;
  if (month < birthday.month || (month === birthday.month && day < birthday.day)) age -= 1;
  return age;
}
