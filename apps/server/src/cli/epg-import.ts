import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, redactUrl } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { importXmltv } from './xmltv-import.js';

/**
 * `node dist/cli/epg-import.js <file.xml>` (`npm run epg:import -- <file.xml>`): imports an XMLTV
 * schedule (docs/catalogue-format.md "XMLTV") into the configured database for the configured
 * CUSTOMER / BUSINESS_UNIT. Lists every error with its line and writes nothing when there is one;
 * says what it skipped or corrected. The channels it names are no longer generated.
 */
const arg = process.argv[2];
// Through `npm run`, the working folder is the repository root: a relative path is the caller's.
const file = arg && !arg.startsWith('-') ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : arg;
if (file === undefined || file === '--help' || file === '-h') {
  console.error('usage: npm run epg:import -- <schedule.xml>   (XMLTV; docs/catalogue-format.md)');
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    let xml: string;
    try {
      xml = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
    try {
      await migrateToLatest(database.db);
      const tenant = { customer: config.customer, businessUnit: config.businessUnit };
      const result = await importXmltv(database, xml, tenant);
      for (const warning of result.warnings) console.warn(`${file}: ${warning}`);
      if (!result.ok) {
        console.error(`${file}: ${result.errors.length} error(s), nothing imported`);
        for (const error of result.errors) console.error(`  ${file}: ${error}`);
        process.exitCode = 1;
      } else {
        const c = result.programmes;
        console.log(`${file} → ${database.engine} (${where}), ${config.customer}/${config.businessUnit}`);
        console.log(`  programmes: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`);
        console.log(`  titles: ${result.assets.inserted} inserted, ${result.assets.updated} updated`);
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
