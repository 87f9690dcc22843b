import {
  accountPaths,
  IDENTITY_FRESH_SESSION_SECONDS,
  identityPaths,
  NO_PASSWORD_CREDENTIALS,
  type ConfigWeb,
} from '@antenne/contract';
import { api } from './client';
import { IdentityError, identityRequest } from './identity';

/**
 * The signed-in account's own calls: the identity service (better-auth under /identity, same
 * origin, its session in a cookie) and Exposure's user calls with the session token.
 */

/** The refusals of a call whose Exposure session is missing or over (not a wrong password). */
const SESSION_CODES = new Set(['NO_SESSION_TOKEN', 'INVALID_SESSION_TOKEN']);

/**
 * A wrong current password: better-auth answers 400/401 INVALID_PASSWORD (or INVALID_EMAIL_OR_PASSWORD
 * on a re-sign-in); the server's own check of an email change 403 INCORRECT_CREDENTIALS.
 */
export function isWrongPassword(error: unknown): boolean {
  return (
    error instanceof IdentityError &&
    !SESSION_CODES.has(error.code) &&
    (error.code === 'INVALID_PASSWORD' ||
      error.code === 'INVALID_EMAIL_OR_PASSWORD' ||
      error.code === 'INCORRECT_CREDENTIALS' ||
      error.status === 401)
  );
}

/** The account-changing identity calls carry the Exposure session `token` (an unrestricted profile's: ADR 0012). */
export const changePassword = (currentPassword: string, newPassword: string, token: string | null) =>
  identityRequest(
    identityPaths.changePassword,
    'POST',
    { currentPassword, newPassword, revokeOtherSessions: false },
    token,
  );

/**
 * Starts the identity email change: a confirmation mail goes to the new address, whose link leads
 * to /login. The server checks the account `password` first (403 INCORRECT_CREDENTIALS when wrong).
 */
export const changeIdentityEmail = (newEmail: string, password: string, token: string | null) =>
  identityRequest(identityPaths.changeEmail, 'POST', { newEmail, password, callbackURL: '/login' }, token);

/** Deletes the identity user; refused (SESSION_EXPIRED …) when the sign-in is not recent. */
export const deleteIdentityUser = (token: string | null) =>
  identityRequest(identityPaths.deleteUser, 'POST', {}, token);

/**
 * Whether the identity sign-in is recent enough to delete the account (the identity service
 * refuses past IDENTITY_FRESH_SESSION_SECONDS): asked first, so a refusal deletes nothing.
 */
export async function isIdentitySignInRecent(now = Date.now()): Promise<boolean> {
  const body = await identityRequest<{ session?: { createdAt?: string } } | null>(
    identityPaths.getSession,
    'GET',
  ).catch((error: unknown) => {
    // A refusal says "not recent"; an unreachable server is a failure of its own.
    if (error instanceof IdentityError && error.status !== 0) return null;
    throw error;
  });
  return isRecentSignIn(Date.parse(body?.session?.createdAt ?? ''), now);
}

/**
 * Whether a sign-in at `createdAt` (ms) is recent enough for a deletion: within the identity
 * service's IDENTITY_FRESH_SESSION_SECONDS, less a minute (the deletion follows a few calls later).
 */
export function isRecentSignIn(createdAt: number, now = Date.now()): boolean {
  return Number.isFinite(createdAt) && now - createdAt < (IDENTITY_FRESH_SESSION_SECONDS - 60) * 1000;
}

/** `POST …/user/delete` (NO_PASSWORD credentials): the Exposure account is anonymised. */
export const deleteExposureUser = (config: ConfigWeb, token: string) =>
  api.post(accountPaths.userDelete(config), NO_PASSWORD_CREDENTIALS, {
    baseUrl: config.exposureBaseUrl,
    token,
  });

/** `PUT …/user/changeEmail`. */
export const changeExposureEmail = (config: ConfigWeb, token: string, newEmailAddress: string) =>
  api.put(
    accountPaths.changeEmail(config),
    { credentials: NO_PASSWORD_CREDENTIALS, newEmailAddress },
    { baseUrl: config.exposureBaseUrl, token },
  );
