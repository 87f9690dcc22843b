import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDENTITY_BASE_PATH,
  identityPaths,
  IdentityProvidersSchema,
  identityReturnPaths,
  SOCIAL_PROVIDER_IDS,
  type ErrorBody,
  type IdentityProviders,
} from '@antenne/contract';
import type { Config } from '../../config.js';
import { errorCodeOfStatus } from '../../lib/errors.js';
import { IDENTITY_ERROR_PATH, type Identity } from './auth.js';
import { createOriginPolicy, DIRECT_ORIGIN_HEADER, untrustedOrigin } from './origins.js';
import { IDENTITY_ENDPOINTS } from './openapi.js';

export interface IdentityRoutesOptions {
  identity: Identity;
  config: Config;
  /** Runs before the identity service answers (sensitive-guard.ts: account changes need an unrestricted profile). */
  guard?: (request: FastifyRequest) => Promise<void>;
}

/** The header better-auth reads the client's address from (auth.ts): always ours, never the client's. */
const CLIENT_IP_HEADER = 'x-antenne-client-ip';

/**
 * The web app's page for better-auth's error code, where the visitor reads it in their language:
 * a bad reset link → the reset page saying to ask for a new one; anything else (a provider's
 * sign-in that failed, state lost, account not linked …, or no code) → the sign-in page saying
 * the sign-in did not complete.
 */
export function identityErrorPage(code: unknown): string {
  const known = typeof code === 'string' && /^[A-Za-z0-9_'-]{1,100}$/.test(code) ? code : 'UNKNOWN';
  if (known === 'INVALID_TOKEN') return `${identityReturnPaths.reset}&error=INVALID_TOKEN`;
  return `${identityReturnPaths.socialFailed}&error=${encodeURIComponent(known)}`;
}

/**
 * Mounts the identity service under /identity: every better-auth endpoint (sign-up, sign-in,
 * verification, reset, change email/password, delete, social and OIDC callbacks, token, jwks),
 * plus /identity/providers (which sign-in buttons to show). Fastify parses the body; it is handed
 * on as JSON.
 */
export const identityRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (
  app,
  { identity, config, guard },
) => {
  const providers: IdentityProviders = {
    email: true,
    social: SOCIAL_PROVIDER_IDS.filter((provider) => config.social[provider] !== undefined),
    oidc: config.oidc ? { providerId: 'oidc', name: config.oidc.name } : null,
  };

  app.get(
    identityPaths.providers,
    {
      schema: {
        tags: ['identity'],
        summary: 'The sign-in providers configured',
        response: { 200: IdentityProvidersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return providers;
    },
  );

  app.get(IDENTITY_ERROR_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(identityErrorPage((request.query as Record<string, unknown>).error), 302),
  );

  const origins = createOriginPolicy(config);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A browser's call from an origin this server does not trust: said with a code the web app
    // translates (set PUBLIC_URL), before better-auth's bare "Invalid origin" (origins.ts).
    const directOrigin = origins.directOrigin(request);
    const origin = request.headers.origin;
    if (
      request.method !== 'GET' &&
      origin !== undefined &&
      origin !== 'null' &&
      !origins.isTrusted(origin, directOrigin)
    ) {
      request.log.warn(
        { origin, publicUrl: config.publicUrl },
        'identity call from an untrusted origin: visitors at that address need PUBLIC_URL set to it',
      );
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send(untrustedOrigin(origin, config.publicUrl));
    }
    const url = new URL(request.url, config.publicUrl);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === CLIENT_IP_HEADER || name === DIRECT_ORIGIN_HEADER) continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else headers.set(name, value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    if (directOrigin !== null) headers.set(DIRECT_ORIGIN_HEADER, directOrigin);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    if (hasBody) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const response = await identity.handler(
      new Request(url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
      }),
    );
    // A failure of the service itself (a database it could not reach …) goes to the central error
    // handler, which tells a database outage (503, 507) from a fault (500): better-auth answers both 500.
    if (response.status >= 500) throw new Error(`the identity service answered ${response.status}`);

    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');
    if (response.status >= 400) {
      const body = identityErrorBody(response.status, await response.text());
      return reply.code(body.httpCode).type('application/json; charset=utf-8').send(body);
    }
    return reply.send(response.body === null ? null : Buffer.from(await response.arrayBuffer()));
  };

  // The guard sees every identity call, whichever route below answers it (it picks the sensitive ones).
  const guarded = guard ? { preHandler: guard } : {};
  // The endpoints the app uses, each with its schemas (validated here, listed in the OpenAPI document) …
  for (const { method, url, schema } of IDENTITY_ENDPOINTS)
    app.route({ method, url, schema, ...guarded, handler });
  // … and every other better-auth path (OAuth callbacks …) through one hidden route.
  app.route({
    method: ['GET', 'POST'],
    url: `${IDENTITY_BASE_PATH}/*`,
    schema: { hide: true },
    ...guarded,
    handler,
  });
};

/**
 * better-auth's refusal (`{ code, message }`, or no body) as the one error body: its code in
 * `message` (what the web app translates), its text in `extendedMessage`; past a rate limit the
 * specification's TOO_MANY_ATTEMPTS_TRY_LATER (part 1 §8); a failure of its own is a 500 without details.
 */
export function identityErrorBody(status: number, text: string): ErrorBody {
  if (status >= 500) return { httpCode: 500, message: 'INTERNAL_ERROR' };
  if (status === 429) return { httpCode: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' };
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code =
    typeof record.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(record.code)
      ? record.code
      : errorCodeOfStatus(status);
  const body: ErrorBody = { httpCode: status, message: code };
  if (typeof record.message === 'string' && record.message !== '' && record.message !== code)
    body.extendedMessage = record.message;
  return body;
}
