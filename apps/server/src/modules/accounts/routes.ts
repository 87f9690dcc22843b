import {
  accountPatterns as routes,
  sessionPatterns,
  FirebaseLoginRequestSchema,
  IDENTITY_USERNAME_PREFIX,
  LoginResponseSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import type { PasswordSignIn } from './core.js';
import { detailsRoutes } from './details-routes.js';
import { historyRoutes } from './history-routes.js';
import { householdRoutes } from './household-routes.js';
import { loginRoutes } from './login-routes.js';
import { preferenceRoutes } from './preference-routes.js';
import { profileRoutes } from './profile-routes.js';
import { authErrors, TenantParams } from './route-docs.js';
import type { AccountsService, IdentityLoginClaims } from './service.js';
import { requireSession } from './session-auth.js';

/** Checks an ID token of the identity service (throws when it is not valid) and says whose it is. */
export type VerifyIdToken = (token: string) => Promise<{
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  /** When the identity session signed in (ms; the token's auth_time), else the login's time. */
  signedInMs?: number;
}>;

export interface AccountsRoutesOptions {
  tenant: Tenant;
  /** The app's one accounts service (app.ts builds it with its clock, PIN count and identity users). */
  accounts: AccountsService;
  verifyIdToken: VerifyIdToken;
  /** The identity service's email + password check, for Exposure's auth/login (issue 18). */
  passwordSignIn: PasswordSignIn;
}

/**
 * The accounts' Exposure calls: firebaseLogin (the identity service's ID token for a session),
 * session and logout, profiles, preferences, favourites, play history, continue watching,
 * household deletion and email change. Every call but firebaseLogin needs a session's bearer
 * token and acts only on that session's household and profile.
 */
export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const { tenant, accounts: service } = options;

  // Exposure's password and anonymous logins, each on its fixed versions (login-routes.ts).
  await app.register(loginRoutes, { tenant, accounts: service, passwordSignIn: options.passwordSignIn });

  await exposureScope(app, { tenant, patterns: { ...routes, ...sessionPatterns } }, async (scope) => {
    scope.post(
      routes.firebaseLogin.pattern,
      {
        schema: {
          tags: ['accounts'],
          summary:
            "Signs in with the identity service's ID token (username firebase..<uid>): a session on the main profile",
          params: TenantParams,
          body: FirebaseLoginRequestSchema,
          response: { 200: LoginResponseSchema, ...authErrors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const body = request.body;
        let verified: Awaited<ReturnType<VerifyIdToken>>;
        try {
          verified = await options.verifyIdToken(body.accessToken);
        } catch {
          throw new ApiError(401, 'INCORRECT_CREDENTIALS', 'the ID token is not valid');
        }
        if (body.username !== IDENTITY_USERNAME_PREFIX + verified.identityUserId) {
          throw new ApiError(401, 'INCORRECT_CREDENTIALS', 'the username is not the ID token’s');
        }
        const claims: IdentityLoginClaims = {
          identityUserId: verified.identityUserId,
          email: verified.email,
          emailVerified: verified.emailVerified,
        };
        const displayName = verified.displayName ?? body.displayName;
        if (displayName !== undefined) claims.displayName = displayName;
        if (verified.signedInMs !== undefined) claims.signedInMs = verified.signedInMs;
        if (body.language !== undefined) claims.language = body.language;
        return service.loginIdentityUser(claims, body.device);
      },
    );

    // Every other call is personal: the session (after the scope's business unit) before anything else.
    await scope.register(async (personal) => {
      personal.decorateRequest('accountSession', null);
      personal.decorateRequest('anonymousSession', null);
      personal.addHook('preValidation', requireSession(service));
      await personal.register(householdRoutes, { accounts: service });
      await personal.register(profileRoutes, { accounts: service });
      await personal.register(preferenceRoutes, { accounts: service });
      await personal.register(historyRoutes, { accounts: service });
      await personal.register(detailsRoutes, { accounts: service });
    });
  });
};
