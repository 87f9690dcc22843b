import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  type Engine,
} from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { VerifyIdToken } from '../../src/modules/accounts/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { loggerOptions } from '../../src/lib/logger.js';
import { SERVER_VERSION } from '../../src/lib/version.js';

/**
 * The engines every integration suite runs on: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const engines: Engine[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TENANT = { customer: 'antenne', businessUnit: 'monde' } as const;

/** A fresh, migrated, seeded database of its own: a temp DATA_DIR, or a fresh PostgreSQL schema. */
export interface TestDatabase {
  engine: Engine;
  options: DatabaseOptions;
  /** A new handle on it (each app owns and closes its own). */
  open(): DatabaseHandle;
  /** Drops the schema or removes the folder. */
  cleanup(): Promise<void>;
}

export async function createTestDatabase(
  engine: Engine,
  { seed = true, migrate = true } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-test-'));
  let options: DatabaseOptions = { databaseUrl: '', dataDir };
  let dropSchema = async () => {};
  if (engine === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withAdmin((client) => client.query(`create schema ${schema}`));
    options = { databaseUrl: TEST_DATABASE_URL, dataDir, pgSchema: schema, poolSize: 4 };
    dropSchema = () =>
      withAdmin((client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => {});
  }
  const handle = openDatabase(options);
  try {
    if (migrate) await migrateToLatest(handle.db);
    if (seed) await seedIfEmpty(handle.db, { ...TENANT, version: SERVER_VERSION });
  } finally {
    await handle.destroy();
  }
  return {
    engine,
    options,
    open: () => openDatabase(options),
    cleanup: async () => {
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Configuration as from an empty environment, pointed at the test database, plus overrides. */
export function testConfig(testDb: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: testDb.options.dataDir,
      CUSTOMER: TENANT.customer,
      BUSINESS_UNIT: TENANT.businessUnit,
    }),
    // Never the real apps/web/dist: tests that serve a web app bring their own folder.
    webDistDir: path.join(testDb.options.dataDir, 'no-web-dist'),
    databaseUrl: testDb.options.databaseUrl,
    ...overrides,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  logger?: Logger;
  /** How often caches re-read the catalogue version (0: on every request). */
  cacheCheckEveryMs?: number;
  /** The clock publication windows are checked against. */
  clock?: () => number;
  /** Checks firebaseLogin's ID tokens (tests mint their own; the real JWT check is the identity module's). */
  verifyIdToken?: VerifyIdToken;
  /** Registers extra routes before the app is ready (e.g. one that throws). */
  extend?: (app: App) => void;
  /** The schedule the live streams read (a fake; the EPG service in the app). */
  schedule?: AppDeps['schedule'];
  /** What the staff dashboard reads (known reports in its tests). */
  dashboardSources?: AppDeps['dashboardSources'];
}

/** buildApp() over its own handle on the test database; close it with app.close(). */
export async function buildTestApp(testDb: TestDatabase, options: TestAppOptions = {}): Promise<App> {
  const app = await buildApp({
    config: testConfig(testDb, options.config),
    database: testDb.open(),
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.cacheCheckEveryMs === undefined ? {} : { cacheCheckEveryMs: options.cacheCheckEveryMs }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.verifyIdToken === undefined ? {} : { verifyIdToken: options.verifyIdToken }),
    ...(options.schedule === undefined ? {} : { schedule: options.schedule }),
    ...(options.dashboardSources === undefined ? {} : { dashboardSources: options.dashboardSources }),
  });
  options.extend?.(app);
  await app.ready();
  return app;
}

/** A logger whose lines are kept in memory, to assert what was logged. */
export function memoryLogger(logLevel: 'info' | 'debug' = 'info'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const logger = pino(loggerOptions({ logLevel, nodeEnv: 'test' }), {
    write: (chunk: string) => void chunks.push(chunk),
  });
  return { logger, lines: () => chunks.map((chunk) => JSON.parse(chunk) as Record<string, unknown>) };
}

/** The 400 error body naming what is wrong with a request. */
export const badRequest = (extendedMessage: string) => ({
  httpCode: 400,
  message: 'BAD_REQUEST',
  extendedMessage,
});
