import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';

export default defineProject({
  // As the build (vite.config.ts, docs/adr/0043): React 19, no alias, no patched dependency.
  plugins: [react()],
  resolve: {
    conditions: ['antenne-source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    env: { TZ: 'UTC' },
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Above testing-library's 5 s wait (test/setup.ts): a lazily loaded page on two cores shared
    // with the server suite can take seconds; a test fails on what it waits for, not on the clock.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
