import { IDENTITY_BASE_PATH, identityPaths } from '@antenne/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/transaction.js';
import { requireUnrestrictedBearer } from '../accounts/index.js';
import { proveEmailChange, takeEmailChangePassword, type EmailChangeDeps } from './email-change.js';

/**
 * The identity service's calls that change or delete the account, or the ways to sign in to it.
 * Its cookie is the household's
 * on a family browser, whichever profile is watching: so these also need the Exposure bearer
 * session of an unrestricted profile of that household (ADR 0012). The web app sends it.
 */
export const SENSITIVE_IDENTITY_PATHS: readonly string[] = [
  identityPaths.changePassword,
  identityPaths.changeEmail,
  identityPaths.deleteUser,
  // A sign-in of one's own linked to the account would sign in as the account (firebaseLogin: the main profile).
  `${IDENTITY_BASE_PATH}/link-social`,
  `${IDENTITY_BASE_PATH}/unlink-account`,
];

/**
 * A path as a router might still match it: decoded, repeated and trailing slashes dropped, in
 * lower case. Matching the guarded paths on this form errs on the side of guarding.
 */
export function looseIdentityPath(url: string): string {
  let path = new URL(url, 'http://localhost').pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: compared as it is.
  }
  return path
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * A preHandler for /identity/*: the guarded calls of a signed-in identity owning a household need
 * an unrestricted profile's bearer; an email change also needs the account password (email-change.ts).
 */
export function guardSensitiveIdentityCalls(db: Executor, deps: EmailChangeDeps) {
  const { identity, clock } = deps;
  return async (request: FastifyRequest): Promise<void> => {
    const path = looseIdentityPath(request.url);
    if (!SENSITIVE_IDENTITY_PATHS.includes(path)) return;
    // Taken out of the body whatever follows: better-auth never sees the password.
    const password = path === identityPaths.changeEmail ? takeEmailChangePassword(request) : undefined;
    const cookie = request.headers.cookie;
    if (cookie === undefined || cookie === '') return; // No identity session: the identity service refuses on its own.
    const session = await identity.api.getSession({ headers: new Headers({ cookie }) });
    if (session === null) return;
    const householdId = await requireUnrestrictedBearer(
      db,
      session.user.id,
      request.headers.authorization,
      'this account change',
      clock,
    );
    if (path === identityPaths.changeEmail)
      await proveEmailChange(deps, { session, password, identityCookie: cookie, householdId });
  };
}
