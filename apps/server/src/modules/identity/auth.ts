import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, jwt } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  IDENTITY_BASE_PATH,
  IDENTITY_FRESH_SESSION_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@antenne/contract';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/database.js';
import { mailLocale, renderMail, type Mailer } from '../mail/index.js';
import { identityLogger, logIdentityError } from './logger.js';
import { DIRECT_ORIGIN_HEADER, linkOnOrigin, publicOrigins } from './origins.js';
import { REGISTRATION_FIELDS } from './registration.js';

/** The identity service's tables (migration 2026-11-23-004-identity). */
export const IDENTITY_TABLES = {
  user: 'identity_user',
  session: 'identity_session',
  account: 'identity_account',
  verification: 'identity_verification',
  jwks: 'identity_jwks',
  rateLimit: 'identity_rate_limit',
} as const;

/**
 * better-auth's error page: where its reset link sends a browser for an unknown, used or expired
 * token (`?error=INVALID_TOKEN`, also when the link lost its callbackURL) and its provider
 * sign-ins for a failure with no errorCallbackURL (`onAPIError.errorURL` below). routes.ts
 * answers it, before better-auth's own English page could.
 */
export const IDENTITY_ERROR_PATH = `${IDENTITY_BASE_PATH}/error`;

/** ID tokens (exchanged at firebaseLogin) live this long. */
export const ID_TOKEN_TTL = '15m';
/** Identity cookie sessions last 7 days. */
const SESSION_SECONDS = 7 * 24 * 60 * 60;

/** Attempts per client address and minute on the sensitive endpoints (429 past them); sign-in and sign-up from AUTH_SIGN_IN_LIMIT. */
export function rateLimits(signInLimit: number) {
  return {
    '/sign-in/email': { window: 60, max: signInLimit },
    '/sign-up/email': { window: 60, max: signInLimit },
    '/request-password-reset': { window: 60, max: 3 },
    '/send-verification-email': { window: 60, max: 3 },
    '/change-password': { window: 60, max: 5 },
  };
}

export interface IdentityDeps {
  config: Config;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-auth owns the identity tables' types
  db: Kysely<any>;
  engine: Engine;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Called once an identity is deleted: the household it owned goes with it. */
  onUserDeleted?: (identityUserId: string) => Promise<void>;
  /** Called once an identity's (new) address is verified: the household's email follows it. */
  onEmailVerified?: (identityUserId: string, email: string) => Promise<void>;
}

/**
 * The self-hosted identity service (better-auth), playing the part the specification buys from
 * a third party: email + password with verification and reset mail, change email and password,
 * fresh-session delete, social and OpenID Connect sign-in, ID tokens as JWT with a JWKS.
 */
