import {
  ANONYMOUS_VERSIONS,
  anonymousPattern,
  AnonymousSessionRequestSchema,
  AnonymousSessionResponseSchema,
  ErrorBodySchema,
  LOGIN_VERSIONS,
  loginPattern,
  LoginResponseSchema,
  LoginV1RequestSchema,
  LoginV2RequestSchema,
  LoginV3RequestSchema,
  type DeviceRegistration,
  type LoginV1Request,
  type LoginV2Request,
  type LoginV3Request,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { fixedVersionScope } from '../../lib/exposure-scope.js';
import type { PasswordSignIn } from './core.js';
import { TenantParams } from './route-docs.js';
import type { AccountsService } from './service.js';

export interface LoginRoutesOptions {
  tenant: Tenant;
  accounts: AccountsService;
  /** The identity service's email + password check (its verified-address rule and rate limit). */
  passwordSignIn: PasswordSignIn;
}

const loginErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
};
const LOGIN_DESCRIPTION =
  "The username is the account's email address, checked by the identity service as the web sign-in is: " +
  '401 INCORRECT_CREDENTIALS, 403 EMAIL_NOT_VERIFIED, 403 SUSPENDED_HOUSEHOLD / INACTIVE_HOUSEHOLD, ' +
  '429 TOO_MANY_REQUESTS past AUTH_SIGN_IN_LIMIT attempts a minute from one address. A session on the main profile.';

type AnyLogin =
  | { version: 'v1'; body: LoginV1Request }
  | { version: 'v2'; body: LoginV2Request }
  | { version: 'v3'; body: LoginV3Request };

/** The password and device of each version's body (v2: its CLEAR password tuple). */
function credentialsOf(login: AnyLogin): { password: string; device: DeviceRegistration } {
  switch (login.version) {
    case 'v1': {
      const { body } = login;
      return {
        password: body.password,
        device: {
          deviceId: body.deviceId,
          name: body.device.name ?? body.device.deviceModelId ?? body.device.type,
          type: body.device.type,
        },
      };
    }
    case 'v2': {
      const tuple = login.body.credentials.passwordTuples.find(
        (candidate) => candidate.algorithm.algorithmName === 'CLEAR',
      );
      if (tuple === undefined)
        throw new ApiError(400, 'BAD_REQUEST', 'credentials: a CLEAR password tuple is needed');
      return { password: tuple.value, device: login.body.device };
    }
    case 'v3':
      return { password: login.body.password, device: login.body.device };
  }
}

/**
 * Exposure's sign-in calls (issue 18): `POST /v1|v2|v3/…/auth/login` (username + password,
 * each version with its body) and `POST /v1|v2/…/auth/anonymous` (a device session without an
 * account: browse and read; playing needs a login).
 */
export const loginRoutes: FastifyPluginAsyncTypebox<LoginRoutesOptions> = async (
  app,
  { tenant, accounts, passwordSignIn },
) => {
  const login = async (request: { ip: string }, input: AnyLogin) => {
    const { password, device } = credentialsOf(input);
    const claims = await passwordSignIn({ username: input.body.username, password, clientIp: request.ip });
    return accounts.loginIdentityUser(claims, device);
  };
  const bodies = { v1: LoginV1RequestSchema, v2: LoginV2RequestSchema, v3: LoginV3RequestSchema };

  for (const version of LOGIN_VERSIONS) {
    await fixedVersionScope(app, { tenant, version }, (scope) => {
      scope.post(
        loginPattern,
        {
          schema: {
            tags: ['accounts'],
            summary: `Signs in with a username and password (Exposure ${version} body)`,
            description: LOGIN_DESCRIPTION,
            params: TenantParams,
            body: bodies[version],
            response: { 200: LoginResponseSchema, ...loginErrors },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'private, no-store');
          return login(request, { version, body: request.body } as AnyLogin);
        },
      );
    });
  }

  for (const version of ANONYMOUS_VERSIONS) {
    await fixedVersionScope(app, { tenant, version }, (scope) => {
      scope.post(
        anonymousPattern,
        {
          schema: {
            tags: ['accounts'],
            summary:
              'A device session without an account: it browses; playing and personal calls need a login',
            description:
              'With it the public reads answer as to a visitor; the play call answers 403 NOT_ENTITLED with a LOGIN action ' +
              '(trailers play); personal calls 403 FORBIDDEN with a LOGIN action.',
            params: TenantParams,
            body: AnonymousSessionRequestSchema,
            response: { 200: AnonymousSessionResponseSchema, ...loginErrors },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'private, no-store');
          return accounts.anonymousSession(request.body);
        },
      );
    });
  }
};
