import { identityPaths } from '@antenne/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { PasswordSignIn } from '../accounts/index.js';
import type { Identity } from './auth.js';

/** The header better-auth reads the client's address from (auth.ts, routes.ts). */
const CLIENT_IP_HEADER = 'x-antenne-client-ip';

/**
 * Exposure's username + password login (issue 18) checked by the identity service exactly as the
 * web app's sign-in is: its own `/identity/sign-in/email` endpoint, through its handler so that
 * its rules all apply — the address must be verified, and the sign-in rate limit
 * (AUTH_SIGN_IN_LIMIT a minute) counts the client's address (`request.ip`, TRUST_PROXY applied).
 * The identity cookie session the sign-in opens is closed again at once: the caller gets an
 * Exposure session, not a browser's.
 */
export function createPasswordSignIn(
  identity: Identity,
  publicUrl: string,
  log: FastifyBaseLogger,
): PasswordSignIn {
  const origin = new URL(publicUrl).origin;
  const call = (path: string, headers: Headers, body: unknown) =>
    identity.handler(
      new Request(new URL(path, publicUrl), { method: 'POST', headers, body: JSON.stringify(body) }),
    );

  return async ({ username, password, clientIp }) => {
    const headers = new Headers({
      'content-type': 'application/json',
      origin,
      [CLIENT_IP_HEADER]: clientIp,
    });
    const response = await call(identityPaths.signInEmail, headers, {
      email: username.trim().toLowerCase(),
      password,
    });
    if (response.status === 429)
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'too many sign-in attempts: try again in a minute');
    if (response.status >= 500) throw new Error(`identity sign-in failed: ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as {
      code?: unknown;
      user?: { id?: unknown; email?: unknown; emailVerified?: unknown; name?: unknown };
    };
    if (response.status === 403 && body.code === 'EMAIL_NOT_VERIFIED')
      throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'verify the email address first');
    const user = body.user;
    if (response.status !== 200 || typeof user?.id !== 'string' || typeof user.email !== 'string')
      throw new ApiError(401, 'INCORRECT_CREDENTIALS');

    // The identity's cookie session is not the caller's to keep.
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    if (cookie !== '') {
      const out = new Headers({
        origin,
        cookie,
        [CLIENT_IP_HEADER]: clientIp,
        'content-type': 'application/json',
      });
      const signedOut = await call(identityPaths.signOut, out, {});
      if (signedOut.status !== 200)
        log.warn(
          { status: signedOut.status },
          'the identity session of a password login could not be closed',
        );
    }
    return {
      identityUserId: user.id,
      email: user.email,
      emailVerified: user.emailVerified === true,
      ...(typeof user.name === 'string' && user.name !== '' ? { displayName: user.name } : {}),
    };
  };
}
