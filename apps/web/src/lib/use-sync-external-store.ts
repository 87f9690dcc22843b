/**
 * `use-sync-external-store/shim`, as the runtime's own hook: preact/compat has useSyncExternalStore
 * (React's since 18), so the shim's fallback code (what wouter and react-i18next import for older
 * Reacts) does not ride in the first screen's JavaScript (vite.config.ts aliases it).
 */
export { useSyncExternalStore } from 'react';
