import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, redactUrl } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { importCatalogue } from '../modules/catalogue/import-service.js';

/**
 * `node dist/cli/catalog-import.js <file.json>` (`npm run catalog:import -- <file.json>`): validates
 * a catalogue file (docs/catalogue-format.md) and imports it into the configured database for the
 * configured CUSTOMER / BUSINESS_UNIT. Lists every error and writes nothing when the file is invalid.
 */
const arg = process.argv[2];
// Through `npm run`, the working folder is the repository root: a relative path is the caller's.
const file = arg && !arg.startsWith('-') ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : arg;
if (file === undefined || file === '--help' || file === '-h') {
  console.error('usage: npm run catalog:import -- <catalogue.json>   (format: docs/catalogue-format.md)');
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    let input: unknown;
    try {
      input = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
    try {
      await migrateToLatest(database.db);
      const result = await importCatalogue(database.db, input, {
        customer: config.customer,
        businessUnit: config.businessUnit,
      });
      if (!result.ok) {
        console.error(`${file}: ${result.errors.length} error(s), nothing imported`);
        for (const error of result.errors) console.error(`  ${error}`);
        process.exitCode = 1;
      } else {
        const line = (name: string, c: { inserted: number; updated: number; unchanged: number }) =>
          `  ${name}: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`;
        console.log(`${file} → ${database.engine} (${where}), ${config.customer}/${config.businessUnit}`);
        for (const name of ['products', 'tags', 'assets', 'seasons', 'components', 'programmes'] as const)
          console.log(line(name, result[name]));
        console.log(
          result.changed
            ? `catalogue version ${result.version}`
            : `nothing changed (catalogue version ${result.version})`,
        );
      }
    } finally {
      await database.destroy();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
