import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import {
  classifyDatabaseError,
  DatabaseHealth,
  databaseFailureOf,
  markDatabaseFailure,
} from '../src/db/failures.js';
import { toErrorBody } from '../src/lib/errors.js';

/** What a driver error means (ADR 0042): decided once, in db/failures.ts, for the error handler and /readyz. */

const pgError = (code: string, message = 'from PostgreSQL') => {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
};
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('classifyDatabaseError', () => {
  test.each([
    ['57P01 admin_shutdown (a restart, pg_terminate_backend)', pgError('57P01')],
    ['57P02 crash_shutdown', pgError('57P02')],
    ['57P03 cannot_connect_now (starting up, shutting down)', pgError('57P03')],
    ['57P05 idle_session_timeout', pgError('57P05')],
    ['08006 connection_failure', pgError('08006')],
    ['08P01 protocol_violation', pgError('08P01')],
    ['ECONNREFUSED', socketError('ECONNREFUSED')],
    ['ECONNRESET', socketError('ECONNRESET')],
    ['ETIMEDOUT', socketError('ETIMEDOUT')],
    ['EAI_AGAIN (DNS during a failover)', socketError('EAI_AGAIN')],
    ["node-postgres's lost connection", new Error('Connection terminated unexpectedly')],
    ["node-postgres's connect timeout", new Error('Connection terminated due to connection timeout')],
    ["node-postgres's pool timeout", new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ["Node's happy eyeballs", new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')])],
    ['a wrapped cause', new Error('could not read', { cause: socketError('ECONNRESET') })],
  ])('%s: unreachable', (_name, error) => {
    expect(classifyDatabaseError(error)).toBe('unreachable');
  });

  test.each([
    ['53300 too_many_connections', pgError('53300')],
    ['53200 out_of_memory', pgError('53200')],
    ['53400 configuration_limit_exceeded', pgError('53400')],
  ])('%s: exhausted', (_name, error) => {
    expect(classifyDatabaseError(error)).toBe('exhausted');
  });

  test("SQLite's SQLITE_FULL and PostgreSQL's 53100 disk_full: disk-full", () => {
    expect(classifyDatabaseError(new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL'))).toBe(
      'disk-full',
    );
    expect(classifyDatabaseError(pgError('53100', 'could not extend file'))).toBe('disk-full');
  });

  test("an error of the query itself is none of these: it stays the caller's", () => {
    expect(classifyDatabaseError(pgError('23505', 'duplicate key'))).toBeUndefined();
    expect(classifyDatabaseError(pgError('42P01', 'relation does not exist'))).toBeUndefined();
    expect(
      classifyDatabaseError(new SQLite.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')),
    ).toBeUndefined();
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDatabaseError('a string')).toBeUndefined();
  });
});

describe('the error body of a database failure', () => {
  test('only an error the driver marked counts: an SMTP server refusing a connection is not the database', () => {
    const smtp = socketError('ECONNREFUSED');
    expect(toErrorBody(smtp)).toEqual({ httpCode: 500, message: 'INTERNAL_ERROR' });
    const database = socketError('ECONNREFUSED');
    markDatabaseFailure(database, 'unreachable');
    expect(databaseFailureOf(database)).toBe('unreachable');
    expect(toErrorBody(database)).toEqual({
      httpCode: 503,
      message: 'SERVICE_UNAVAILABLE',
      extendedMessage: 'the database is unreachable; retry in 5 seconds',
    });
    // A service that wraps the driver's error keeps its meaning.
    expect(toErrorBody(new Error('could not list', { cause: database })).httpCode).toBe(503);
  });

  test('exhausted: 503; disk full: 507 INSUFFICIENT_STORAGE', () => {
    const busy = pgError('53300');
    markDatabaseFailure(busy, 'exhausted');
    expect(toErrorBody(busy)).toEqual({
      httpCode: 503,
      message: 'SERVICE_UNAVAILABLE',
      extendedMessage: 'the database is out of connections or memory; retry in 5 seconds',
    });
    const full = new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL');
    markDatabaseFailure(full, 'disk-full');
    expect(toErrorBody(full)).toEqual({
      httpCode: 507,
      message: 'INSUFFICIENT_STORAGE',
      extendedMessage:
        "the server's disk is full: nothing can be saved until space is freed (reading still works)",
    });
  });
});

describe('DatabaseHealth', () => {
  test('disk full until a write succeeds; a lost connection said once, and its end once', () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, msg: string) => lines.push(msg),
      info: (_: object, msg: string) => lines.push(msg),
    };
    let now = 0;
    const health = new DatabaseHealth(log, () => now);

    health.failed('disk-full', new Error('full'));
    health.answered();
    expect(health.diskFull).toBe(true);
    health.wrote();
    expect(health.diskFull).toBe(false);

    now = 10;
    health.failed('unreachable', new Error('gone'));
    health.failed('unreachable', new Error('gone'));
    expect(health.failureSince(5)).toBe('unreachable');
    expect(health.failureSince(11)).toBeUndefined();
    health.answered();
    health.answered();
    expect(lines).toEqual([
      'database disk full: writes answer 507 and /readyz says degraded until a write succeeds',
      'database writes succeed again: no longer degraded',
      'database unreachable: requests answer 503 with Retry-After until it answers again',
      'database reachable again',
    ]);
  });
});
