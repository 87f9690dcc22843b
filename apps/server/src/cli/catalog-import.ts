import { importCatalogue } from '../modules/catalogue/import-service.js';
import { runFileImport } from './import-file.js';

/**
 * `node dist/cli/catalog-import.js <file.json>` (`npm run catalog:import -- <file.json>`): validates
 * a catalogue file (docs/catalogue-format.md) and imports it into the configured database for the
 * configured CUSTOMER / BUSINESS_UNIT. Lists every error and writes nothing when the file is invalid.
 */
const line = (name: string, c: { inserted: number; updated: number; unchanged: number }) =>
  `  ${name}: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`;

await runFileImport({
  usage: 'usage: npm run catalog:import -- <catalogue.json>   (format: docs/catalogue-format.md)',
  parse: (text): unknown => JSON.parse(text),
  run: (database, input, tenant) => importCatalogue(database.db, input, tenant),
  errorLine: (error) => error,
  counts: (result) =>
    (['products', 'tags', 'assets', 'seasons', 'components', 'programmes'] as const).map((name) =>
      line(name, result[name]),
    ),
});
