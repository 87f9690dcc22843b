import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The accounts' secrets: session tokens' hashes (only their SHA-256 is stored; session-token.ts makes them), PINs (scrypt with a salt)
 * and ids. Nothing here logs or returns a secret other than the one it just made.
 */

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

const PIN_KEY_LENGTH = 32;

/** What the sessions table keys a token by: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `acc_…` (household), `usr_…` (profile). */
export function newId(prefix: 'acc' | 'usr'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** `scrypt$<salt>$<hash>` (base64url). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, PIN_KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(pin, Buffer.from(salt, 'base64url'), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
