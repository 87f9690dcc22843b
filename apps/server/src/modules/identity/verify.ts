import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Identity } from './auth.js';

/** What firebaseLogin learns from a verified ID token. */
export interface IdentityClaims {
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
}

/**
 * Checks an ID token of the identity service: signature against its JWKS (the keys in the
 * database, so every server of a cluster agrees), issuer, audience and expiry. Throws otherwise.
 */
export function createIdTokenVerifier(identity: Identity, publicUrl: string) {
  return async (token: string): Promise<IdentityClaims> => {
    const jwks = (await identity.api.getJwks()) as JSONWebKeySet;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: publicUrl, audience: publicUrl });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('the ID token lacks sub or email');
    return {
      identityUserId: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true,
      ...(typeof payload.name === 'string' && payload.name !== '' ? { displayName: payload.name } : {}),
    };
  };
}
