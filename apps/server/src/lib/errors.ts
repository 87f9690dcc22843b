import type { ErrorAction, ErrorBody, ErrorCode } from '@antenne/contract';
import { databaseFailureOf, type DatabaseFailure } from '../db/failures.js';

/**
 * An expected failure: thrown by routes, services or repositories, turned into Exposure's error
 * body `{ httpCode, message, extendedMessage?, actions? }` by the central error handler (see app.ts).
 * `actions` (the play call's LOGIN, WAIT, BUY_WATCH_NOW …) appear only when given.
 */
export class ApiError extends Error {
  constructor(
    readonly httpCode: number,
    readonly code: ErrorCode,
    readonly extendedMessage?: string,
    readonly actions?: ErrorAction[],
  ) {
    super(extendedMessage ? `${code}: ${extendedMessage}` : code);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { httpCode: this.httpCode, message: this.code };
    if (this.extendedMessage !== undefined) body.extendedMessage = this.extendedMessage;
    if (this.actions !== undefined) body.actions = this.actions;
    return body;
  }
}

export const notFound = (extendedMessage?: string) => new ApiError(404, 'NOT_FOUND', extendedMessage);

/** Fastify's own error codes for client mistakes, mapped to the contract's codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'INVALID_SESSION_TOKEN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
  507: 'INSUFFICIENT_STORAGE',
};

/** The generic code of an HTTP status (BAD_REQUEST for a 4xx without one of its own, INTERNAL_ERROR for a 5xx). */
export function errorCodeOfStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: unknown;
}

/**
 * Seconds a client waits before asking again after a 503 (the `Retry-After` header, ADR 0042): a
 * PostgreSQL restart or failover takes a few seconds, and a client that waits this long mostly
 * finds it back rather than adding its request to the ones a recovering database gets at once.
 */
export const RETRY_AFTER_SECONDS = 5;

/** The answer to a request whose database failed this way (failures.ts; ADR 0042). */
export function databaseFailureBody(failure: DatabaseFailure): ErrorBody {
  switch (failure) {
    case 'unreachable':
      return {
        httpCode: 503,
        message: 'SERVICE_UNAVAILABLE',
        extendedMessage: `the database is unreachable; retry in ${RETRY_AFTER_SECONDS} seconds`,
      };
    case 'exhausted':
      return {
        httpCode: 503,
        message: 'SERVICE_UNAVAILABLE',
        extendedMessage: `the database is out of connections or memory; retry in ${RETRY_AFTER_SECONDS} seconds`,
      };
    case 'disk-full':
      return {
        httpCode: 507,
        message: 'INSUFFICIENT_STORAGE',
        extendedMessage:
          "the server's disk is full: nothing can be saved until space is freed (reading still works)",
      };
  }
}

/**
 * The body for any error. Client errors (4xx) keep a short explanation; a database that cannot be
 * reached or has no room left says so (503, 507); anything else is a server fault whose details
 * never leave the process.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof ApiError) return error.toBody();
  const failure = databaseFailureOf(error);
  if (failure !== undefined) return databaseFailureBody(failure);
  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyLikeError;
  const status = e.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = (e.code && FASTIFY_CLIENT_ERRORS[e.code]) || STATUS_CODES[status] || 'BAD_REQUEST';
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return { httpCode: 400, message: code, extendedMessage: 'body is not valid JSON' };
    return e.message
      ? { httpCode: status, message: code, extendedMessage: e.message }
      : { httpCode: status, message: code };
  }
  if (status === 503) return { httpCode: 503, message: 'SERVICE_UNAVAILABLE' };
  return { httpCode: 500, message: 'INTERNAL_ERROR' };
}
