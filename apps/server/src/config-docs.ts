import { variables, type VariableSchema } from './config-schema.js';

/**
 * The configuration's documents, written from the schema (config-schema.ts): `.env.example` and
 * the table of README.md and docs/configuration.md between the CONFIG_TABLE markers.
 * `npm run config:docs` writes them; test/config.test.ts fails when they are out of date.
 */

export const CONFIG_TABLE_START = '<!-- config-table:start (npm run config:docs writes it) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';
/** The files holding the table, from the repository root. */
export const CONFIG_TABLE_FILES = ['README.md', 'docs/configuration.md'] as const;
export const ENV_EXAMPLE_FILE = '.env.example';

const WIDTH = 100;

/** Words of `text` in `# ` comment lines of at most WIDTH characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line !== '#' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  if (line !== '#') lines.push(line);
  return lines;
}

const plain = (markdown: string) => markdown.replaceAll('`', '');

export function renderEnvExample(): string {
  const out = [
    '# Antenne server configuration. Every variable is optional: the value shown is the embedded',
    '# default. A bad value stops the server at boot with a message naming the variable.',
    '# Copy to .env (or set in the environment) and change what you need.',
    '# Written by `npm run config:docs` from apps/server/src/config-schema.ts: change that, not this.',
  ];
  for (const [name, schema] of variables()) {
    const section = schema['x-section'];
    out.push('');
    if (section !== undefined) out.push(`# --- ${section} ---`);
    out.push(...commentLines(plain(schema.description)), `${name}=${String(schema.default)}`);
  }
  return `${out.join('\n')}\n`;
}

const defaultCell = (schema: VariableSchema) =>
  schema.default === '' ? '*(empty)*' : `\`${String(schema.default)}\``;

/** The Markdown table, markers included. */
export function renderConfigTable(): string {
  const rows = variables().map(
    ([name, schema]) => `| \`${name}\` | ${defaultCell(schema)} | ${schema.description} |`,
  );
  return [
    CONFIG_TABLE_START,
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    CONFIG_TABLE_END,
  ].join('\n');
}

/** `document` with its table (between the markers) replaced by the schema's; throws without the markers. */
export function withConfigTable(document: string): string {
  const start = document.indexOf(CONFIG_TABLE_START);
  const end = document.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} markers`);
  return document.slice(0, start) + renderConfigTable() + document.slice(end + CONFIG_TABLE_END.length);
}
