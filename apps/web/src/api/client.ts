import { GET_TIMEOUT_MS } from '@antenne/contract';

/**
 * The one fetch wrapper (spec part 1 §7): every backend call of the web app goes through here.
 *
 * - GET calls carry `client=json` and time out after GET_TIMEOUT_MS (5 s).
 * - A bearer authorization is sent when a token is given.
 * - Household calls ask for `noCache` (`cache: 'no-store'` and `Cache-Control: no-cache`).
 * - Bodies are JSON; failures become a typed ApiError carrying the Exposure error code.
 * - The identity service's calls (identity.ts) send its cookie (`credentials`); the analytics
 *   beacon's fallback (playback.ts) posts text with `keepalive`: nothing else calls `fetch`.
 * - A call made with a session token that answers 401 INVALID_SESSION_TOKEN / NO_SESSION_TOKEN
 *   (signed out or replaced elsewhere) is told to the onSessionRejected listeners — the session
 *   store, which forgets the session; the app shell then offers to sign in again. No redirect or
 *   popup here.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; null/undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, as `text/plain` (instead of `body`): a beacon's payload, with no CORS preflight. */
  text?: string;
  /** The user's session token: sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** For household calls: bypass every cache on the way. */
  noCache?: boolean;
  /** Base URL of the API (`config.exposureBaseUrl`); empty means the same origin. */
  baseUrl?: string;
  /** Milliseconds before the call is abandoned; GETs default to GET_TIMEOUT_MS, others wait; null: never. */
  timeoutMs?: number | null;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Adds `client=json` to a GET (default true); off for files that are not API calls. */
  clientJson?: boolean;
  /** Extra request headers (e.g. the parental PIN of a play call). */
  headers?: Record<string, string>;
  /** `include` for the identity service, whose session is a cookie. */
  credentials?: RequestCredentials;
  /** The call outlives the page (an unload's last events). */
  keepalive?: boolean;
  /** A 2xx answer whose body is not JSON resolves to undefined instead of failing INVALID_RESPONSE. */
  lenientBody?: boolean;
}

/** Codes the wrapper itself produces; the others come from the server's error body. */
export const TIMEOUT = 'TIMEOUT';
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

/**
 * A failed call: the Exposure error body `{ httpCode, message }` plus the URL asked.
 * `message` is the machine-readable code (NOT_FOUND, TIMEOUT, NETWORK_ERROR ...).
 */
export class ApiError extends Error {
  /** The HTTP status (408 for a time-out, 0 when the network failed). `message` holds the code. */
  readonly httpCode: number;
  readonly url: string;
  readonly extendedMessage: string | undefined;
  /** The answer's own HTTP status; `httpCode` is the error body's (the same for the wrapper's own failures). */
  readonly status: number;

  constructor(httpCode: number, code: string, url: string, extendedMessage?: string, status = httpCode) {
    super(code);
    this.name = 'ApiError';
    this.httpCode = httpCode;
    this.url = url;
    this.extendedMessage = extendedMessage;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The 401 codes that say the session token itself is no good any more (signed out, another profile chosen). */
const SESSION_REJECTED_CODES: ReadonlySet<string> = new Set(['INVALID_SESSION_TOKEN', 'NO_SESSION_TOKEN']);
type SessionRejectedListener = (token: string) => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/** Calls `listener` with the token of every call that the server answers with a rejected session; returns the unsubscribe. */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

/** Whether `error` is a personal call's 401 for a session token that is no good any more. */
export function isSessionRejection(error: unknown): boolean {
  return isApiError(error) && error.httpCode === 401 && SESSION_REJECTED_CODES.has(error.message);
}

/** Builds the URL of a call: relative when the API is on the same origin. */
export function buildUrl(
  path: string,
  options: Pick<RequestOptions, 'baseUrl' | 'query'> & { clientJson?: boolean },
): string {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '';
  const url = new URL(base + path, base ? undefined : 'http://same-origin.invalid');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) url.searchParams.append(key, String(item));
    } else {
      url.searchParams.set(key, String(value));
    }
  }
  if (options.clientJson) url.searchParams.set('client', 'json');
  return base ? url.href : `${url.pathname}${url.search}`;
}

function readErrorBody(body: unknown): { httpCode?: number; message?: string; extendedMessage?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  return {
    httpCode: typeof record.httpCode === 'number' ? record.httpCode : undefined,
    message: typeof record.message === 'string' && record.message ? record.message : undefined,
    extendedMessage: typeof record.extendedMessage === 'string' ? record.extendedMessage : undefined,
  };
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The fetch the wrapper calls: the browser's, or, in a server render, the server's own (in process). */
let fetchImplementation: typeof fetch = (input, init) => fetch(input, init);

/** The server render (ssr/entry-server.tsx) answers the calls in process instead of over the network. */
export function setFetchImplementation(implementation: typeof fetch): void {
  fetchImplementation = implementation;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const isGet = method === 'GET';
  const url = buildUrl(path, { ...options, clientJson: isGet && options.clientJson !== false });

  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (options.text !== undefined) headers.set('Content-Type', 'text/plain');
  else if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.noCache) headers.set('Cache-Control', 'no-cache');

  // One controller for both the caller's cancellation and the time-out, told apart by a flag.
  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = options.timeoutMs === undefined ? (isGet ? GET_TIMEOUT_MS : null) : options.timeoutMs;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetchImplementation(url, {
        method,
        headers,
        body: options.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: controller.signal,
        ...(options.noCache ? { cache: 'no-store' as const } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (timedOut) throw new ApiError(408, TIMEOUT, url);
      if (options.signal?.aborted) throw error; // the caller cancelled: not an API failure
      throw new ApiError(0, NETWORK_ERROR, url);
    }

    let body: unknown;
    try {
      body = await parseJson(response);
    } catch (error) {
      if (timedOut) throw new ApiError(408, TIMEOUT, url);
      if (options.signal?.aborted) throw error;
      if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, url);
      if (options.lenientBody) return undefined as T;
      throw new ApiError(response.status, INVALID_RESPONSE, url);
    }

    if (!response.ok) {
      const error = readErrorBody(body);
      const failure = new ApiError(
        error.httpCode ?? response.status,
        error.message ?? `HTTP_${response.status}`,
        url,
        error.extendedMessage,
        response.status,
      );
      if (options.token && isSessionRejection(failure)) {
        for (const listener of sessionRejectedListeners) listener(options.token);
      }
      throw failure;
    }
    return body as T;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands used by the per-call files of src/api and features/<name>/api. */
export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options & { body?: unknown }) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
