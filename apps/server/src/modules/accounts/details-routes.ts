import { sessionPatterns, UserDetailsSchema, UserDetailsUpdateSchema } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, personal, TenantParams } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

/** Exposure's user details (issue 18): the session's own profile. Registered in the personal scope (routes.ts). */
export const detailsRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts: service },
) => {
  app.get(
    sessionPatterns.userDetails.pattern,
    {
      schema: {
        ...personal("The session's profile: name, language, metadata and what it may do"),
        params: TenantParams,
        response: { 200: UserDetailsSchema, ...authErrors },
      },
    },
    async (request) => service.userDetails(sessionOf(request)),
  );

  app.put(
    sessionPatterns.userDetails.pattern,
    {
      schema: {
        ...personal(
          "Changes the session's profile (what is absent is kept; metadata is replaced whole)",
          ' A restricted profile changes only its name and its metadata other than PrLevel (403 PROFILE_RESTRICTED).',
        ),
        params: TenantParams,
        body: UserDetailsUpdateSchema,
        response: { 200: UserDetailsSchema, ...authErrors },
      },
    },
    async (request) => service.updateUserDetails(sessionOf(request), request.body),
  );
};
