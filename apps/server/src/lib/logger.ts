import pino, { stdSerializers, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/** Request headers that carry secrets never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

export const REDACTED = '[redacted]';

/**
 * Credentials that travel in URLs and headers: the play token as the first path segment of
 * protected media (`/play/<token>/…`, valid for an hour), a token in a query string, a bearer
 * token quoted in a message (the licence's `Authorization: Bearer <play token>`).
 */
const CREDENTIALS: [RegExp, string][] = [
  [/\/play\/[^/?#\s"\\]+/g, `/play/${REDACTED}`],
  [/([?&](?:token|play_?token|beacon_?token|access_?token|id_?token)=)[^&#\s"\\]*/gi, `$1${REDACTED}`],
  [/(\bBearer\s+)[^\s"\\]+/gi, `$1${REDACTED}`],
];

/** The text with every credential it carries replaced by `[redacted]` (the rest stays readable). */
export function redactCredentials(text: string): string {
  let result = text;
  for (const [pattern, replacement] of CREDENTIALS) result = result.replace(pattern, replacement);
  return result;
}

/**
 * A request's URL also loses a `key=` (the outbox link's key, modules/mail/outbox-key.ts): only
 * here, not in the net below, since the start banner prints that link on purpose.
 */
const URL_CREDENTIALS: [RegExp, string][] = [[/([?&]key=)[^&#\s"\\]*/gi, `$1${REDACTED}`]];

/** A request URL as the log shows it: every credential above, and a `key=`, redacted. */
function redactRequestUrl(url: string): string {
  let result = redactCredentials(url);
  for (const [pattern, replacement] of URL_CREDENTIALS) result = result.replace(pattern, replacement);
  return result;
}

/**
 * Serializers for the fields that carry a URL: the request line's `url` (app.ts), a `req`
 * (Fastify's shape) and an error whose message quotes a URL. Then, as a net for any other
 * field, every line is redacted once more as it is written (`hooks.streamWrite`).
 */
const serializers: LoggerOptions['serializers'] = {
  url: (url: unknown) => (typeof url === 'string' ? redactRequestUrl(url) : url),
  req: (req: unknown) => {
    if (req === null || typeof req !== 'object') return req;
    const copy = { ...(req as Record<string, unknown>) };
    if (typeof copy.url === 'string') copy.url = redactRequestUrl(copy.url);
    return copy;
  },
  err: (err: Error) => {
    const serialized = stdSerializers.err(err);
    if (typeof serialized.message === 'string') serialized.message = redactCredentials(serialized.message);
    return serialized;
  },
};

export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers,
    hooks: { streamWrite: redactCredentials },
    base: { pid: process.pid },
    ...(config.nodeEnv === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  return pino(loggerOptions(config));
}
