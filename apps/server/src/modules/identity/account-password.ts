import { isAPIError } from 'better-auth/api';
import { ApiError } from '../../lib/errors.js';
import type { AccountPasswordCheck } from '../accounts/index.js';
import type { Identity } from './auth.js';

/**
 * The account password, checked by the identity service itself (better-auth's server-only
 * `verifyPassword`, which reads the password of the caller's identity session): the accounts
 * module asks it before a PIN is changed without the current PIN (ADR 0012). The identity
 * session (its cookie, which the browser sends with every same-origin call) must be the
 * household's own; without one the password cannot be checked.
 */
export function createAccountPasswordCheck(identity: Identity): AccountPasswordCheck {
  return async ({ identityUserId, password, identityCookie }) => {
    const headers = new Headers();
    if (identityCookie !== undefined && identityCookie !== '') headers.set('cookie', identityCookie);
    const session = headers.has('cookie') ? await identity.api.getSession({ headers }) : null;
    if (session?.user.id !== identityUserId) {
      throw new ApiError(
        403,
        'INCORRECT_CREDENTIALS',
        'currentPassword: no identity session of this account to check it against (sign in again), or send currentPinCode',
      );
    }
    try {
      await identity.api.verifyPassword({ body: { password }, headers });
      return true;
    } catch (error) {
      // INVALID_PASSWORD (and "no password credential" for an account made with a social provider).
      if (isAPIError(error) && error.status === 'BAD_REQUEST') return false;
      throw error;
    }
  };
}

/** Whether the identity user has a password (an account made with a social or OpenID Connect sign-in has none). */
export async function hasAccountPassword(identity: Identity, identityUserId: string): Promise<boolean> {
  const context = await identity.$context;
  const accounts = await context.internalAdapter.findAccounts(identityUserId);
  return accounts.some(
    (account) =>
      account.providerId === 'credential' && typeof account.password === 'string' && account.password !== '',
  );
}
