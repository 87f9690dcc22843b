import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['antenne-source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
