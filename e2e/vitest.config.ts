import { defineConfig } from 'vitest/config';

// e2e: real built server on a free port with a fresh DATA_DIR, driven through a real Chromium.
// Each file starts its own server (free port, fresh DATA_DIR) and browser, so files run side by side:
// E2E_WORKERS of them at once (2 by default, this machine's cores; 1 runs them one by one).
export default defineConfig({
  resolve: { conditions: ['antenne-source'] },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    env: { TZ: 'UTC' },
    // Vitest's JSON report too when VITEST_JSON_REPORT names a file (`npm run test:timings`).
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    fileParallelism: Number(process.env.E2E_WORKERS ?? 2) > 1,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits for what a real browser does (a page fetching, a reload): 1 s, Vitest's
    // default, is shorter than that on two busy cores (a settings page after a mail's link failed
    // so); a condition never met still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['./support/global-setup.ts'],
  },
});
