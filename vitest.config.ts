import { defineConfig } from 'vitest/config';

// One Vitest run for the unit, component and server-integration suites of every workspace.
// e2e has its own config (it needs the built app) and runs from `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/content', 'apps/server', 'apps/web'],
  },
});
