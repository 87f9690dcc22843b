import { IDENTITY_FRESH_SESSION_SECONDS } from '@antenne/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { AccountPasswordCheck, WrongPinLimiter } from '../accounts/index.js';
import { hasAccountPassword } from './account-password.js';
import type { Identity } from './auth.js';

/**
 * An email change (`POST /identity/change-email`) needs the account password (spec part 1 §4):
 * its identity cookie alone — up to 7 days old, in any signed-in browser — would let whoever holds
 * the browser move the address to their own, then reset the password (ADR 0012). better-auth asks
 * for nothing more than the cookie, so the sensitive-call guard (sensitive-guard.ts) asks here,
 * after its bearer check.
 */

export interface EmailChangeDeps {
  identity: Identity;
  /** The household's count of wrong PINs and passwords (accounts' WrongPinLimiter, one per app). */
  pinAttempts: WrongPinLimiter;
  /** The account password, checked by the identity service for the cookie's user (account-password.ts). */
  checkPassword: AccountPasswordCheck;
  clock?: () => number;
}

/**
 * The `password` of the call's body, taken out of it: better-auth never sees it (its change-email
 * takes no password). Undefined when there is none (or the body is no object).
 */
export function takeEmailChangePassword(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.hasOwn(body, 'password'))
    return undefined;
  const { password, ...rest } = body as Record<string, unknown>;
  request.body = rest;
  return password;
}

/**
 * The proof an email change needs, for the identity session's user: the account password when
 * the account has one — 400 BAD_REQUEST without it, 403 INCORRECT_CREDENTIALS when wrong, counted
 * with the household's wrong PINs (429 TOO_MANY_REQUESTS past them) — else (an account made with
 * a social or OpenID Connect sign-in) a sign-in younger than IDENTITY_FRESH_SESSION_SECONDS, as
 * the identity's delete-user asks (400 SESSION_EXPIRED).
 */
export async function proveEmailChange(
  { identity, pinAttempts, checkPassword, clock = Date.now }: EmailChangeDeps,
  call: {
    session: { user: { id: string }; session: { createdAt: Date | string } };
    password: unknown;
    identityCookie: string;
    /** The household of the identity, when it has one (its count of wrong attempts); else the identity's own. */
    householdId: string | undefined;
  },
): Promise<void> {
  const identityUserId = call.session.user.id;
  if (!(await hasAccountPassword(identity, identityUserId))) {
    const signedInAt = new Date(call.session.session.createdAt).getTime();
    if (!(clock() - signedInAt < IDENTITY_FRESH_SESSION_SECONDS * 1000)) {
      throw new ApiError(
        400,
        'SESSION_EXPIRED',
        'changing the email of an account without a password needs a recent sign-in: sign in again',
      );
    }
    return;
  }
  const password = call.password;
  if (typeof password !== 'string' || password === '') {
    throw new ApiError(400, 'BAD_REQUEST', 'password: the account password is needed to change the email');
  }
  const matches = await pinAttempts.attempt(call.householdId ?? `identity:${identityUserId}`, () =>
    checkPassword({ identityUserId, password, identityCookie: call.identityCookie }),
  );
  if (!matches) throw new ApiError(403, 'INCORRECT_CREDENTIALS', 'password: wrong password');
}
