import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/** The server suites' settings; the root config splits them into `server` and `server-slow`. */
export const serverProject = {
  resolve: { conditions: ['antenne-source'] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 15_000,
  },
} satisfies UserWorkspaceConfig;

export default defineProject(serverProject);
