import { MINIMUM_AGE } from './accounts.js';

/**
 * What registration step 2 asks (spec part 1 §2, §3, §5): names, date of birth, sex, and the
 * country detected then. The web app sends them with the identity sign-up; the identity service
 * keeps them with the account and the first sign-in gives them to the household's main profile as
 * its preferences (`firstname`, `lastname`, `dateofbirth`, `gender`, `country`). The web app and
 * the server check them with the same rules, below.
 */

/** A first or last name holds at most this many characters. */
export const REGISTRATION_NAME_MAX_LENGTH = 100;
/** The sexes of the registration radio; '' when none is chosen. */
export const REGISTRATION_GENDERS = ['male', 'female'] as const;
export type RegistrationGender = (typeof REGISTRATION_GENDERS)[number] | '';

/** The sign-up body's registration fields (besides email, password, name, language). */
export interface RegistrationDetails {
  firstName: string;
  lastName: string;
  /** 8 digits, ddMMyyyy. */
  birthday: string;
  gender: RegistrationGender;
  /** ISO 3166 alpha-2, or ''. */
  country: string;
}

/** The date of birth holds this many digits, ddMMyyyy. */
export const BIRTHDAY_DIGITS = 8;

/** The date of 8 digits ddMMyyyy, or undefined when it is not a real date (from 1900 on). */
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

/** A registration field's value, cleaned, or what is wrong with it (the message names the field). */
export type FieldCheck = { value: string } | { problem: string };

const CONTROL = /\p{Cc}/u;
/** Half of a surrogate pair alone: text that is not well formed. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** First or last name: text of 1 to REGISTRATION_NAME_MAX_LENGTH characters, no control character. */
export function checkRegistrationName(field: 'firstName' | 'lastName', value: unknown): FieldCheck {
  if (typeof value !== 'string') return { problem: `${field}: expected text` };
  const name = value.trim();
  if (name === '') return { problem: `${field}: must not be blank` };
  if ([...name].length > REGISTRATION_NAME_MAX_LENGTH)
    return { problem: `${field}: at most ${REGISTRATION_NAME_MAX_LENGTH} characters` };
  if (CONTROL.test(name) || LONE_SURROGATE.test(name))
    return { problem: `${field}: control characters and broken text are not allowed` };
  return { value: name };
}

/** Date of birth: 8 digits ddMMyyyy, a real date, at least MINIMUM_AGE years ago. */
export function checkRegistrationBirthday(value: unknown, today: Date = new Date()): FieldCheck {
  if (typeof value !== 'string' || !/^\d{8}$/.test(value))
    return { problem: 'birthday: expected 8 digits, ddMMyyyy' };
  const date = parseBirthday(value);
  if (date === undefined) return { problem: 'birthday: not a real date' };
  if (ageOn(date, today) < MINIMUM_AGE)
    return { problem: `birthday: an account holder is at least ${MINIMUM_AGE}` };
  return { value };
}

export function checkRegistrationGender(value: unknown): FieldCheck {
  if (value === '' || (REGISTRATION_GENDERS as readonly unknown[]).includes(value))
    return { value: value as string };
  return { problem: `gender: expected ${REGISTRATION_GENDERS.join(' or ')} (or empty)` };
}

export function checkRegistrationCountry(value: unknown): FieldCheck {
  if (value === '' || (typeof value === 'string' && /^[A-Z]{2}$/.test(value)))
    return { value: value as string };
  return { problem: 'country: expected an ISO 3166 alpha-2 code (FR) or empty' };
}
