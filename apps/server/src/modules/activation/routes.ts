import {
  ActivationCodeParamsSchema,
  ActivationCodeResponseSchema,
  activationPatterns as routes,
  ActivationRequestSchema,
  ErrorBodySchema,
  LoginResponseSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { requireSession, sessionOf, type SessionCheck } from '../accounts/index.js';
import type { ActivationService } from './service.js';

export interface ActivationRoutesOptions {
  tenant: Tenant;
  activation: ActivationService;
  /** Checks the confirmer's bearer session token (the accounts' service). */
  sessions: SessionCheck;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const tags = ['activation'];

/**
 * Device activation (Exposure notes §10; spec part 1 §2, §7): the big screen's code and poll (no
 * session), and the confirmation by a signed-in person (bearer). Every answer is private.
 */
export const activationRoutes: FastifyPluginAsyncTypebox<ActivationRoutesOptions> = async (app, options) => {
  const { tenant, activation, sessions } = options;
  await exposureScope(app, { tenant, patterns: routes }, async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      void reply.header('cache-control', 'private, no-store');
    });

    scope.get(
      routes.activationCode.pattern,
      {
        schema: {
          tags,
          summary: 'Creates an activation code for a big screen to show (6 characters of 123456789ABCDEF)',
          description:
            'No session. The code lives 10 minutes (`expires`); a client address may ask for 30 codes in 15 minutes (then 429 TOO_MANY_REQUESTS).',
          params: TenantParams,
          response: { 200: ActivationCodeResponseSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => activation.issue(request.ip),
    );

    scope.post(
      routes.consume.pattern,
      {
        schema: {
          tags,
          summary: 'Polled by the big screen (every 5 s): a login once the code is confirmed',
          description:
            '401 CODE_NOT_CONFIRMED until confirmed; then 200 LoginResponse, once (a session of the confirming profile on this device). ' +
            'The first device polling a code owns it. 400 INVALID_ACTIVATION_CODE: unknown, expired or used code, or another device; ' +
            'past 10 wrong codes from an address (an IPv6 /64) or in a deviceId’s name in 15 minutes, 429 TOO_MANY_REQUESTS. ' +
            'A device polling its own code is held back only by wrong codes sent in its own name.',
          params: TenantParams,
          body: ActivationRequestSchema,
          response: {
            200: LoginResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request) => activation.consume(request.ip, request.body),
    );

    await scope.register(async (child) => {
      const personal = child.withTypeProvider<TypeBoxTypeProvider>();
      personal.decorateRequest('accountSession', null);
      personal.addHook('preValidation', requireSession(sessions));
      personal.put(
        routes.confirm.pattern,
        {
          schema: {
            tags,
            summary:
              'Confirms a code shown on a device for the caller’s household and profile (case ignored)',
            description:
              '`Authorization: Bearer <sessionToken>` (401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN). 400 INVALID_ACTIVATION_CODE: unknown, expired or used; ' +
              'past 10 wrong codes from an address (an IPv6 /64) or from the household in 15 minutes, 429 TOO_MANY_REQUESTS (before the code is looked at).',
            params: ActivationCodeParamsSchema,
            response: {
              200: Type.Object({}),
              400: ErrorBodySchema,
              401: ErrorBodySchema,
              403: ErrorBodySchema,
              404: ErrorBodySchema,
              429: ErrorBodySchema,
            },
          },
        },
        async (request) => {
          const ctx = sessionOf(request);
          await activation.confirm(
            request.ip,
            { householdId: ctx.household.id, profileId: ctx.profile.id },
            request.params.code,
          );
          return {};
        },
      );
    });
  });
};
