declare const __ANTENNE_RELEASE__: string | undefined;

/**
 * The web build a crash came from: the web package's version, then `+` and ANTENNE_BUILD_ID when
 * the build was given one (vite.config.ts defines `__ANTENNE_RELEASE__`); `dev` outside a build.
 */
export const RELEASE: string = typeof __ANTENNE_RELEASE__ === 'string' ? __ANTENNE_RELEASE__ : 'dev';
