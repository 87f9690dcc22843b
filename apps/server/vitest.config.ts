import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['antenne-source'] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 15_000,
  },
});
