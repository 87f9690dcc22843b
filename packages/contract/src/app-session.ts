/**
 * Issue 18 (app start and sessions): what a stock Exposure client calls before and at sign-in —
 * the system config, the server time, the origin-based white-label config, the interface
 * translations, the password and anonymous logins and the user details. Paths and patterns
 * only (no TypeBox: app-session-schemas.ts holds the schemas).
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

type Bu = BusinessUnitRef;
const enc = encodeURIComponent;

/** Session tokens in Exposure's format (notes §5.2): pipe-separated, the clients read these fields. */
export const SESSION_TOKEN_FIELDS = {
  issuedMs: 4,
  expiresMs: 5,
  anonymous: 6,
  deviceId: 7,
} as const;
/** How many pipe-separated fields a session token has. */
export const SESSION_TOKEN_FIELD_COUNT = 10;

/** Anonymous (device) sessions last this long (ms): one day, then the client asks for another. */
export const ANONYMOUS_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The un-scoped calls (no customer or business unit in the path). */
export const appStartRootPatterns = {
  time: '/v2/time',
  /** The business unit of the host a client is served at. */
  originConfig: '/v2/whitelabel/origin/:host/config/:configId',
  originConfigFile: '/v1/config/:fileId/origin/:host',
} as const;

/** The scoped system config (whitelabel module). */
export const appStartPatterns = {
  systemConfig: { version: 'v2', pattern: '/system/config' },
} as const satisfies Record<string, ExposureRoute>;

/** The server time, business-unit scoped form (health module, beside `/v2/time`). */
export const timePatterns = {
  businessUnitTime: { version: 'v1', pattern: '/time' },
} as const satisfies Record<string, ExposureRoute>;

/** Below WHITELABEL_PREFIX_PATTERN: the white-label interface's strings in one language. */
export const translationsPattern = '/translations/:language/:configId';

/**
 * The sign-in calls, on fixed versions (registered under `/<version>/customer/:customer/businessunit/:businessUnit`,
 * beside the shared prefix: one path answers on several versions, each with its own body).
 */
export const loginPattern = '/auth/login';
export const LOGIN_VERSIONS = ['v1', 'v2', 'v3'] as const;
export const anonymousPattern = '/auth/anonymous';
export const ANONYMOUS_VERSIONS = ['v1', 'v2'] as const;

/** The user details (accounts module, personal scope). */
export const sessionPatterns = {
  userDetails: { version: 'v2', pattern: '/user/details' },
} as const satisfies Record<string, ExposureRoute>;

export const appSessionPaths = {
  systemConfig: (bu: Bu) => `${exposurePrefix('v2', bu)}/system/config`,
  time: () => '/v2/time',
  businessUnitTime: (bu: Bu) => `${exposurePrefix('v1', bu)}/time`,
  originConfig: (host: string, configId = 'sandwich') =>
    `/v2/whitelabel/origin/${enc(host)}/config/${enc(configId)}`,
  originConfigFile: (fileId: string, host: string) => `/v1/config/${enc(fileId)}/origin/${enc(host)}`,
  login: (bu: Bu, version: 'v1' | 'v2' | 'v3' = 'v3') => `${exposurePrefix(version, bu)}/auth/login`,
  anonymous: (bu: Bu, version: 'v1' | 'v2' = 'v2') => `${exposurePrefix(version, bu)}/auth/anonymous`,
  userDetails: (bu: Bu) => `${exposurePrefix('v2', bu)}/user/details`,
} as const;
