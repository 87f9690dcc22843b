import type { TFunction } from 'i18next';

/** The error texts of the catalogue (spec part 1 §8) by the code of the failure. */
const KNOWN = {
  NETWORK: 'ERROR.NETWORK',
  NETWORK_ERROR: 'ERROR.NETWORK',
  TIMEOUT: 'ERROR.NETWORK',
  USER_ALREADY_EXISTS: 'ERROR.EMAIL_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'ERROR.EMAIL_EXISTS',
  TOO_MANY_REQUESTS: 'ERROR.TOO_MANY_ATTEMPTS_TRY_LATER',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'ERROR.TOO_MANY_ATTEMPTS_TRY_LATER',
  EMAIL_EXISTS: 'ERROR.EMAIL_EXISTS',
  OPERATION_NOT_ALLOWED: 'ERROR.OPERATION_NOT_ALLOWED',
  QUOTA_EXCEEDED: 'ERROR.QUOTA_EXCEEDED',
  SUSPENDED_HOUSEHOLD: 'ERROR.SUSPENDED_HOUSEHOLD',
  INACTIVE_HOUSEHOLD: 'ERROR.INACTIVE_HOUSEHOLD',
  INVALID_EMAIL: 'ERROR.ERROR_EMAIL_FORMAT',
  PASSWORD_TOO_SHORT: 'REGISTER.REGISTER_PASSWORD_RULES',
  PASSWORD_TOO_LONG: 'REGISTER.REGISTER_PASSWORD_RULES',
  // The page was opened at an address the server does not trust: PUBLIC_URL is to be set.
  UNTRUSTED_ORIGIN: 'ERROR.UNTRUSTED_ORIGIN',
} as const;

type Known = (typeof KNOWN)[keyof typeof KNOWN];

/** ERROR.{code} when the catalogue has it, else the generic text. */
export function translatedError(t: TFunction, code: string): string {
  const key: Known | 'ERROR.GENERIC' = (KNOWN as Record<string, Known>)[code] ?? 'ERROR.GENERIC';
  return t(key);
}
