import {
  ErrorBodySchema,
  IdentityAuthAnswerSchema,
  identityPaths,
  IdentitySessionAnswerSchema,
  IdentitySignInAnswerSchema,
  PASSWORD_MAX_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
} from '@antenne/contract';
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';

/**
 * The better-auth endpoints the web app and the mails use, as Fastify routes with schemas: their
 * bodies are validated here (lengths included: a name, an address, a URL) before better-auth sees
 * them, and the OpenAPI document lists them with their answers. Bodies stay open
 * (additionalProperties) so that fields better-auth accepts and this table does not name still
 * pass. Every other path under /identity goes to better-auth through the hidden catch-all.
 */

/** Longest name at sign-up (the profile name's limit is 64; a person's full name may be longer). */
export const IDENTITY_NAME_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 320;
const URL_MAX_LENGTH = 2048;
const TOKEN_MAX_LENGTH = 4096;

const Email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const Url = Type.String({
  maxLength: URL_MAX_LENGTH,
  description: 'A path of this site (or a trusted origin)',
});

const Status = Type.Object({ status: Type.Boolean() });
const Success = Type.Object({ success: Type.Boolean() });

const Redirect = Type.Unsafe<undefined>({
  type: 'null',
  description: 'No body: Location is the callback URL (with `?error=…` when the token is wrong)',
});

/**
 * Every identity endpoint can refuse its input (400), a foreign origin (403) and throttle (429);
 * 413 and 415 on a POST come with every route (lib/declared-errors.ts).
 */
