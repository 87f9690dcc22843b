import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id a proxy or client may hand us: short, printable, no spaces or separators. */
const SANE = /^[A-Za-z0-9._:@-]{8,128}$/;

/** Reuses a sane incoming x-request-id so logs line up across hops; otherwise a fresh UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE.test(incoming) ? incoming : randomUUID();
}
