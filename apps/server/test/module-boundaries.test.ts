import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

/**
 * Imports into another module's insides allowed for now (none since issue 14's playback work).
 * Delete a line when its import is gone: a stale line fails the test too.
 */
const PENDING = new Set<string>([]);

interface Import {
  from: string;
  to: string;
  /** Only types: erased from the JavaScript, so no load order. */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The relative imports and re-exports of every module file, resolved to files under src/modules. */
function moduleImports(): Import[] {
  const found: Import[] = [];
  for (const file of sourceFiles(MODULES)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(import|export)(\s+type)?\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = path.resolve(path.dirname(file), (match[3] ?? '').replace(/\.js$/, '.ts'));
      if (!target.startsWith(MODULES + path.sep)) continue;
      found.push({
        from: path.relative(MODULES, file),
        to: path.relative(MODULES, target),
        typeOnly: match[2] !== undefined,
      });
    }
  }
  return found;
}

const moduleOf = (file: string) => file.split(path.sep)[0] ?? '';

describe('server modules', () => {
  const imports = moduleImports();

  test('a module reaches another only through its index.ts', () => {
    const crossing = imports
      .filter(({ from, to }) => moduleOf(from) !== moduleOf(to) && to !== path.join(moduleOf(to), 'index.ts'))
      .map(({ from, to }) => `${from} -> ${to}`.split(path.sep).join('/'));
    expect(crossing.filter((line) => !PENDING.has(line))).toEqual([]);
    expect(
      [...PENDING].filter((line) => !crossing.includes(line)),
      'fixed: delete from PENDING',
    ).toEqual([]);
  });

  test('no cycle between modules (imports that load code)', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to, typeOnly } of imports) {
      if (typeOnly || moduleOf(from) === moduleOf(to)) continue;
      const set = edges.get(moduleOf(from)) ?? new Set<string>();
      set.add(moduleOf(to));
      edges.set(moduleOf(from), set);
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});
