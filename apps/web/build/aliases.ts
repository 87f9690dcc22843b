import { fileURLToPath } from 'node:url';

/**
 * The pre-React-18 `use-sync-external-store/shim` that wouter and react-i18next import, as
 * preact/compat's own hook (src/lib/use-sync-external-store.ts): its fallback code stays out of the
 * first screen's JavaScript, and no second runtime is loaded (the build's and the tests' alias).
 */
export const useSyncExternalStoreShim = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(new URL('../src/lib/use-sync-external-store.ts', import.meta.url)),
};
