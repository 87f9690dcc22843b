import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The identity service's (better-auth's) lines, in the app's log and format. better-auth has two
 * ways to log: the `logger` option, used inside its endpoints, and — for the error that ends a
 * request (a refused origin or callback URL, an existing address at sign-up …) — its router's
 * `onError`, which logs through a module-level logger that, once the endpoint's context is over,
 * is its own console logger ("ERROR [Better Auth]: Invalid origin" on stderr). So both are given
 * here: `logger` and `onAPIError.onError`.
 */

/** better-auth's messages about what a client sent (its origin check): the client's error, not ours. */
const CLIENT_MISTAKE =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Missing or null Origin)/;

type BetterAuthLevel = 'debug' | 'info' | 'success' | 'warn' | 'error';

/** The `logger` option: better-auth's own lines (warn and error; its info and debug are its setup advice). */
export function identityLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log: (level: Exclude<BetterAuthLevel, 'success'>, message: string, ...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const details = args.filter((arg) => arg !== err);
      const fields = { identity: true, ...(err ? { err } : {}), ...(details.length > 0 ? { details } : {}) };
      const pinoLevel = level === 'error' && CLIENT_MISTAKE.test(message) ? 'warn' : level;
      log[pinoLevel](fields, message);
    },
  };
}

/**
 * `onAPIError.onError`: the error a request ended with. A refusal (4xx: a client's origin, its
 * input, a wrong password …) is logged at info with its code — the client's error, answered in
 * the one error body by routes.ts; a failure of the service itself at error, with its stack.
 */
export function logIdentityError(log: FastifyBaseLogger) {
  return (error: unknown): void => {
    if (isAPIError(error) && error.statusCode < 500) {
      log.info({ identity: true, status: error.statusCode, code: error.body?.code }, error.message);
      return;
    }
    log.error({ identity: true, err: error }, 'identity service failed');
  };
}
