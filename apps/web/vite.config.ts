import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` finds the API server (scripts/dev.mjs starts it on :8080). */
const apiTarget = process.env.ANTENNE_DEV_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // packages/contract is consumed from its TypeScript sources: no build step for the web.
    conditions: ['antenne-source', ...defaultClientConditions],
    // React 19 has useSyncExternalStore: the pre-18 shim wouter and react-i18next import is React's own hook.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      // Every call of the specification's tables, the static startup files, images and media.
      '^/(v1|v2|config|images|media)(/|$)': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
      '/contracts-countries.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph the JavaScript budget test (e2e/tests/budget.test.ts) reads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract's schema modules build TypeBox objects at module level; the web only uses
        // its types, constants and path builders, so unused schema modules may be dropped.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
    },
  },
});
