/**
 * Path builders for the calls of the specification's tables (the web app's), and beside them the
 * route patterns the server registers (the test beside this file checks that they agree).
 */
import { exposurePrefix, whitelabelPrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

const enc = encodeURIComponent;

export const paths = {
  configWeb: () => '/config/config_web.json',
  configFallback: () => '/config.json',
  contractCountries: () => '/contracts-countries.json',
  location: () => '/v2/location',
  /** The business-unit scoped form of `location`. */
  businessUnitLocation: (bu: BusinessUnitRef) => `${exposurePrefix('v1', bu)}/location`,
  filters: (bu: BusinessUnitRef) => `${whitelabelPrefix(bu)}/filters`,
  wlConfig: (bu: BusinessUnitRef, configId = 'sandwich') => `${whitelabelPrefix(bu)}/config/${enc(configId)}`,
  wlComponent: (bu: BusinessUnitRef, componentId: string, configId = 'sandwich') =>
    `${whitelabelPrefix(bu)}/config/${enc(configId)}/component/${enc(componentId)}`,
  assets: (bu: BusinessUnitRef) => `${exposurePrefix('v1', bu)}/content/asset`,
  asset: (bu: BusinessUnitRef, assetId: string) =>
    `${exposurePrefix('v1', bu)}/content/asset/${enc(assetId)}`,
  nextAsset: (bu: BusinessUnitRef, assetId: string) =>
    `${exposurePrefix('v1', bu)}/content/asset/${enc(assetId)}/next`,
  tag: (bu: BusinessUnitRef, tagId: string) => `${exposurePrefix('v1', bu)}/tag/${enc(tagId)}`,
  searchSuggestions: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v1', bu)}/content/search/suggestions/${enc(text)}`,
  searchQuery: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v2', bu)}/content/search/query/${enc(text)}`,
} as const;

/** The server's patterns of the `paths` not under a prefix. */
export const rootPatterns = {
  configWeb: '/config/config_web.json',
  configFallback: '/config.json',
  contractCountries: '/contracts-countries.json',
  location: '/v2/location',
} as const;

/** The white-label calls' patterns, below WHITELABEL_PREFIX_PATTERN (exposure.ts). */
export const whitelabelPatterns = {
  filters: '/filters',
  wlConfig: '/config/:configId',
  wlComponent: '/config/:configId/component/:componentId',
} as const;

/** The catalogue's (and the scoped location's) Exposure calls: version and pattern below the prefix. */
export const cataloguePatterns = {
  assets: { version: 'v1', pattern: '/content/asset' },
  asset: { version: 'v1', pattern: '/content/asset/:assetId' },
  nextAsset: { version: 'v1', pattern: '/content/asset/:assetId/next' },
  tag: { version: 'v1', pattern: '/tag/:tagId' },
  searchSuggestions: { version: 'v1', pattern: '/content/search/suggestions/:text' },
  searchQuery: { version: 'v2', pattern: '/content/search/query/:text' },
} as const satisfies Record<string, ExposureRoute>;

export const locationPatterns = {
  businessUnitLocation: { version: 'v1', pattern: '/location' },
} as const satisfies Record<string, ExposureRoute>;
