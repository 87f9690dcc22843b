import { defineProject } from 'vitest/config';
import { preact } from '@preact/preset-vite';
import { defaultClientConditions } from 'vite';
import { reactAriaPreact } from './build/react-aria-preact';
import { useSyncExternalStoreShim } from './build/aliases';

export default defineProject({
  // As the build (vite.config.ts, docs/adr/0032): Preact through preact/compat, React Aria patched.
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false }), reactAriaPreact()],
  resolve: {
    conditions: ['antenne-source', ...defaultClientConditions],
    // Testing Library's `main` is CommonJS, which Node would load with React's own react-dom.
    mainFields: ['module', 'browser', 'main'],
    alias: [useSyncExternalStoreShim],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    env: { TZ: 'UTC' },
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // Every dependency goes through Vite's resolver and so through the aliases to preact/compat
    // (React Aria, TanStack Query, react-i18next, wouter, zustand, Testing Library), not Node's.
    server: { deps: { inline: true } },
    restoreMocks: true,
    // Above testing-library's 5 s wait (test/setup.ts): a lazily loaded page on two cores shared
    // with the server suite can take seconds; a test fails on what it waits for, not on the clock.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
