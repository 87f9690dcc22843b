import { ErrorBodySchema } from '@antenne/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { jsonContentParser } from '../../lib/input-guard.js';
import { locate } from '../../lib/geo.js';
import { AnonymousSessionError, bearerToken, type SessionContext } from '../accounts/index.js';
import type { MediaTokenCheck, VerifiedMediaToken } from '../tv-provider/index.js';

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

/**
 * The bearer session if the request has an Authorization header (401 when it is not a valid one);
 * null otherwise, and for an anonymous session (`anonymous`: it plays what a visitor may).
 */
export async function optionalSession(
  sessions: SessionCheck,
  request: FastifyRequest,
): Promise<{ session: SessionContext | null; anonymous: boolean }> {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return { session: null, anonymous: false };
  if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
  try {
    return { session: await sessions.authenticate(token), anonymous: false };
  } catch (error) {
    if (error instanceof AnonymousSessionError) return { session: null, anonymous: true };
    throw error;
  }
}

/**
 * What an anonymous session hears where a login is needed to play (spec part 1 §7, Exposure notes
 * §4.4): 403 NOT_ENTITLED with the LOGIN action — logging in is enough — instead of the visitor's
 * 401 NO_SESSION_TOKEN (it has a session token; a client would take a 401 for a lost session).
 */
export function anonymousRefusal(error: unknown): unknown {
  if (error instanceof ApiError && error.code === 'NO_SESSION_TOKEN')
    return new ApiError(403, 'NOT_ENTITLED', 'please log in to play the video', [{ type: 'LOGIN' }]);
  return error;
}

/**
 * Whether the caller plays through a pay-TV provider (the US rule, issue 19): a provider-bound
 * session, or a media token in X-Adobe-Primetime-MediaToken checked as adobePrimetimeLogin checks
 * it — a bad or used one is refused with its 401, whoever sends it. `mediaToken`: the verified
 * token, which a granted play spends (a media token plays once; entitle only checks it).
 */
export async function viaTvProvider(
  session: SessionContext | null,
  mediaToken: string | undefined,
  mediaTokens: MediaTokenCheck,
): Promise<{ tvProvider: boolean; mediaToken?: VerifiedMediaToken }> {
  if (mediaToken !== undefined) return { tvProvider: true, mediaToken: await mediaTokens.verify(mediaToken) };
  return { tvProvider: session !== null && session.session.tv_provider !== null };
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
