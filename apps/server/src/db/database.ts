import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
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
}

export const SQLITE_FILE_NAME = 'antenne.sqlite';

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl === '' ? openSqlite(options.dataDir) : openPostgres(options);
}

function openSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, engine: 'sqlite', destroy: once(() => db.destroy()) };
}

function openPostgres({ databaseUrl, pgSchema, poolSize = 10 }: DatabaseOptions): DatabaseHandle {
  if (pgSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(pgSchema))
    throw new Error(`invalid schema name ${pgSchema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', destroy: once(() => db.destroy()) };
}

/** `select 1`: the readiness probe. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
