import { ErrorBodySchema } from '@antenne/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

/** What the accounts' route files share: the tenant parameters, the error answers and the docs of a personal call. */
export const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });

export const authErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** The tag, summary and description of a call that needs a session. */
export const personal = (summary: string, more = '') => ({
  tags: ['accounts'],
  summary,
  description: `Needs \`Authorization: Bearer <sessionToken>\` (401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN).${more}`,
});

/** The routes a restricted profile (a child profile, or one a PrLevel limits: ADR 0012) may not call. */
export const UNRESTRICTED_ONLY = ' Refused to a restricted profile (403 PROFILE_RESTRICTED).';

/** An absent body is an empty one (clients post these without a body). */
export async function emptyBodyIsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
