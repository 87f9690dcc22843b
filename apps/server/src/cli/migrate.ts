import { ConfigError, loadConfig, redactUrl } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** `node dist/cli/migrate.js`: brings the configured database to the latest schema and says what it did. */
try {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
  try {
    const { applied } = await migrateToLatest(database.db);
    if (applied.length === 0) console.log(`${database.engine} (${where}): already up to date`);
    for (const name of applied) console.log(`applied ${name}`);
    if (applied.length > 0)
      console.log(`${database.engine} (${where}): ${applied.length} migration(s) applied`);
  } finally {
    await database.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
