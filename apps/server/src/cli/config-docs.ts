import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_TABLE_FILES, ENV_EXAMPLE_FILE, renderEnvExample, withConfigTable } from '../config-docs.js';

/**
 * `npm run config:docs`: writes `.env.example` and the configuration table of README.md and
 * docs/configuration.md from the configuration schema (apps/server/src/config-schema.ts).
 * `--check` writes nothing and exits 1 when one of them is out of date.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const check = process.argv.includes('--check');

const documents: [string, (current: string) => string][] = [
  [ENV_EXAMPLE_FILE, () => renderEnvExample()],
  ...CONFIG_TABLE_FILES.map((file): [string, (current: string) => string] => [file, withConfigTable]),
];

let stale = 0;
for (const [file, render] of documents) {
  const at = path.join(ROOT, file);
  const current = readFileSync(at, 'utf8');
  const wanted = render(current);
  if (current === wanted) continue;
  stale += 1;
  if (check) console.error(`${file}: out of date with the configuration schema (npm run config:docs)`);
  else {
    writeFileSync(at, wanted);
    console.log(`${file}: written`);
  }
}
if (check && stale > 0) process.exit(1);
if (stale === 0) console.log('the configuration documents match the schema');
