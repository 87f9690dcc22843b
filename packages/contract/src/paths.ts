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
  /** A TV show's seasons (ApiSeasonList), one by number (ApiSeason), its episodes (ApiAssetList). */
  seasons: (bu: BusinessUnitRef, tvShowId: string) =>
    `${exposurePrefix('v1', bu)}/content/asset/${enc(tvShowId)}/season`,
  season: (bu: BusinessUnitRef, tvShowId: string, season: string) =>
    `${exposurePrefix('v1', bu)}/content/asset/${enc(tvShowId)}/season/${enc(season)}`,
  seasonEpisodes: (bu: BusinessUnitRef, tvShowId: string, season: string) =>
    `${exposurePrefix('v1', bu)}/content/asset/${enc(tvShowId)}/season/${enc(season)}/episode`,
  seasonById: (bu: BusinessUnitRef, seasonId: string) =>
    `${exposurePrefix('v1', bu)}/content/season/${enc(seasonId)}`,
  /** v3 title search (prefix on titles): ApiSearchList. */
  searchAssets: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v3', bu)}/content/search/asset/query/${enc(text)}`,
  /** v3 multi search: assets, tags and participants (ApiMultiSearchResponse). */
  searchMulti: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v3', bu)}/content/search/query/${enc(text)}`,
  /** v3 title autocompletes: `[{hitText, hitFieldValue}]`. */
  assetTitleAutocomplete: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v3', bu)}/content/search/asset/title/autocomplete/${enc(text)}`,
  tagTitleAutocomplete: (bu: BusinessUnitRef, text: string) =>
    `${exposurePrefix('v3', bu)}/content/search/tag/title/autocomplete/${enc(text)}`,
  /** ApiRecommendedWatchNext `{items}`: not personal. */
  watchNext: (bu: BusinessUnitRef, assetId: string) =>
    `${exposurePrefix('v1', bu)}/recommend/watchNext/${enc(assetId)}`,
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
  seasons: { version: 'v1', pattern: '/content/asset/:assetId/season' },
  season: { version: 'v1', pattern: '/content/asset/:assetId/season/:season' },
  seasonEpisodes: { version: 'v1', pattern: '/content/asset/:assetId/season/:season/episode' },
  seasonById: { version: 'v1', pattern: '/content/season/:seasonId' },
  searchAssets: { version: 'v3', pattern: '/content/search/asset/query/:text' },
  assetTitleAutocomplete: { version: 'v3', pattern: '/content/search/asset/title/autocomplete/:text' },
  tagTitleAutocomplete: { version: 'v3', pattern: '/content/search/tag/title/autocomplete/:text' },
  watchNext: { version: 'v1', pattern: '/recommend/watchNext/:assetId' },
} as const satisfies Record<string, ExposureRoute>;

/**
 * The v3 calls whose pattern another version already answers (`/content/search/query/:text` is
 * the v2 search): registered under the fixed `/v3/…` prefix (exposureScope's `version`).
 */
export const catalogueV3Patterns = {
  searchMulti: { version: 'v3', pattern: '/content/search/query/:text' },
} as const satisfies Record<string, ExposureRoute>;

export const locationPatterns = {
  businessUnitLocation: { version: 'v1', pattern: '/location' },
} as const satisfies Record<string, ExposureRoute>;
