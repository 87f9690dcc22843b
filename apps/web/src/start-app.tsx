/**
 * The app's side of the start (start.tsx imports it on its own, so that the browser runs its code
 * in a task of its own, not in the one that runs React's): the app, its boot, its query cache,
 * and what a server-rendered page does once it is live.
 */
export { App } from './app/app';
export { readyBoot, startBoot } from './app/boot';
export { createQueryClient } from './app/query-client';
export { preloadPage } from './app/routes';
export { createI18nWith } from './lib/i18n';
export { languageCookieIs, mirrorLanguagePreference } from './lib/language';
export { seedQueries } from './ssr/page-data';
export { restoreSessionAfterHydration } from './state/session-store';
