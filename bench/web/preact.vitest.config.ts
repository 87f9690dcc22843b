import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import webProject from '../../apps/web/vitest.config.js';
import { preactAliases, reactAriaFakeDomPatch } from './preact-aliases.js';

/**
 * The web component suite with React swapped for preact/compat (PREACT_DIR: an installed
 * node_modules/preact). Every dependency is inlined so that React Aria, TanStack Query, react-i18next,
 * wouter, zustand and Testing Library go through Vite's resolver and its aliases, not Node's.
 */
const preactDir = process.env.PREACT_DIR;
if (!preactDir) throw new Error('PREACT_DIR: the folder of an installed preact package');

export default mergeConfig(webProject, {
  plugins: process.env.BENCH_PREACT_PATCH === '1' ? [reactAriaFakeDomPatch] : [],
  root: fileURLToPath(new URL('../../apps/web', import.meta.url)),
  resolve: {
    // Testing Library's `main` is CommonJS, which Node would load with React's own react-dom.
    mainFields: ['module', 'browser', 'main'],
    alias: preactAliases(preactDir),
  },
  test: { name: 'web-preact', server: { deps: { inline: true } } },
});
