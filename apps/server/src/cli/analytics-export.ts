import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { ApiError } from '../lib/errors.js';
import { AnalyticsService } from '../modules/analytics/index.js';

/**
 * `node dist/cli/analytics-export.js --from YYYY-MM-DD --to YYYY-MM-DD [--out file]`: writes the
 * audience events of those UTC days (inclusive) as JSON lines (docs/analytics.md), to the file
 * or to standard output, from the configured database. Exit codes: 0 done, 1 failure, 2 wrong usage.
 */
const USAGE = 'usage: analytics-export --from YYYY-MM-DD --to YYYY-MM-DD [--out file]';

function parse(args: string[]): { from: string; to: string; out?: string } | undefined {
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (name === undefined || value === undefined || !['--from', '--to', '--out'].includes(name))
      return undefined;
    options.set(name, value);
  }
  const from = options.get('--from');
  const to = options.get('--to');
  if (from === undefined || to === undefined) return undefined;
  const out = options.get('--out');
  return { from, to, ...(out === undefined ? {} : { out }) };
}

const parsed = parse(process.argv.slice(2));
if (parsed === undefined) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const output = parsed.out === undefined ? process.stdout : createWriteStream(parsed.out);
    try {
      const analytics = new AnalyticsService({
        db: database.db,
        // The export reads no title.
        catalogue: { snapshot: () => Promise.reject(new Error('no catalogue in the export')) },
        retentionDays: config.analyticsRetentionDays,
        rateLimit: config.analyticsRateLimit,
      });
      const written = await analytics.exportLines({ from: parsed.from, to: parsed.to }, async (line) => {
        if (!output.write(line)) await once(output, 'drain');
      });
      console.error(
        `${written} events from ${parsed.from} to ${parsed.to}${parsed.out ? ` in ${parsed.out}` : ''}`,
      );
    } finally {
      if (output !== process.stdout) {
        output.end();
        await once(output, 'finish');
      }
      await database.destroy();
    }
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 400) {
      console.error(`${error.extendedMessage ?? error.message}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 1;
    }
  }
}
