import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The outbox key: the secret that opens /dev/outbox (ADR 0011). The outbox holds password-reset
 * links, so a caller that merely looks local — every visitor of a same-host proxy that adds no
 * header, as nginx's plain `proxy_pass` — must not read it. Only the person at the machine has
 * the key: it is printed in the server's log at start (the outbox link) and kept in
 * DATA_DIR/outbox-key, mode 600, next to the mails it guards — whoever can read that file can
 * read DATA_DIR/outbox anyway. One file, so every process on that DATA_DIR and every restart
 * share it (a bookmarked link and its cookie keep working; `npm run mail:outbox -- --link`
 * prints it); deleting the file and restarting makes a new one.
 */

const OUTBOX_KEY_FILE_NAME = 'outbox-key';

export const OUTBOX_PATH = '/dev/outbox';
/**
 * The query parameter the link carries the key in. Not `token`: the log redacts every `token=`
 * of a line, and the start banner must show this link whole (a request's URL is redacted of it,
 * lib/logger.ts).
 */
export const OUTBOX_KEY_PARAMETER = 'key';
/** The cookie the link's key is exchanged for (HttpOnly, SameSite=Strict, Path=/dev/outbox). */
export const OUTBOX_COOKIE = 'antenne_outbox_key';

/** 32 random bytes, base64url: 256 bits (43 characters). */
const KEY_BYTES = 32;
/** What a key file must hold: base64url of at least 128 bits. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,512}$/;

export class OutboxKeyError extends Error {
  override readonly name = 'OutboxKeyError';
}

const outboxKeyFile = (dataDir: string) => path.join(dataDir, OUTBOX_KEY_FILE_NAME);

/** The key in DATA_DIR/outbox-key; undefined when there is none yet (the server makes it at start). */
export function readOutboxKey(dataDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(outboxKeyFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = text.trim();
  if (!KEY_PATTERN.test(key))
    throw new OutboxKeyError(
      `${outboxKeyFile(dataDir)} does not hold an outbox key (at least 22 characters of A-Z, a-z, 0-9, - and _): delete it and a new one is made at the next start`,
    );
  return key;
}

/**
 * The key of this DATA_DIR, made on first use: written whole under a temporary name, then linked
 * into place (a link never replaces a file), so processes starting together agree on one key and
 * none reads half of it.
 */
export function outboxKey(dataDir: string): string {
  const existing = readOutboxKey(dataDir);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const file = outboxKeyFile(dataDir);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Another process of the same DATA_DIR made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const key = readOutboxKey(dataDir);
  if (key === undefined) throw new OutboxKeyError(`${file} disappeared while it was made`);
  return key;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `candidate` is the key, in a time that says nothing about how much of it matched. */
export function outboxKeyCheck(key: string): (candidate: string | undefined) => boolean {
  const expected = digest(key);
  return (candidate) => candidate !== undefined && timingSafeEqual(digest(candidate), expected);
}

/**
 * The outbox page's link with its key, as the start banner and the CLI print it: the address the
 * server listens on (`localhost` for a wildcard one) — the page answers this machine only.
 */
export function outboxLink(host: string, port: number, key: string): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  const hostPart = shown.includes(':') && !shown.startsWith('[') ? `[${shown}]` : shown;
  return `http://${hostPart}:${port}${OUTBOX_PATH}?${OUTBOX_KEY_PARAMETER}=${key}`;
}
