import {
  accountPatterns as routes,
  ChangeEmailRequestSchema,
  MessageResponseSchema,
  SessionResponseSchema,
  UserDeleteBodySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { unrestrictedOnly } from './parental.js';
import { authErrors, emptyBodyIsObject, personal, TenantParams, UNRESTRICTED_ONLY } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

/**
 * The session and the household: logout, the current session, deleting the household, following
 * the identity's verified email. Registered in the personal scope (routes.ts).
 */
export const householdRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts: service },
) => {
  app.delete(
    routes.logout.pattern,
    {
      config: { anonymousSession: true },
      schema: {
        ...personal(
          'Logout: ends this session, or every session of the household with fromAllDevice=true',
          ' fromAllDevice=true is refused to a restricted profile (403 PROFILE_RESTRICTED); its own logout is not.',
        ),
        params: TenantParams,
        querystring: Type.Object({ fromAllDevice: Type.Optional(Type.Boolean()) }),
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      // An anonymous session is stored nowhere: there is nothing to end.
      if (request.anonymousSession === null)
        await service.logout(sessionOf(request), request.query.fromAllDevice === true);
      return { message: 'OK' };
    },
  );

  app.get(
    routes.session.pattern,
    {
      config: { anonymousSession: true },
      schema: {
        ...personal(
          'The current session, its household and profile',
          ' An anonymous session is valid with no account (accountId and userId `anonymous`).',
        ),
        params: TenantParams,
        response: { 200: SessionResponseSchema, ...authErrors },
      },
    },
    async (request) =>
      request.anonymousSession === null
        ? service.getSession(sessionOf(request))
        : service.anonymousSessionInfo(request.anonymousSession),
  );

  app.post(
    routes.userDelete.pattern,
    {
      preValidation: emptyBodyIsObject,
      preHandler: unrestrictedOnly('delete the account'),
      schema: {
        ...personal(
          'Deletes the household and all its data',
          " Needs a sign-in of the last 10 minutes (the session's: an identity sign-in, a password login or adobePrimetimeLogin; " +
            'a profile switch keeps its session’s; a big screen activated by a code has none): else 400 SESSION_EXPIRED, nothing deleted.' +
            UNRESTRICTED_ONLY,
        ),
        params: TenantParams,
        body: UserDeleteBodySchema,
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await service.deleteHousehold(sessionOf(request));
      return { message: 'OK' };
    },
  );

  app.put(
    routes.changeEmail.pattern,
    {
      preHandler: unrestrictedOnly("change the household's email"),
      schema: {
        ...personal(
          "Sets the household's email to the address the identity service has verified for this account (403 UNVERIFIED_EMAIL otherwise)",
          ' The household email follows the identity: change it there first ' +
            '(POST /identity/change-email, then the link of the confirmation mail). 403 UNVERIFIED_EMAIL when `newEmailAddress` is ' +
            'not the verified address of this account (unconfirmed, or another customer’s); 400 when it is not an email address.' +
            UNRESTRICTED_ONLY,
        ),
        params: TenantParams,
        body: ChangeEmailRequestSchema,
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await service.changeEmail(sessionOf(request), request.body.newEmailAddress);
      return { message: 'OK' };
    },
  );
};
