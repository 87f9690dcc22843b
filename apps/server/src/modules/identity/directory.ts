import type { RegistrationDetails } from '@antenne/contract';
import type { Identity } from './auth.js';
import { registrationOf } from './registration.js';

/** What the identity service knows of one of its users that other modules may ask. */
export interface IdentityUserRecord {
  /** The sign-in address (lower case, as better-auth keeps it). */
  email: string;
  /** Whether that address was verified (sign-up link, or a confirmed email change). */
  emailVerified: boolean;
  /** The details typed at registration, when the sign-up sent them. */
  registration?: RegistrationDetails;
}

/**
 * Looks an identity user up through better-auth's own adapter (no SQL of its tables elsewhere):
 * how the accounts module learns the verified address and the registration details.
 */
export function createIdentityDirectory(identity: Identity) {
  return async (identityUserId: string): Promise<IdentityUserRecord | undefined> => {
    const context = await identity.$context;
    const user = (await context.internalAdapter.findUserById(identityUserId)) as
      (Record<string, unknown> & { email: string; emailVerified: boolean }) | null;
    if (user === null) return undefined;
    const registration = registrationOf(user);
    return {
      email: user.email,
      emailVerified: user.emailVerified === true,
      ...(registration ? { registration } : {}),
    };
  };
}
