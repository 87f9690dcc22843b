import { runFileImport } from './import-file.js';
import { importXmltv } from './xmltv-import.js';

/**
 * `node dist/cli/epg-import.js <file.xml>` (`npm run epg:import -- <file.xml>`): imports an XMLTV
 * schedule (docs/catalogue-format.md "XMLTV") into the configured database for the configured
 * CUSTOMER / BUSINESS_UNIT. Lists every error with its line and writes nothing when there is one;
 * says what it skipped or corrected. The channels it names are no longer generated.
 */
await runFileImport({
  usage: 'usage: npm run epg:import -- <schedule.xml>   (XMLTV; docs/catalogue-format.md)',
  parse: (text) => text,
  run: importXmltv,
  warnings: (result) => result.warnings,
  errorLine: (error, file) => `${file}: ${error}`,
  counts: (result) => [
    `  programmes: ${result.programmes.inserted} inserted, ${result.programmes.updated} updated, ${result.programmes.unchanged} unchanged`,
    `  titles: ${result.assets.inserted} inserted, ${result.assets.updated} updated`,
  ],
});
