import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  identityPaths,
  type IdentityProviders,
  type RegistrationDetails,
  type SocialProviderId,
} from '@antenne/contract';

/**
 * The identity service (better-auth under /identity, same origin): its session is a cookie, so
 * every call carries `credentials: 'include'`. Failures (the one error body) become an IdentityError
 * with better-auth's code from `message` (`INVALID_EMAIL_OR_PASSWORD`, `EMAIL_NOT_VERIFIED`, `USER_ALREADY_EXISTS` …), `NETWORK`
 * when the server could not be reached. Tokens are never logged.
 */

/** Where a verification link lands (better-auth adds `&error=…` when the link is expired or used). */
export const VERIFIED_CALLBACK = '/login?verified=1';
/** Where a reset link lands: better-auth adds `&token=…`, or `&error=INVALID_TOKEN`. */
export const RESET_CALLBACK = '/login?reset=1';

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

/**
 * A call to the identity service with its cookie; a refusal throws an IdentityError. `token`: the
 * Exposure session, which the account-changing calls carry (an unrestricted profile's: ADR 0012).
 */
export async function identityRequest<T = unknown>(
  path: string,
  method: 'GET' | 'POST',
  body?: unknown,
  token?: string | null,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new IdentityError(0, 'NETWORK');
  }
  const text = await response.text().catch(() => '');
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    // The one error body `{ httpCode, message: CODE, extendedMessage? }` (the server maps better-auth's).
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const code =
      response.status === 429
        ? 'TOO_MANY_ATTEMPTS_TRY_LATER'
        : typeof record.message === 'string' && /^[A-Z][A-Z0-9_]*$/.test(record.message)
          ? record.message
          : `HTTP_${response.status}`;
    throw new IdentityError(
      response.status,
      code,
      typeof record.extendedMessage === 'string' ? record.extendedMessage : undefined,
    );
  }
  return data as T;
}

export interface IdentityUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The answer of sign-in and sign-up: `token` is null while the email is not verified. */
export interface IdentityAuthAnswer {
  token?: string | null;
  user: IdentityUser;
}

/** With the registration details (contract registration.ts): the server keeps them with the account. */
export const signUpEmail = (
  input: { email: string; password: string; name: string; language?: string } & Partial<RegistrationDetails>,
) =>
  identityRequest<IdentityAuthAnswer>(identityPaths.signUpEmail, 'POST', { ...input, callbackURL: VERIFIED_CALLBACK });

export const signInEmail = (input: { email: string; password: string }) =>
  identityRequest<IdentityAuthAnswer>(identityPaths.signInEmail, 'POST', input);

/** The ID token (a JWT) of the identity session, exchanged at firebaseLogin. */
export const getIdToken = () =>
  identityRequest<{ token: string }>(identityPaths.token, 'GET').then(({ token }) => token);

export const signOut = () => identityRequest<unknown>(identityPaths.signOut, 'POST', {});

/** Answers the same whether or not an account exists for `email`. */
export const requestPasswordReset = (email: string) =>
  identityRequest<unknown>(identityPaths.requestPasswordReset, 'POST', { email, redirectTo: RESET_CALLBACK });

export const sendVerificationEmail = (email: string) =>
  identityRequest<unknown>(identityPaths.sendVerificationEmail, 'POST', { email, callbackURL: VERIFIED_CALLBACK });

/** Google, Facebook, X or the generic OpenID Connect provider (its providerId): the provider's page to go to. */
export const signInSocial = (provider: SocialProviderId | string, callbackURL: string, errorCallbackURL?: string) =>
  identityRequest<{ url?: string; redirect?: boolean }>(identityPaths.signInSocial, 'POST', {
    provider,
    callbackURL,
    errorCallbackURL,
  });

/** The identity session, if any (after a social sign-in's redirect back). */
export const getIdentitySession = () =>
  identityRequest<{ user: IdentityUser } | null>(identityPaths.getSession, 'GET');

export const getIdentityProviders = () => identityRequest<IdentityProviders>(identityPaths.providers, 'GET');

export const identityProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['identityProviders'] as const,
    queryFn: getIdentityProviders,
    staleTime: 5 * 60_000,
  });

/** Which sign-in buttons to show. */
export const useIdentityProviders = () => useQuery(identityProvidersQueryOptions());

/** Sets a new password with the token of a reset mail's link (better-auth brings it to /login?token=). */
export const resetPassword = (token: string, newPassword: string) =>
  identityRequest<unknown>(identityPaths.resetPassword, 'POST', { token, newPassword });
