import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * What a database failure means for the people asking (ADR 0042), decided once, where the error
 * comes out of the driver (watched-dialect.ts), and read by the central error handler, /readyz and
 * the logs:
 *
 * - `unreachable`: the connection is gone or cannot be made — PostgreSQL restarting, failing over,
 *   ending a session (pg_terminate_backend, an idle timeout, a pooler), refusing connections while
 *   it starts, a network that drops packets. It comes back by itself: 503 with Retry-After.
 * - `exhausted`: PostgreSQL is out of connections, memory or a configured limit (class 53 but
 *   53100). Also passing: 503 with Retry-After.
 * - `disk-full`: SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full. Nothing is saved until
 *   someone frees space; reads still work: 507, and /readyz says "degraded: disk full".
 */
export type DatabaseFailure = 'unreachable' | 'exhausted' | 'disk-full';

/** Socket errors of a connection to the database (Node's `code`). */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/** node-postgres's own errors when a connection ends, breaks or cannot be had in time. */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated\b|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * The SQLSTATEs of a lost or refused connection: class 08 (connection exception) and 57P0x
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P04 database_dropped,
 * 57P05 idle_session_timeout).
 */
const PG_UNREACHABLE_STATE = /^(08[0-9A-Z]{3}|57P0[0-9])$/;

/**
 * What an error thrown by the database driver means, or undefined for an error of the query
 * itself (a constraint, a syntax error …), which stays a 500 or whatever its caller makes of it.
 * Socket errors and node-postgres's connection messages count only because the caller knows the
 * error came from the driver: an SMTP server refusing a connection is not the database.
 */
export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  if (error instanceof SQLite.SqliteError) return error.code === 'SQLITE_FULL' ? 'disk-full' : undefined;
  if (error instanceof pg.DatabaseError) {
    const state = error.code ?? '';
    if (state === '53100') return 'disk-full';
    if (state.startsWith('53')) return 'exhausted';
    return PG_UNREACHABLE_STATE.test(state) ? 'unreachable' : undefined;
  }
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return 'unreachable';
  if (PG_CONNECTION_MESSAGES.test(error.message)) return 'unreachable';
  // Node's "happy eyeballs" connect gives up with every address's error together.
  if (error instanceof AggregateError && error.errors.some((e) => classifyDatabaseError(e) === 'unreachable'))
    return 'unreachable';
  if (error.cause !== undefined && error.cause !== error) return classifyDatabaseError(error.cause);
  return undefined;
}

const FAILURE = Symbol('antenne.databaseFailure');

/** Marks an error the driver threw with what it means (read back by databaseFailureOf). */
export function markDatabaseFailure(error: unknown, failure: DatabaseFailure): void {
  if (typeof error !== 'object' || error === null || Object.isFrozen(error)) return;
  Object.defineProperty(error, FAILURE, { value: failure, enumerable: false, configurable: true });
}

/**
 * The database failure an error is, or carries as its cause (a service that wraps the driver's
 * error keeps the meaning): undefined for anything else.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 8; depth++) {
    const failure = (e as { [FAILURE]?: DatabaseFailure })[FAILURE];
    if (failure !== undefined) return failure;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Where the database's state goes when it changes (main.ts's logger; nothing in tests). */
export interface DatabaseHealthLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * What the process knows of its database from the queries it ran: whether the disk was full at
 * the last write (until a write succeeds), and the last failure of a lost connection. /readyz
 * reads it; watched-dialect.ts writes it.
 */
export class DatabaseHealth {
  /** A write failed for want of space and none succeeded since. */
  diskFull = false;
  private unreachable = false;
  private lastFailure: { failure: DatabaseFailure; atMs: number } | undefined;

  constructor(
    private readonly log?: DatabaseHealthLog,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A query or a connection failed this way. */
  failed(failure: DatabaseFailure, error: unknown): void {
    this.lastFailure = { failure, atMs: this.now() };
    const detail = errorSummary(error);
    if (failure === 'disk-full') {
      if (!this.diskFull)
        this.log?.warn(
          { err: detail },
          'database disk full: writes answer 507 and /readyz says degraded until a write succeeds',
        );
      this.diskFull = true;
    } else if (!this.unreachable) {
      this.unreachable = true;
      this.log?.warn(
        { err: detail, failure },
        'database unreachable: requests answer 503 with Retry-After until it answers again',
      );
    }
  }

  /** A query succeeded (the connection works again). */
  answered(): void {
    if (!this.unreachable) return;
    this.unreachable = false;
    this.log?.info({}, 'database reachable again');
  }

  /** A write succeeded (committed): there was room for it. */
  wrote(): void {
    this.answered();
    if (!this.diskFull) return;
    this.diskFull = false;
    this.log?.info({}, 'database writes succeed again: no longer degraded');
  }

  /** The failure classified at or after `sinceMs` (performance.now()), if any. */
  failureSince(sinceMs: number): DatabaseFailure | undefined {
    return this.lastFailure !== undefined && this.lastFailure.atMs >= sinceMs
      ? this.lastFailure.failure
      : undefined;
  }
}

/**
 * An error's code and message, for a log line: node-postgres hangs the whole client (socket,
 * parsers, type tables) on an idle connection's error, which a serializer would copy out.
 */
export function errorSummary(error: unknown): { message: string; code?: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? { message: error.message, code } : { message: error.message };
}
