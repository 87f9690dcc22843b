import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

/**
 * One Vitest run for the unit, component and server-integration suites of every workspace, in two
 * sets (docs/testing.md):
 * - fast (`npm run test:fast`, the inner loop): contract, content, web, server — every server suite
 *   that runs the app in-process, on SQLite and PostgreSQL;
 * - slow (`npm run test:slow`): server-slow (ffmpeg media builds, the CLIs and the server process
 *   run as child processes, the OpenAPI fuzzing) and tooling (the lint rules shown failing); the
 *   e2e suite (its own config: it needs the built app) completes it from `npm run test:e2e`.
 */
export const SERVER_SLOW = [
  'test/media/**/*.test.ts',
  'test/**/cli.test.ts',
  'test/**/*-cli.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/graceful-stop.test.ts',
  // Runs a PostgreSQL cluster of its own (initdb, pg_ctl) and the server as a child process.
  'test/postgres-restart.test.ts',
  'test/accounts/pin-attempts-processes.test.ts',
  // Renders the real web app's build (built first when stale).
  'test/web-app/page-render.test.ts',
];

/** Vitest's JSON report beside its usual output when VITEST_JSON_REPORT names a file (`npm run test:timings`). */
const reporters = process.env.VITEST_JSON_REPORT
  ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }] as const]
  : ['default'];

/**
 * Test files run side by side: Vitest's default (one less than the cores) is a single file at a
 * time on a 2-core machine, where most server files wait on their database and child processes
 * (issue 32). `--maxWorkers` on the command line still wins.
 */
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    // Every project sees the same clock zone, whoever starts it (HOUSE-STYLE: deterministic tests).
    env: { TZ: 'UTC' },
    maxWorkers: MAX_WORKERS,
    reporters,
    projects: [
      'packages/contract',
      'packages/content',
      'apps/web',
      {
        ...serverProject,
        root: 'apps/server',
        test: { ...serverProject.test, exclude: ['**/node_modules/**', ...SERVER_SLOW] },
      },
      {
        ...serverProject,
        root: 'apps/server',
        test: { ...serverProject.test, name: 'server-slow', include: SERVER_SLOW },
      },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 120_000,
        },
      },
    ],
  },
});