export function createIdentity({
  config,
  db,
  engine,
  mailer,
  log,
  onUserDeleted,
  onEmailVerified,
}: IdentityDeps) {
  // Links lead back to the origin the request came from when it is trusted (origins.ts), else to PUBLIC_URL.
  const send = (
    kind: Parameters<typeof renderMail>[0],
    user: { email: string; name: string; language?: unknown },
    url: string,
    to = user.email,
    request?: Request,
  ) =>
    mailer.send(
      renderMail(
        kind,
        mailLocale(
          typeof user.language === 'string' ? user.language : undefined,
          request?.headers.get('accept-language'),
        ),
        {
          to,
          name: user.name,
          url: linkOnOrigin(url, config.publicUrl, request?.headers.get(DIRECT_ORIGIN_HEADER)),
        },
      ),
    );
  const origins = publicOrigins(config.publicUrl);

  const social = Object.fromEntries(
    Object.entries(config.social).map(([provider, credentials]) => [provider, { ...credentials }]),
  );

  return betterAuth({
    appName: 'Antenne',
    baseURL: config.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: identitySecret(config),
    // PUBLIC_URL's origins, and the request's own when routes.ts found it trusted (embedded mode only).
    trustedOrigins: (request) => {
      const direct = request?.headers.get(DIRECT_ORIGIN_HEADER);
      return direct ? [...origins, direct] : origins;
    },
    database: { db, type: engine },
    telemetry: { enabled: false },
    // Every line in the app's log (logger.ts): better-auth's own, and the error each refused request ends with.
    logger: identityLogger(log),
    onAPIError: {
      onError: logIdentityError(log),
      // A browser's failure goes to our error route (routes.ts), which sends it on to the web
      // app's page for the code: never better-auth's own English page. Relative: the visitor's origin.
      errorURL: IDENTITY_ERROR_PATH,
    },
    user: {
      modelName: IDENTITY_TABLES.user,
      additionalFields: {
        // The interface language at sign-up: mails go out in it.
        language: { type: 'string', required: false, input: true },
        // Names, birthday, gender and country typed at registration, kept with the account until the
        // first sign-in gives them to the household's main profile (registration.ts).
        ...REGISTRATION_FIELDS,
      },
      changeEmail: {
        enabled: true,
        // A verified user confirms the new address from a mail sent to it.
        sendChangeEmailConfirmation: async ({ user, newEmail, url }, request) =>
          send('change-email', user, url, newEmail, request),
      },
      deleteUser: {
        enabled: true,
        ...(onUserDeleted ? { afterDelete: async (user: { id: string }) => onUserDeleted(user.id) } : {}),
      },
    },
    session: {
      modelName: IDENTITY_TABLES.session,
      expiresIn: SESSION_SECONDS,
      freshAge: IDENTITY_FRESH_SESSION_SECONDS,
    },
    account: {
      modelName: IDENTITY_TABLES.account,
      accountLinking: { enabled: true, trustedProviders: ['google', 'facebook', 'twitter', 'oidc'] },
      // Providers' access and refresh tokens are encrypted with the secret before they are stored.
      encryptOAuthTokens: true,
    },
    // Reset-password and other one-time tokens are stored hashed: a database dump alone opens nothing.
    verification: { modelName: IDENTITY_TABLES.verification, storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) =>
        send('reset-password', user, url, user.email, request),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }, request) =>
        send('verify-email', user, url, user.email, request),
      // Also after an email change is confirmed (the new address, verified): the household follows it.
      ...(onEmailVerified
        ? {
            afterEmailVerification: async (user: { id: string; email: string }) =>
              onEmailVerified(user.id, user.email),
          }
        : {}),
    },
    socialProviders: social,
    hooks: {
      // The specification answers a sign-up with an existing address with EMAIL_EXISTS (part 1 §8);
      // better-auth, once verification is required, would answer as if it worked (ADR 0008).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string' || email === '') return;
        if (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            message: 'User already exists. Use another email.',
          });
        }
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: IDENTITY_TABLES.rateLimit,
      window: 60,
      max: 100,
      customRules: rateLimits(config.authSignInLimit),
    },
    advanced: {
      cookiePrefix: 'antenne',
      // better-auth skips its origin (CSRF) checks when NODE_ENV=test: never here, tests run them too.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // routes.ts sets this header from Fastify's request.ip (TRUST_PROXY applied), replacing any client value.
      ipAddress: { ipAddressHeaders: ['x-antenne-client-ip'] },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: ID_TOKEN_TTL,
          // auth_time: when the identity session signed in (verify.ts refuses tokens minted long after it, ADR 0012).
          definePayload: ({ user, session }) => ({
            email: user.email,
            email_verified: user.emailVerified,
            name: user.name,
            auth_time: Math.floor(new Date(session.createdAt).getTime() / 1000),
          }),
        },
        schema: { jwks: { modelName: IDENTITY_TABLES.jwks } },
      }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${config.oidc.issuerUrl}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Identity = ReturnType<typeof createIdentity>;

/**
 * AUTH_SECRET, or (embedded mode) a secret generated once into DATA_DIR/auth-secret, readable
 * only by the server's user: restarts keep sessions and the JWT keys valid.
 */
export function identitySecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret !== '') return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process of the same DATA_DIR wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
