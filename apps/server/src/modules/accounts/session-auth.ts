import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { AccountsService, SessionContext } from './service.js';

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

/** A preValidation hook: checks the bearer token, then sets `request.accountSession`. */
export function requireSession(service: AccountsService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // Personal answers are never stored by shared caches.
    void reply.header('cache-control', 'private, no-store');
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw new ApiError(401, 'NO_SESSION_TOKEN');
    if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    request.accountSession = await service.authenticate(token);
  };
}

/** The session requireSession checked (a route without it is a programming error). */
export function sessionOf(request: FastifyRequest): SessionContext {
  const session = request.accountSession;
  if (session === null) throw new Error('personal route without requireSession');
  return session;
}
