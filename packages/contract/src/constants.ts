/** Interface languages; fr is the fallback (spec part 1 §1, §9). */
export const SUPPORTED_LOCALES = ['ar', 'de', 'en', 'es', 'fr'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** When the location is unknown the client uses these (spec part 1 §4, §9). */
export const DEFAULT_COUNTRY = 'FR';
export const DEFAULT_CHANNEL_ID = 'channel-59';

/** GET calls time out after this many milliseconds (spec part 1 §7, §9). */
export const GET_TIMEOUT_MS = 5000;
/** Upper bound on waiting for the authentication state at startup (SPEC-DECISIONS). */
export const AUTH_STATE_MAX_WAIT_MS = 2500;
/** Layout switches at this width: desktop from here, mobile below. */
export const DESKTOP_MIN_WIDTH = 1220;

/** The white-label configuration id every client uses. */
export const WL_CONFIG_ID = 'sandwich';

/** Device type sent at sign-in and device-group filter values (Exposure). */
export const DEVICE_TYPES = ['WEB', 'MOBILE', 'TABLET', 'APPLE_TV', 'SMART_TV', 'CONSOLE', 'STB'] as const;
export const DEVICE_GROUPS = ['WEB', 'WEB_TV', 'MOBILE', 'TABLET', 'TV'] as const;
export type DeviceGroup = (typeof DEVICE_GROUPS)[number];

/** Local storage key of the language choice (spec part 1 §9). */
export const LANG_PREFERENCE_KEY = 'lang-preference';
/**
 * Set while a restricted profile (a child's, or one a PrLevel limits) is chosen in this browser:
 * the server then sends its pages unrendered, never the public catalogue's HTML (ADR 0030).
 */
export const RESTRICTED_VIEWER_COOKIE = 'restricted-viewer';
