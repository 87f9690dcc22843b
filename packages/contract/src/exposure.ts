/**
 * The Exposure calls' prefix and their route patterns. A call's path is the prefix (the API
 * version, then the customer and business unit it is for) and its pattern; each area's file
 * (paths.ts, accounts.ts, playback.ts) puts its patterns beside its path builders. The server
 * registers the patterns (Fastify syntax, `:name` for a parameter); the web app calls the builders.
 */

export interface BusinessUnitRef {
  customer: string;
  businessUnit: string;
}

/** The Exposure API versions this server answers on (a call answers on one of them only). */
export const EXPOSURE_VERSIONS = ['v1', 'v2', 'v3'] as const;
export type ExposureVersion = (typeof EXPOSURE_VERSIONS)[number];

/** The prefix every Exposure call is registered under. */
export const EXPOSURE_PREFIX_PATTERN = '/:version/customer/:customer/businessunit/:businessUnit';
/** The prefix of the white-label structure calls (v2 only). */
export const WHITELABEL_PREFIX_PATTERN = '/v2/whitelabel/customer/:customer/businessunit/:businessUnit';

/** An Exposure call: the one version it answers on and its pattern below the prefix. */
export interface ExposureRoute {
  version: ExposureVersion;
  pattern: string;
}

const enc = encodeURIComponent;

/** `/<version>/customer/<customer>/businessunit/<businessUnit>`, each part encoded. */
export const exposurePrefix = (version: ExposureVersion, { customer, businessUnit }: BusinessUnitRef) =>
  `/${version}/customer/${enc(customer)}/businessunit/${enc(businessUnit)}`;

/** `/v2/whitelabel/customer/<customer>/businessunit/<businessUnit>`, each part encoded. */
export const whitelabelPrefix = ({ customer, businessUnit }: BusinessUnitRef) =>
  `/v2/whitelabel/customer/${enc(customer)}/businessunit/${enc(businessUnit)}`;

/** The whole pattern of an Exposure call, its version in place: `/v1/customer/:customer/…/content/asset`. */
export const exposurePattern = (route: ExposureRoute) =>
  EXPOSURE_PREFIX_PATTERN.replace(':version', route.version) + route.pattern;
