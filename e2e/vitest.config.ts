import { defineConfig } from 'vitest/config';

// e2e: real built server on a free port with a fresh DATA_DIR, driven through a real Chromium.
// One file at a time: each file starts its own server and browser, and this machine has 2 cores.
export default defineConfig({
  resolve: { conditions: ['antenne-source'] },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    globalSetup: ['./support/global-setup.ts'],
  },
});
