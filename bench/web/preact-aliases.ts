import path from 'node:path';

/**
 * React's entry points mapped to Preact's compatibility layer (preact/compat), as files of a Preact
 * package installed outside the workspace (`preactDir`: its folder, node_modules/preact): the app's
 * dependencies stay React's; the build and the tests see Preact through these aliases only.
 */
export function preactAliases(preactDir: string): { find: RegExp; replacement: string }[] {
  const file = (name: string) => path.join(preactDir, name);
  return [
    { find: /^react-dom\/client$/, replacement: file('compat/client.mjs') },
    { find: /^react-dom\/server$/, replacement: file('compat/server.mjs') },
    { find: /^react-dom\/test-utils$/, replacement: file('test-utils/dist/testUtils.mjs') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: file('compat/jsx-runtime.mjs') },
    // The pre-18 shim wouter and react-i18next import (apps/web/vite.config.ts maps it for the build).
    { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: file('compat/dist/compat.mjs') },
    { find: /^react(-dom)?$/, replacement: file('compat/dist/compat.mjs') },
  ];
}

/**
 * What React Aria's collections lack under Preact (ADR 0031): their fake DOM (react-aria's
 * collections/Document) has createElement and removeChild, and Preact 11 creates every element with
 * ownerDocument.createElementNS and unmounts with node.remove(). Measured with BENCH_PREACT_PATCH=1;
 * not a fix shipped anywhere.
 */
export const reactAriaFakeDomPatch = {
  name: 'react-aria-fake-dom-patch',
  transform(code: string, id: string) {
    if (!/react-aria[\\/]dist[\\/].*collections[\\/]Document\.m?js$/.test(id)) return null;
    return code
      .replace(
        /\n(\s+)createElement\(type\) \{/,
        '\n$1createElementNS(_namespace, type) { return this.createElement(type); }\n$1createElement(type) {',
      )
      .replace(
        /\n(\s+)removeChild\(child\) \{/,
        '\n$1remove() { this.parentNode?.removeChild(this); }\n$1removeChild(child) {',
      );
  },
};
