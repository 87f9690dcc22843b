import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  identityPaths,
  identityReturnPaths,
  queryKeys,
  type IdentityAuthAnswer,
  type IdentityProviders,
  type IdentitySessionAnswer,
  type IdentitySignInAnswer,
  type RegistrationDetails,
  type SocialProviderId,
} from '@antenne/contract';
import { apiRequest, isApiError, NETWORK_ERROR } from './client';

/**
 * The identity service (better-auth under /identity, same origin): its session is a cookie, so
 * every call carries `credentials: 'include'`. Failures (the one error body) become an IdentityError
 * with better-auth's code from `message` (`INVALID_EMAIL_OR_PASSWORD`, `EMAIL_NOT_VERIFIED`, `USER_ALREADY_EXISTS` …), `NETWORK`
 * when the server could not be reached. Tokens are never logged.
 */

/** Where a verification link lands (better-auth adds `&error=…` when the link is expired or used). */
export const VERIFIED_CALLBACK = identityReturnPaths.verified;
/**
 * Where a reset link lands: better-auth adds `&token=…`, or `&error=INVALID_TOKEN` (the server
 * sends a link that lost its callback here too, not to better-auth's own error page).
 */
export const RESET_CALLBACK = identityReturnPaths.reset;

export class IdentityError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message?: string) {
    super(message || code);
    this.name = 'IdentityError';
    this.status = status;
    this.code = code;
  }
}

export const isIdentityError = (error: unknown): error is IdentityError => error instanceof IdentityError;

/** better-auth's codes, as the server's one error body carries them. */
const IDENTITY_CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * A call to the identity service with its cookie, through the one fetch wrapper (client.ts) with
 * no time-out and no `client=json`; a refusal throws an IdentityError. `token`: the Exposure
 * session, which the account-changing calls carry (an unrestricted profile's: ADR 0012); sent as
 * a plain header, so that an identity refusal never reads as the Exposure session's rejection.
 */
export async function identityRequest<T = unknown>(
  path: string,
  method: 'GET' | 'POST',
  body?: unknown,
  token?: string | null,
): Promise<T> {
  try {
    return await apiRequest<T>(path, {
      method,
      body,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      clientJson: false,
      timeoutMs: null,
      lenientBody: true,
    });
  } catch (error) {
    throw identityErrorOf(error);
  }
}

/** The wrapper's ApiError as an IdentityError: 429 is TOO_MANY_ATTEMPTS_TRY_LATER, an unknown code HTTP_<status>. */
function identityErrorOf(error: unknown): unknown {
  if (!isApiError(error)) return error;
  if (error.message === NETWORK_ERROR) return new IdentityError(0, 'NETWORK');
  const { status } = error;
  const code =
    status === 429
      ? 'TOO_MANY_ATTEMPTS_TRY_LATER'
      : IDENTITY_CODE.test(error.message)
        ? error.message
        : `HTTP_${status}`;
  return new IdentityError(status, code, error.extendedMessage);
}

/** The identity service's answers (the contract's identity-schemas.ts). */
export type { IdentityAuthAnswer, IdentityUser } from '@antenne/contract';

/** With the registration details (contract registration.ts): the server keeps them with the account. */
export const signUpEmail = (
  input: { email: string; password: string; name: string; language?: string } & Partial<RegistrationDetails>,
) =>
  identityRequest<IdentityAuthAnswer>(identityPaths.signUpEmail, 'POST', {
    ...input,
    callbackURL: VERIFIED_CALLBACK,
  });

export const signInEmail = (input: { email: string; password: string }) =>
  identityRequest<IdentitySignInAnswer>(identityPaths.signInEmail, 'POST', input);

/** The ID token (a JWT) of the identity session, exchanged at firebaseLogin. */
export const getIdToken = () =>
  identityRequest<{ token: string }>(identityPaths.token, 'GET').then(({ token }) => token);

export const signOut = () => identityRequest<unknown>(identityPaths.signOut, 'POST', {});

/** Answers the same whether or not an account exists for `email`. */
export const requestPasswordReset = (email: string) =>
  identityRequest<unknown>(identityPaths.requestPasswordReset, 'POST', { email, redirectTo: RESET_CALLBACK });

export const sendVerificationEmail = (email: string) =>
  identityRequest<unknown>(identityPaths.sendVerificationEmail, 'POST', {
    email,
    callbackURL: VERIFIED_CALLBACK,
  });

/** Google, Facebook, X or the generic OpenID Connect provider (its providerId): the provider's page to go to. */
export const signInSocial = (
  provider: SocialProviderId | string,
  callbackURL: string,
  errorCallbackURL?: string,
) =>
  identityRequest<{ url?: string; redirect?: boolean }>(identityPaths.signInSocial, 'POST', {
    provider,
    callbackURL,
    errorCallbackURL,
  });

/** The identity session, if any (after a social sign-in's redirect back). */
export const getIdentitySession = () =>
  identityRequest<IdentitySessionAnswer>(identityPaths.getSession, 'GET');

export const getIdentityProviders = () => identityRequest<IdentityProviders>(identityPaths.providers, 'GET');

export const identityProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.identityProviders(),
    queryFn: getIdentityProviders,
    staleTime: 5 * 60_000,
  });

/** Which sign-in buttons to show. */
export const useIdentityProviders = () => useQuery(identityProvidersQueryOptions());

/** Sets a new password with the token of a reset mail's link (better-auth brings it to /login?token=). */
export const resetPassword = (token: string, newPassword: string) =>
  identityRequest<unknown>(identityPaths.resetPassword, 'POST', { token, newPassword });
