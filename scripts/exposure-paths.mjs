#!/usr/bin/env node
// The Exposure paths the server answers, against Red Bee's published document (issue 18): reads the
// running server's OpenAPI (generated from its route table) and the published OpenAPI, prints the
// operations of the published document the server answers, those it does not, and the server's
// own operations under Exposure's prefixes that the document does not have.
//   node scripts/exposure-paths.mjs [server URL (default http://localhost:8080)] <published openapi.json>
// (Red Bee's published exposure-openapi.json is not in this repository: its path, or EXPOSURE_OPENAPI.)
import { readFileSync } from 'node:fs';

const server = process.argv[2] ?? 'http://localhost:8080';
const published = process.argv[3] ?? process.env.EXPOSURE_OPENAPI;
if (!published) {
  console.error(
    'usage: npm run exposure:paths -- [server URL] <published exposure-openapi.json> (or EXPOSURE_OPENAPI)',
  );
  process.exit(2);
}
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

const ours = await (await fetch(`${server}/api/docs/openapi.json`)).json();
const theirs = JSON.parse(readFileSync(published, 'utf8'));
/** An operation's key: its method and its path with every parameter alike. */
const key = (method, path) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const operations = (doc) => {
  const found = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS)
      if (item[method]) found.set(key(method, path), `${method.toUpperCase()} ${path}`);
  return found;
};
const answered = operations(ours);
const documented = operations(theirs);
const list = (entries) => entries.map((line) => `- \`${line}\``).join('\n');

const both = [...documented]
  .filter(([k]) => answered.has(k))
  .map(([, line]) => line)
  .sort();
const missing = [...documented]
  .filter(([k]) => !answered.has(k))
  .map(([, line]) => line)
  .sort();
const extra = [...answered]
  .filter(([k, line]) => !documented.has(k) && /^\w+ \/v\d\//.test(line))
  .map(([, line]) => line)
  .sort();
process.stdout.write(
  [
    `## Answered: ${both.length} of the published document's ${documented.size} operations`,
    list(both),
    `## Not answered: ${missing.length}`,
    list(missing),
    `## Ours under Exposure's prefixes, not in the published document: ${extra.length}`,
    list(extra),
    '',
  ].join('\n\n'),
);
