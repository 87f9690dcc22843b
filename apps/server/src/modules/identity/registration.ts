import {
  checkRegistrationBirthday,
  checkRegistrationCountry,
  checkRegistrationGender,
  checkRegistrationName,
  type FieldCheck,
  type RegistrationDetails,
} from '@antenne/contract';

/**
 * The registration details (contract registration.ts) as better-auth `additionalFields` of the
 * identity user: sent with the sign-up, checked there (400 VALIDATION_ERROR naming the field),
 * stored in `identity_user` (migration 2026-11-24-006), never returned in the identity's answers.
 * The first sign-in gives them to the household's main profile (accounts service).
 */

/** better-auth runs a Standard Schema validator on each field a sign-up sends. */
function validator(check: (value: unknown) => FieldCheck) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'antenne',
      validate: (value: unknown) => {
        const result = check(value);
        return 'problem' in result ? { issues: [{ message: result.problem }] } : { value: result.value };
      },
    },
  };
}

const field = (check: (value: unknown) => FieldCheck) => ({
  type: 'string' as const,
  required: false,
  input: true,
  returned: false,
  validator: { input: validator(check) },
});

export const REGISTRATION_FIELDS = {
  firstName: field((value) => checkRegistrationName('firstName', value)),
  lastName: field((value) => checkRegistrationName('lastName', value)),
  birthday: field((value) => checkRegistrationBirthday(value)),
  gender: field(checkRegistrationGender),
  country: field(checkRegistrationCountry),
};

/** The details stored with an identity user, when its sign-up sent any. */
export function registrationOf(user: Record<string, unknown>): RegistrationDetails | undefined {
  const text = (key: keyof RegistrationDetails) =>
    typeof user[key] === 'string' ? (user[key] as string) : '';
  const details: RegistrationDetails = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    birthday: text('birthday'),
    gender:
      'value' in checkRegistrationGender(text('gender'))
        ? (text('gender') as RegistrationDetails['gender'])
        : '',
    country: text('country'),
  };
  return Object.values(details).some((value) => value !== '') ? details : undefined;
}
