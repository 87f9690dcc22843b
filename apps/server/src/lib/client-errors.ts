import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@antenne/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * a request line and headers past Node's limit (431), an unknown method, a path with raw
 * non-ASCII or control bytes (non-UTF-8 paths among them), any other broken HTTP (400), a client
 * too slow to send its request (408). Each gets the one error body with the security headers
 * every other answer carries, then the connection closes (the parser cannot go on with it).
 * (A request without Host is not one of them: Node's own bare 400 for it is turned off and the
 * app answers it, `MISSING_HOST` in app.ts.)
 */

interface ClientRefusal {
  httpCode: number;
  message: ErrorCode;
  extendedMessage: string;
}

/** The answer to a parser error code (llhttp's HPE_*, Node's ERR_HTTP_*). */
export function clientRefusal(code: string | undefined): ClientRefusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        httpCode: 431,
        message: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        extendedMessage: `the request line and headers exceed ${maxHeaderSize} bytes`,
      };
    case 'HPE_INVALID_METHOD':
      return { httpCode: 400, message: 'BAD_REQUEST', extendedMessage: 'the method is not one HTTP knows' };
    case 'HPE_INVALID_URL':
      return {
        httpCode: 400,
        message: 'BAD_REQUEST',
        extendedMessage: 'the path holds a byte that must be percent-encoded (control, space or non-ASCII)',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return {
        httpCode: 408,
        message: 'REQUEST_TIMEOUT',
        extendedMessage: 'the request did not arrive in time',
      };
    default:
      return { httpCode: 400, message: 'BAD_REQUEST', extendedMessage: 'the request is not valid HTTP/1.1' };
  }
}

/**
 * The raw HTTP/1.1 answer carrying the error body and `headers` (the security headers,
 * lib/security-headers.ts); the connection is closed after it.
 */
export function rawErrorResponse(
  refusal: ClientRefusal,
  headers: Readonly<Record<string, string>> = {},
): string {
  const body: ErrorBody = refusal;
  const json = JSON.stringify(body);
  const extra = Object.entries(headers)
    .filter(([name]) => !['content-type', 'content-length', 'cache-control', 'connection'].includes(name))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${refusal.httpCode} ${STATUS_CODES[refusal.httpCode] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    'Cache-Control: no-store\r\n' +
    (headers['x-content-type-options'] === undefined ? 'X-Content-Type-Options: nosniff\r\n' : '') +
    extra +
    'Connection: close\r\n\r\n' +
    json
  );
}

/** Fastify's clientErrorHandler, answering with these headers: the error body, then the connection ends. */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function handleClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Socket,
  ): void {
    // A reset connection (or one already gone) has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = clientRefusal(error.code);
    this.log.info({ code: refusal.message, parserError: error.code }, 'client error before routing');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorResponse(refusal, headers), () => socket.destroy());
  };
}
