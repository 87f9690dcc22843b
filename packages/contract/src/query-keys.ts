import type { DisplayAdQuery } from './display-ads.js';
import type { StructureParams } from './startup.js';

/**
 * The web app's TanStack Query keys, in one place: the web app's API files (apps/web/src/api)
 * read with them, and the server's index.html bootstrap (apps/server/src/modules/web-app)
 * prefetches under them, so both sides always agree. Keys start with the resource (house style):
 * a write invalidates, and sign-out removes, everything under its first element.
 * No TypeBox here: the web app imports it on its first screen.
 */

/** The `type` of a component's contentUrl whose lane is the signed-in user's own list, and its resource. */
const PERSONAL_RESOURCES: Readonly<Record<string, 'favourites' | 'continueWatching'>> = {
  Favourites: 'favourites',
  ContinueWatching: 'continueWatching',
};

/** The resource of a user's own list (its writes invalidate it), or undefined for a catalogue lane. */
export const personalResourceOf = (contentUrl: { type?: string } | undefined) =>
  PERSONAL_RESOURCES[contentUrl?.type ?? ''];

/** The first elements of the keys of the signed-in user's data: sign-out removes them. */
export const PERSONAL_QUERY_RESOURCES = [
  'preferences',
  'favourites',
  'continueWatching',
  'lastViewedOffset',
  'profiles',
  'recordings',
  'dashboard',
] as const;

export const queryKeys = {
  config: () => ['config'] as const,
  contractCountries: () => ['contractCountries'] as const,
  locationFilters: () => ['locationFilters'] as const,
  location: () => ['location'] as const,
  structure: (params: StructureParams | undefined) => ['structure', params] as const,
  /** `scope`: the restricted profile a hero's items were read for (ADR 0012); absent for the public answer. */
  component: (componentId: string | undefined, country: string | undefined, scope: string | null = null) =>
    scope === null
      ? (['component', componentId, country] as const)
      : (['component', componentId, country, scope] as const),
  /**
   * The items of a component's contentUrl: `[resource, url, country, scope, pageSize]`. A
   * catalogue lane is `content`, `scope` the restricted profile reading it (null: the public
   * answer, which the server's bootstrap prefetches); the user's own lists start with the resource
   * their writes invalidate (`favourites`, `continueWatching`) and carry the user's token as scope.
   */
  content: (
    contentUrl: { type?: string; url?: string } | undefined,
    country: string,
    scope: string | null,
    pageSize?: number,
  ) => [personalResourceOf(contentUrl) ?? 'content', contentUrl?.url, country, scope, pageSize] as const,
  pageReference: (path: string | undefined, country: string) => ['pageReference', path, country] as const,
  asset: (assetId: string | undefined, country: string) => ['asset', assetId, country] as const,
  /** Assets by ids (the hero's items): the ids sorted, so the order asked does not matter. */
  assetsByIds: (assetIds: readonly string[], country: string) =>
    ['assets', [...assetIds].sort().join(','), country] as const,
  recommendations: (
    scheme: string | undefined,
    tagId: string | undefined,
    excludeAssetId: string,
    country: string,
    scope: string | null,
  ) => ['recommendations', scheme, tagId, excludeAssetId, country, scope] as const,
  tag: (tagId: string) => ['tag', tagId] as const,
  searchSuggestions: (text: string, locale: string, country: string, types: string, scope: string | null) =>
    ['searchSuggestions', text, locale, country, types, scope] as const,
  search: (text: string, locale: string, country: string, types: string, scope: string | null) =>
    ['search', text, locale, country, types, scope] as const,
  /** Keyed by the token: another user (or none) is another list, fetched anew (spec part 1 §4). */
  favourites: (token: string | null) => ['favourites', token] as const,
  continueWatching: (token: string | null) => ['continueWatching', token] as const,
  lastViewedOffset: (token: string | null, assetIds: readonly string[]) =>
    ['lastViewedOffset', token, assetIds] as const,
  preferences: (token: string | null) => ['preferences', token] as const,
  profiles: (token: string | null) => ['profiles', token] as const,
  nextAsset: (assetId: string | undefined) => ['nextAsset', assetId] as const,
  identityProviders: () => ['identityProviders'] as const,
  /** The guide's programmes: every channel (`channelId` null) or one, over `days` days from `date` (UTC). */
  epg: (channelId: string | null, date: string, days = 1) => ['epg', channelId, date, days] as const,
  /** One programme by its details id (`{channelId}#{startMs}`). */
  program: (detailsId: string | undefined) => ['program', detailsId] as const,
  /** What every channel shows now (and within `minutesForward`). */
  onNow: (minutesForward: number) => ['onNow', minutesForward] as const,
  /** A big screen's activation code (issue 18): one per screen, asked again when it expires. */
  activationCode: () => ['activationCode'] as const,
  /** The profile's network recordings, named in `locale` (ADR 0026). */
  recordings: (token: string | null, locale: string) => ['recordings', token, locale] as const,
  /** A display ad decision (issue 17): one per slot (and its order), size class, page, category, consent, view and language. */
  displayAd: (q: DisplayAdQuery) =>
    [
      'displayAd',
      q.slot,
      q.size,
      q.page,
      q.category ?? null,
      q.consent,
      q.view ?? null,
      q.index ?? 0,
      q.lang ?? null,
    ] as const,
  /** The staff dashboard (issue 17): whether the account may open it, and its report over a span. */
  dashboardAccess: (token: string | null) => ['dashboard', token, 'access'] as const,
  dashboardReport: (token: string | null, from: string, to: string) =>
    ['dashboard', token, 'report', from, to] as const,
} as const;