const refusals = { 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
/** A call of a signed-in identity (the session cookie): 401 without one. */
const signedIn = { ...refusals, 401: ErrorBodySchema };

export interface IdentityEndpoint {
  method: 'GET' | 'POST';
  url: string;
  schema: FastifySchema & { summary: string; tags: string[] };
}

const endpoint = (
  method: 'GET' | 'POST',
  url: string,
  summary: string,
  schema: Omit<FastifySchema, 'summary' | 'tags'>,
): IdentityEndpoint => ({
  method,
  url,
  schema: { tags: ['identity'], summary, ...schema },
});

export const IDENTITY_ENDPOINTS: IdentityEndpoint[] = [
  endpoint(
    'POST',
    identityPaths.signUpEmail,
    'Signs up with email and password; a verification mail goes out (no session until verified)',
    {
      body: Type.Object({
        email: Email,
        password: Password,
        name: Type.String({ maxLength: IDENTITY_NAME_MAX_LENGTH }),
        language: Type.Optional(Type.String({ maxLength: 8 })),
        // The registration details kept with the identity (registration.ts; ADR 0011), checked there
        // against the contract's rules with a message naming the field. Declared as text but not typed
        // here: the schema's type coercion would turn a number into text before that check.
        firstName: Type.Optional(
          Type.Unknown({
            description: `Text: first name, at most ${REGISTRATION_NAME_MAX_LENGTH} characters`,
          }),
        ),
        lastName: Type.Optional(
          Type.Unknown({
            description: `Text: last name, at most ${REGISTRATION_NAME_MAX_LENGTH} characters`,
          }),
        ),
        birthday: Type.Optional(
          Type.Unknown({ description: 'Text: date of birth, 8 digits ddMMyyyy; 16 or older' }),
        ),
        gender: Type.Optional(Type.Unknown({ description: "Text: 'male', 'female' or empty" })),
        country: Type.Optional(Type.Unknown({ description: 'Text: ISO 3166 alpha-2 code, or empty' })),
        callbackURL: Type.Optional(Url),
        rememberMe: Type.Optional(Type.Boolean()),
      }),
      response: {
        200: IdentityAuthAnswerSchema,
        ...refusals,
        422: ErrorBodySchema,
      },
    },
  ),
  endpoint(
    'POST',
    identityPaths.signInEmail,
    'Signs in with email and password: the identity session cookie (403 EMAIL_NOT_VERIFIED, 401 INVALID_EMAIL_OR_PASSWORD)',
    {
      body: Type.Object({
        email: Email,
        password: Password,
        callbackURL: Type.Optional(Url),
        rememberMe: Type.Optional(Type.Boolean()),
      }),
      response: {
        200: IdentitySignInAnswerSchema,
        ...signedIn,
      },
    },
  ),
  endpoint(
    'POST',
    identityPaths.signInSocial,
    "Starts a social or OpenID Connect sign-in: the provider's URL to go to",
    {
      body: Type.Object({
        provider: Type.String({ minLength: 1, maxLength: 64 }),
        callbackURL: Type.Optional(Url),
        errorCallbackURL: Type.Optional(Url),
        newUserCallbackURL: Type.Optional(Url),
        disableRedirect: Type.Optional(Type.Boolean()),
      }),
      response: {
        200: Type.Object({ url: Type.Optional(Type.String()), redirect: Type.Boolean() }),
        ...signedIn,
        404: ErrorBodySchema,
      },
    },
  ),
  endpoint('POST', identityPaths.signOut, 'Ends the identity session', {
    response: { 200: Success, ...signedIn },
  }),
  endpoint(
    'GET',
    identityPaths.token,
    'The ID token (JWT, 15 min) of the identity session, exchanged at auth/firebaseLogin',
    {
      response: { 200: Type.Object({ token: Type.String() }), ...signedIn },
    },
  ),
  endpoint('GET', identityPaths.jwks, 'The public keys of the ID tokens (JWKS)', {
    response: {
      200: Type.Object({ keys: Type.Array(Type.Object({ kid: Type.String(), kty: Type.String() })) }),
      ...refusals,
    },
  }),
  endpoint('GET', identityPaths.getSession, 'The identity session and its user, or null', {
    querystring: Type.Object({
      disableCookieCache: Type.Optional(Type.Boolean()),
      disableRefresh: Type.Optional(Type.Boolean()),
    }),
    response: {
      200: IdentitySessionAnswerSchema,
      ...signedIn,
    },
  }),
  endpoint('POST', identityPaths.sendVerificationEmail, 'Sends the verification mail again', {
    body: Type.Object({ email: Email, callbackURL: Type.Optional(Url) }),
    response: { 200: Status, ...signedIn },
  }),
  endpoint(
    'GET',
    identityPaths.verifyEmail,
    "The verification mail's link: marks the address verified, then redirects to callbackURL",
    {
      querystring: Type.Object({
        token: Type.String({ minLength: 1, maxLength: TOKEN_MAX_LENGTH }),
        callbackURL: Type.Optional(Url),
      }),
      response: { 200: Status, 302: Redirect, ...signedIn },
    },
  ),
  endpoint(
    'POST',
    identityPaths.requestPasswordReset,
    'Mails a password-reset link (the same answer whether or not the address has an account)',
    {
      body: Type.Object({ email: Email, redirectTo: Type.Optional(Url) }),
      response: {
        200: Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()) }),
        ...refusals,
      },
    },
  ),
  endpoint(
    'GET',
    `${identityPaths.resetPassword}/:token`,
    "The reset mail's link: redirects to callbackURL with the token, or with ?error=INVALID_TOKEN",
    {
      params: Type.Object({ token: Type.String({ minLength: 1 }) }),
      querystring: Type.Object({ callbackURL: Type.Optional(Url) }),
      response: { 302: Redirect, ...refusals },
    },
  ),
  endpoint('POST', identityPaths.resetPassword, "Sets a new password with a reset link's token", {
    body: Type.Object({
      newPassword: Password,
      token: Type.Optional(Type.String({ maxLength: TOKEN_MAX_LENGTH })),
    }),
    response: { 200: Status, ...refusals },
  }),
  endpoint('POST', identityPaths.changePassword, 'Changes the password (the current one is checked)', {
    body: Type.Object({
      currentPassword: Password,
      newPassword: Password,
      revokeOtherSessions: Type.Optional(Type.Boolean()),
    }),
    response: {
      200: IdentityAuthAnswerSchema,
      ...signedIn,
    },
  }),
  endpoint(
    'POST',
    identityPaths.changeEmail,
    'Asks to change the address: a confirmation mail goes to the new one',
    {
      description:
        'Needs the account password in `password` (checked here, never passed on): 400 BAD_REQUEST without it, 403 INCORRECT_CREDENTIALS ' +
        'when wrong, 429 TOO_MANY_REQUESTS after 5 wrong passwords or parental PINs of the household in 15 minutes. An account without a ' +
        'password (social or OpenID Connect sign-in) needs a sign-in younger than 10 minutes instead (400 SESSION_EXPIRED). An identity ' +
        "owning a household also sends an unrestricted profile's Exposure session (Authorization: Bearer; ADR 0012).",
      body: Type.Object({
        newEmail: Email,
        password: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: PASSWORD_MAX_LENGTH,
            description: 'The account password (required unless the account has none)',
          }),
        ),
        callbackURL: Type.Optional(Url),
      }),
      response: { 200: Status, ...signedIn },
    },
  ),
  endpoint(
    'POST',
    identityPaths.deleteUser,
    'Deletes the identity and its household (a sign-in younger than 10 minutes)',
    {
      body: Type.Object({
        callbackURL: Type.Optional(Url),
        password: Type.Optional(Password),
        token: Type.Optional(Type.String({ maxLength: TOKEN_MAX_LENGTH })),
      }),
      response: {
        200: Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) }),
        ...signedIn,
        404: ErrorBodySchema,
      },
    },
  ),
];
