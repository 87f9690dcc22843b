import { ErrorBodySchema } from '@antenne/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { jsonContentParser } from '../../lib/input-guard.js';
import { locate } from '../../lib/geo.js';
import { bearerToken, type SessionContext } from '../accounts/index.js';

/** What the playback routes share: the Exposure path, schemas, and what they read off a request. */

export const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** What the routes need of the accounts: checking a bearer session token. */
export interface SessionCheck {
  authenticate(token: string): Promise<SessionContext>;
}

/** The bearer session if the request has an Authorization header (401 when it is not a valid one); null otherwise. */
export async function optionalSession(
  sessions: SessionCheck,
  request: FastifyRequest,
): Promise<SessionContext | null> {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return null;
  if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
  return sessions.authenticate(token);
}

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
export const countryOf = (request: FastifyRequest) => locate(request.ip).countryCode ?? undefined;

/**
 * JSON whatever the content type says, in this plugin's scope: shaka posts the licence request
 * without one, and navigator.sendBeacon(url, string) sends text/plain. The app's strict JSON
 * parser (lib/input-guard.ts) for these content types too.
 */
export function acceptJsonOfAnyContentType(scope: FastifyInstance): void {
  scope.removeContentTypeParser('text/plain');
  scope.addContentTypeParser(
    ['text/plain', 'application/octet-stream'],
    { parseAs: 'buffer' },
    jsonContentParser,
  );
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, jsonContentParser);
}
