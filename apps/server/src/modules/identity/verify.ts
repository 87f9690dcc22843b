import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { IDENTITY_FRESH_SESSION_SECONDS } from '@antenne/contract';
import type { Identity } from './auth.js';

/** What firebaseLogin learns from a verified ID token. */
export interface IdentityClaims {
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  /** When the identity session signed in (ms; auth_time): the Exposure session's sign-in. */
  signedInMs: number;
}

/**
 * Checks an ID token of the identity service: signature against its JWKS (the keys in the
 * database, so every server of a cluster agrees), issuer, audience and expiry, and that it was
 * minted within IDENTITY_FRESH_SESSION_SECONDS of its sign-in (auth_time), which it returns as
 * the sign-in of the session it opens. Throws otherwise.
 */
export function createIdTokenVerifier(identity: Identity, publicUrl: string) {
  return async (token: string): Promise<IdentityClaims> => {
    const jwks = (await identity.api.getJwks()) as JSONWebKeySet;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: publicUrl,
      audience: publicUrl,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
      throw new Error('the ID token lacks sub or email');
    // Exchanged only soon after a real sign-in: an identity cookie left in a family browser does
    // not mint a main-profile session for whoever uses it later (ADR 0012).
    if (
      typeof payload.auth_time !== 'number' ||
      typeof payload.iat !== 'number' ||
      payload.iat - payload.auth_time > IDENTITY_FRESH_SESSION_SECONDS
    ) {
      throw new Error('the ID token was not minted soon after a sign-in');
    }
    return {
      identityUserId: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true,
      signedInMs: payload.auth_time * 1000,
      ...(typeof payload.name === 'string' && payload.name !== '' ? { displayName: payload.name } : {}),
    };
  };
}
