import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { loadConfig, redactUrl } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Tenant } from '../lib/business-unit.js';

/** What an import answers: refused with its errors, or written with the catalogue version. */
type Refused = { ok: false; errors: readonly string[] };
type Written = { ok: true; changed: boolean; version: number | string };
export type FileImportResult = Refused | Written;

export interface FileImport<Input, Result extends FileImportResult> {
  /** The usage line printed for no argument or --help. */
  usage: string;
  /** The file's text as the import's input (throws on a malformed file). */
  parse(text: string): Input;
  run(database: DatabaseHandle, input: Input, tenant: Tenant): Promise<Result>;
  /** Printed before the outcome (warnings), one line each. */
  warnings?(result: Result): readonly string[];
  /** One refused line as printed under the error count (`file` as given, resolved). */
  errorLine(error: string, file: string): string;
  /** The counts printed after the destination line. */
  counts(result: Extract<Result, { ok: true }>): readonly string[];
}

/**
 * The import commands' one run (catalog:import, epg:import): the file argument (relative to the
 * caller's folder under `npm run`), the configured database migrated, the import, then its errors
 * (exit 1, nothing written) or what it wrote and the catalogue version. Any failure: its message, exit 1.
 */
export async function runFileImport<Input, Result extends FileImportResult>(
  command: FileImport<Input, Result>,
): Promise<void> {
  const arg = process.argv[2];
  const file = arg && !arg.startsWith('-') ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : arg;
  if (file === undefined || file === '--help' || file === '-h') {
    console.error(command.usage);
    process.exitCode = 2;
    return;
  }
  try {
    const config: Config = loadConfig();
    let input: Input;
    try {
      input = command.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
    try {
      await migrateToLatest(database.db);
      const tenant = { customer: config.customer, businessUnit: config.businessUnit };
      const result = await command.run(database, input, tenant);
      for (const warning of command.warnings?.(result) ?? []) console.warn(`${file}: ${warning}`);
      if (!result.ok) {
        const { errors } = result as Refused;
        console.error(`${file}: ${errors.length} error(s), nothing imported`);
        for (const error of errors) console.error(`  ${command.errorLine(error, file)}`);
        process.exitCode = 1;
        return;
      }
      const written = result as Extract<Result, { ok: true }>;
      console.log(`${file} → ${database.engine} (${where}), ${config.customer}/${config.businessUnit}`);
      for (const line of command.counts(written)) console.log(line);
      console.log(
        written.changed
          ? `catalogue version ${written.version}`
          : `nothing changed (catalogue version ${written.version})`,
      );
    } finally {
      await database.destroy();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
