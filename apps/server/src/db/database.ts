import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { classifyDatabaseError, DatabaseHealth, errorSummary, type DatabaseHealthLog } from './failures.js';
import type { Database } from './schema.js';
import { WatchedDialect } from './watched-dialect.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** What the queries run so far say of the database: a full disk, a lost connection (/readyz reads it). */
  health: DatabaseHealth;
  /** Closes the pool or the file. Safe to call twice. */
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** Empty: SQLite under dataDir. Otherwise a postgres:// URL. */
  databaseUrl: string;
  dataDir: string;
  /** PostgreSQL only: run every connection in this schema (tests isolate themselves this way). */
  pgSchema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Where a lost connection, a full disk and their end are logged (main.ts's logger; none in tests). */
  log?: DatabaseHealthLog;
}

/**
 * PostgreSQL: how long a request waits for a connection (a new one, or a free one of a busy pool)
 * before its query fails as "database unreachable" (503): a host that drops packets during a
 * failover would otherwise hold requests for the TCP timeout, minutes.
 */
export const PG_CONNECT_TIMEOUT_MS = 5000;

export const SQLITE_FILE_NAME = 'antenne.sqlite';

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const health = new DatabaseHealth(options.log);
  return options.databaseUrl === '' ? openSqlite(options.dataDir, health) : openPostgres(options, health);
}

function openSqlite(dataDir: string, health: DatabaseHealth): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new WatchedDialect(new SqliteDialect({ database: file }), health),
  });
  return { db, engine: 'sqlite', health, destroy: once(() => db.destroy()) };
}

function openPostgres(
  { databaseUrl, pgSchema, poolSize = 10, log }: DatabaseOptions,
  health: DatabaseHealth,
): DatabaseHandle {
  if (pgSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(pgSchema))
    throw new Error(`invalid schema name ${pgSchema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // A connection whose peer vanished without a word (a failover, a NAT dropping it) is noticed.
    keepAlive: true,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  // A connection that breaks while idle in the pool (PostgreSQL restarting, pg_terminate_backend,
  // an idle timeout, a pooler) is an 'error' event of the pool: without a listener Node throws it
  // and the process dies. The pool has already dropped it; the next query opens a new one.
  pool.on('error', (error) =>
    log?.warn(
      { err: errorSummary(error) },
      'an idle database connection was lost; the next query opens another',
    ),
  );
  // And one that breaks while a request holds it: its query fails (classified where the driver
  // throws it, watched-dialect.ts), but the client emits 'error' as well, with nobody listening
  // (the pool only listens to its idle clients).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({
    dialect: new WatchedDialect(new PostgresDialect({ pool: droppingBrokenConnections(pool) }), health),
  });
  return { db, engine: 'postgres', health, destroy: once(() => db.destroy()) };
}

/**
 * The pool as Kysely draws from it, except that a connection whose query failed because the
 * connection itself is ending (PostgreSQL's FATAL 57P01 when it restarts or terminates the
 * session, a socket reset …) is destroyed when released: back in the pool, it would look idle and
 * healthy for the instant before its socket closes, and the next request would draw it and fail.
 */
function droppingBrokenConnections(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (sqlText: string, parameters: readonly unknown[]) =>
        client.query(sqlText, [...parameters]).catch((error: unknown) => {
          if (endsTheConnection(error)) broken = error as Error;
          throw error;
        });
      // Kysely calls query(sql, parameters) only: no cursor is configured (streamQuery is not used on PostgreSQL).
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

function endsTheConnection(error: unknown): boolean {
  const severity = (error as { severity?: unknown }).severity;
  return severity === 'FATAL' || severity === 'PANIC' || classifyDatabaseError(error) === 'unreachable';
}

/** `select 1`: the readiness probe. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
