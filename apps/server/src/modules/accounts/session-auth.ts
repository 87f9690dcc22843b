import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { refuseRestricted, restrictedLevelOf } from './parental.js';
import { findHouseholdByIdentityUser } from './repository.js';
import { authenticateSession, type AccountsService, type SessionContext } from './service.js';
import { AnonymousSessionError, type AnonymousSession } from './session-token.js';

/**
 * The bearer check of every personal call: `Authorization: Bearer <session token>`.
 * No or blank header → 401 NO_SESSION_TOKEN; unknown, expired or revoked token, or a deleted
 * household → 401 INVALID_SESSION_TOKEN; a suspended or inactive household → 403 with its code.
 * The token itself is never logged: only its hash is looked up.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The checked session of a personal call (set by requireSession). */
    accountSession: SessionContext | null;
    /** An anonymous session, on the routes that answer one (`config.anonymousSession`). */
    anonymousSession: AnonymousSession | null;
  }
  interface FastifyContextConfig {
    /** The route answers an anonymous session too (auth/session, logout); others refuse it 403. */
    anonymousSession?: boolean;
  }
}

/** The token of an Authorization header (`Bearer x`, or the bare token as some clients send it). */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  const match = /^bearer(?:\s+(.*))?$/i.exec(value);
  if (match) {
    const token = match[1]?.trim() ?? '';
    return token === '' ? undefined : token;
  }
  return /\s/.test(value) ? '' : value;
}

/** What checks a session token: the accounts' service (other modules' personal calls pass it too). */
export type SessionCheck = Pick<AccountsService, 'authenticate'>;

/**
 * A preValidation hook: checks the bearer token, then sets `request.accountSession`. The scope that
 * adds it decorates the request with `accountSession: null` first.
 */
export function requireSession(service: SessionCheck) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // Personal answers are never stored by shared caches.
    void reply.header('cache-control', 'private, no-store');
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw new ApiError(401, 'NO_SESSION_TOKEN');
    if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    try {
      request.accountSession = await service.authenticate(token);
    } catch (error) {
      if (!(error instanceof AnonymousSessionError && request.routeOptions.config.anonymousSession === true))
        throw error;
      request.anonymousSession = error.session;
    }
  };
}

/** The session requireSession checked (a route without it is a programming error). */
export function sessionOf(request: FastifyRequest): SessionContext {
  const session = request.accountSession;
  if (session === null) throw new Error('personal route without requireSession');
  return session;
}

/**
 * For the public catalogue reads (ADR 0012): the parental level of the request's bearer session
 * when its profile is restricted; undefined for a visitor (no Authorization header, or a current
 * anonymous session: it browses as one) and for an unrestricted profile. A bearer that is not a
 * valid session → 401, as on the play call.
 */
export function restrictedViewer(sessions: SessionCheck) {
  return async (request: FastifyRequest): Promise<string | undefined> => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return undefined;
    if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    let session: SessionContext;
    try {
      session = await sessions.authenticate(token);
    } catch (error) {
      if (error instanceof AnonymousSessionError) return undefined;
      throw error;
    }
    return restrictedLevelOf(session);
  };
}

/**
 * For the identity service's account-changing calls (ADR 0012): when the identity user owns a
 * household, the call must carry the bearer session of an unrestricted profile of that household
 * (401 without a valid one, 403 FORBIDDEN for another household's, 403 PROFILE_RESTRICTED).
 * An identity without a household (not signed in at Exposure yet, or just deleted) has no
 * profile to hold back. Answers the household's id (undefined: none).
 */
export async function requireUnrestrictedBearer(
  db: Executor,
  identityUserId: string,
  authorization: string | undefined,
  what: string,
  clock: () => number = Date.now,
): Promise<string | undefined> {
  const household = await findHouseholdByIdentityUser(db, identityUserId);
  if (household === undefined) return undefined;
  const token = bearerToken(authorization);
  if (token === undefined) {
    throw new ApiError(
      401,
      'NO_SESSION_TOKEN',
      `${what} needs the session of an unrestricted profile (Authorization: Bearer)`,
    );
  }
  if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
  const ctx = await authenticateSession(db, token, clock);
  if (ctx.household.id !== household.id)
    throw new ApiError(403, 'FORBIDDEN', 'the session is not of this account');
  refuseRestricted(ctx, what);
  return household.id;
}
