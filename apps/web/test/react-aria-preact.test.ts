import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { patchReactAria } from '../build/react-aria-preact';

/** react-aria's built files the transform edits (docs/adr/0032), as installed. */
const require = createRequire(import.meta.url);
const reactAriaDist = path.join(path.dirname(require.resolve('react-aria/package.json')), 'dist', 'private');
const documentFile = path.join(reactAriaDist, 'collections', 'Document.mjs');
const handlerFile = path.join(reactAriaDist, 'interactions', 'createEventHandler.mjs');
const collatorFile = path.join(reactAriaDist, 'i18n', 'useCollator.mjs');

describe('React Aria under Preact (build/react-aria-preact.ts)', () => {
  test('the installed collections fake DOM gets createElementNS and remove()', () => {
    const patched = patchReactAria(documentFile, readFileSync(documentFile, 'utf8'));
    expect(patched).toContain('createElementNS(_namespace, type) { return this.createElement(type); }');
    expect(patched).toContain('remove() { this.parentNode?.removeChild(this); }');
  });

  test('the installed keyboard handler copies the event with its fields', () => {
    const patched = patchReactAria(handlerFile, readFileSync(handlerFile, 'utf8'))!;
    // Run the patched module's handler on an event whose fields are prototype getters, as a browser's.
    const source = patched.replace(/^export \{[^}]*\};?$/m, '').replace(/\/\/# sourceMappingURL=.*$/m, '');
    const name = /function (\$\w+\$export\$\w+)\(handler\)/.exec(source)![1]!;
    const createEventHandler = new Function('process', `${source}; return ${name};`)({
      env: { NODE_ENV: 'production' },
    }) as (handler: (event: { key?: string; shiftKey?: boolean }) => void) => (event: Event) => void;
    let seen: { key?: string; shiftKey?: boolean } | undefined;
    createEventHandler((event) => (seen = event))(
      new KeyboardEvent('keydown', { key: 'Escape', shiftKey: true }),
    );
    expect(seen).toMatchObject({ key: 'Escape', shiftKey: true });
  });

  test('useCollator makes its Intl.Collator when it first compares, not as a list first renders', () => {
    const patched = patchReactAria(collatorFile, readFileSync(collatorFile, 'utf8'))!;
    // The module's hook, with the locale it reads from React Aria's context given.
    const source = patched
      .replace(/^import \{useLocale as ([\w$]+)\} from .*$/m, "const $1 = () => ({ locale: 'fr-FR' });")
      .replace(/^export \{[^}]*\};?$/m, '')
      .replace(/\/\/# sourceMappingURL=.*$/m, '');
    const name = /function (\$\w+\$export\$\w+)\(options\)/.exec(source)![1]!;
    const made: unknown[] = [];
    class CountedCollator extends Intl.Collator {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args);
        made.push(args);
      }
    }
    const useCollator = new Function('Intl', `${source}; return ${name};`)({ Collator: CountedCollator }) as (
      options: Intl.CollatorOptions,
    ) => Pick<Intl.Collator, 'compare' | 'resolvedOptions'>;

    const collator = useCollator({ usage: 'search', sensitivity: 'base' });
    expect(made).toEqual([]);
    expect(collator.compare('été', 'ETE')).toBe(0);
    expect(collator.compare('a', 'b')).toBeLessThan(0);
    expect(collator.resolvedOptions().sensitivity).toBe('base');
    expect(made).toEqual([['fr-FR', { usage: 'search', sensitivity: 'base' }]]);
    // The same options again: the same collator, from the hook's cache.
    expect(useCollator({ sensitivity: 'base', usage: 'search' })).toBe(collator);
  });

  test('a file of another shape fails the build instead of going unpatched', () => {
    expect(() => patchReactAria(documentFile, 'class Document {}')).toThrow(/changed/);
    expect(() => patchReactAria(handlerFile, 'export function createEventHandler() {}')).toThrow(/changed/);
    expect(() => patchReactAria(collatorFile, 'export function useCollator() {}')).toThrow(/changed/);
  });

  test('other files are left alone', () => {
    expect(patchReactAria('/x/node_modules/react-aria/dist/exports/index.mjs', 'code')).toBeUndefined();
  });
});
