import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';

/** Seals and opens secrets kept at rest (private keys) with the server's secret. */
export interface SecretBox {
  seal(plaintext: string): Promise<string>;
  /** Throws when `sealed` was not sealed with this secret (or was altered). */
  open(sealed: string): Promise<string>;
}

/**
 * The cipher the identity service keeps its own JWT private keys under (better-auth's
 * `symmetricEncrypt`: XChaCha20-Poly1305, its key the SHA-256 of the secret, hex out), with the
 * same secret (`identitySecret`: AUTH_SECRET, or DATA_DIR/auth-secret). One cipher for every
 * private key at rest: the test distributor's signing key uses it too (ADR 0041).
 */
export function secretBox(secret: string): SecretBox {
  return {
    seal: (plaintext) => symmetricEncrypt({ key: secret, data: plaintext }),
    open: (sealed) => symmetricDecrypt({ key: secret, data: sealed }),
  };
}
