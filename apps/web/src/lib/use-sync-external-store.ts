/**
 * `use-sync-external-store/shim` for React 19: React has had useSyncExternalStore since 18, so
 * the shim (what wouter and react-i18next import for older Reacts) is React's own hook here — the
 * shim's fallback code no longer rides in the first screen's JavaScript (vite.config.ts aliases it).
 */
export { useSyncExternalStore } from 'react';
