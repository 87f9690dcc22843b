import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['antenne-source'] },
  test: { name: 'content', environment: 'node', include: ['src/**/*.test.ts'], env: { TZ: 'UTC' } },
});
