import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * An administrator command's work on the configured database (DATABASE_URL or DATA_DIR's SQLite),
 * closed after. A configuration error or one the command calls the operator's (`isOperatorError`:
 * an unknown email, a taken username) prints its message alone; anything else its stack. Both set
 * exit code 1.
 */
export async function onConfiguredDatabase(
  work: (db: Kysely<Database>) => Promise<void>,
  isOperatorError: (error: unknown) => boolean,
): Promise<void> {
  try {
    const config = loadConfig();
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await work(database.db);
    } finally {
      await database.destroy();
    }
  } catch (error) {
    console.error(error instanceof ConfigError || isOperatorError(error) ? (error as Error).message : error);
    process.exitCode = 1;
  }
}
