import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The one shape of this module's signed tokens (play tokens, eventsink beacon tokens):
 * `base64url(JSON payload) '.' base64url(HMAC-SHA256)` — URL-safe, one path segment. Each kind
 * has its own key, derived (HKDF-SHA256) from the identity secret with its own label, so a token
 * of one kind never verifies as another, and the key is never the secret itself. Checked with a
 * constant-time compare, then the payload's shape, then its expiry.
 */

export interface SignedTokens<P extends { exp: number }> {
  sign(payload: P): string;
  /** The payload of a genuine, unexpired token; undefined otherwise (never says why: no oracle). */
  verify(token: string, now: number): P | undefined;
}

/** Tokens are small; anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 2048;

export function createSignedTokens<P extends { exp: number }>(
  secret: string,
  label: string,
  isPayload: (value: unknown) => value is P,
): SignedTokens<P> {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), label, 32));
  const mac = (data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      const dot = token.indexOf('.');
      if (dot <= 0 || dot !== token.lastIndexOf('.')) return undefined;
      const body = token.slice(0, dot);
      const signature = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(body);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      if (!isPayload(payload) || !(payload.exp > now)) return undefined;
      return payload;
    },
  };
}
