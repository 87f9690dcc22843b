import { describe, expect, test } from 'vitest';
import { accountPaths, accountPatterns } from './accounts.js';
import {
  EXPOSURE_PREFIX_PATTERN,
  exposurePattern,
  WHITELABEL_PREFIX_PATTERN,
  type ExposureRoute,
} from './exposure.js';
import {
  cataloguePatterns,
  catalogueV3Patterns,
  locationPatterns,
  paths,
  rootPatterns,
  whitelabelPatterns,
} from './paths.js';
import { epgPaths, epgPatterns, parseProgramDetailsId, programDetailsId } from './epg.js';
import { displayAdPaths, displayAdPatterns } from './display-ads.js';
import { playbackPaths, playbackPatterns } from './playback.js';
import { recordingPaths, recordingPatterns } from './recordings.js';
import { dashboardPaths, dashboardPatterns } from './dashboard-calls.js';
import { activationPaths, activationPatterns } from './activation.js';

/**
 * Matches a path against a route pattern (Fastify syntax: `:name` is one path segment) as the
 * server's router would, and gives the parameters decoded; undefined when it does not match.
 */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const found = new RegExp(`^${source}$`).exec(path);
  if (found === null) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
}

// Parameters with characters that need encoding, so a builder that forgets it is caught.
const bu = { customer: 'Antenne Monde', businessUnit: 'fr/be' };
const tenantParams = { customer: bu.customer, businessUnit: bu.businessUnit };
const assetId = 'film é/1?';
const userId = 'profil #2';

/** Every builder, called with sample arguments, and the parameters its path must carry. */
const exposureCases: [string, ExposureRoute, string, Record<string, string>][] = [
  ['paths.assets', cataloguePatterns.assets, paths.assets(bu), {}],
  ['paths.asset', cataloguePatterns.asset, paths.asset(bu, assetId), { assetId }],
  ['paths.nextAsset', cataloguePatterns.nextAsset, paths.nextAsset(bu, assetId), { assetId }],
  ['paths.tag', cataloguePatterns.tag, paths.tag(bu, 'genre/drame'), { tagId: 'genre/drame' }],
  [
    'paths.searchSuggestions',
    cataloguePatterns.searchSuggestions,
    paths.searchSuggestions(bu, 'la vie'),
    { text: 'la vie' },
  ],
  ['paths.searchQuery', cataloguePatterns.searchQuery, paths.searchQuery(bu, 'été 85'), { text: 'été 85' }],
  ['paths.seasons', cataloguePatterns.seasons, paths.seasons(bu, assetId), { assetId }],
  ['paths.season', cataloguePatterns.season, paths.season(bu, assetId, '2'), { assetId, season: '2' }],
  [
    'paths.seasonEpisodes',
    cataloguePatterns.seasonEpisodes,
    paths.seasonEpisodes(bu, assetId, '2'),
    { assetId, season: '2' },
  ],
  ['paths.seasonById', cataloguePatterns.seasonById, paths.seasonById(bu, 's #1'), { seasonId: 's #1' }],
  [
    'paths.searchAssets',
    cataloguePatterns.searchAssets,
    paths.searchAssets(bu, 'été 85'),
    { text: 'été 85' },
  ],
  ['paths.searchMulti', catalogueV3Patterns.searchMulti, paths.searchMulti(bu, 'été/85'), { text: 'été/85' }],
  [
    'paths.assetTitleAutocomplete',
    cataloguePatterns.assetTitleAutocomplete,
    paths.assetTitleAutocomplete(bu, 'la v'),
    { text: 'la v' },
  ],
  [
    'paths.tagTitleAutocomplete',
    cataloguePatterns.tagTitleAutocomplete,
    paths.tagTitleAutocomplete(bu, 'dra'),
    { text: 'dra' },
  ],
  ['paths.watchNext', cataloguePatterns.watchNext, paths.watchNext(bu, assetId), { assetId }],
  ['playbackPaths.entitle', playbackPatterns.entitle, playbackPaths.entitle(bu, assetId), { assetId }],
  [
    'playbackPaths.availabilityKeys',
    playbackPatterns.availabilityKeys,
    playbackPaths.availabilityKeys(bu),
    {},
  ],
  [
    'playbackPaths.storeOfferings',
    playbackPatterns.storeOfferings,
    playbackPaths.storeOfferings(bu, 'FR'),
    { countryCode: 'FR' },
  ],
  ['paths.businessUnitLocation', locationPatterns.businessUnitLocation, paths.businessUnitLocation(bu), {}],
  ['accountPaths.firebaseLogin', accountPatterns.firebaseLogin, accountPaths.firebaseLogin(bu), {}],
  ['accountPaths.logout', accountPatterns.logout, accountPaths.logout(bu), {}],
  ['accountPaths.session', accountPatterns.session, accountPaths.session(bu), {}],
  ['accountPaths.preferences', accountPatterns.preferences, accountPaths.preferences(bu), {}],
  [
    'accountPaths.listAssets',
    accountPatterns.listAssets,
    accountPaths.listAssets(bu, 'my list'),
    { list: 'my list' },
  ],
  [
    'accountPaths.listAsset',
    accountPatterns.listAsset,
    accountPaths.listAsset(bu, assetId),
    { list: 'favorites', assetId },
  ],
  ['accountPaths.listTags', accountPatterns.listTags, accountPaths.listTags(bu), { list: 'tagfeed' }],
  [
    'accountPaths.listTag',
    accountPatterns.listTag,
    accountPaths.listTag(bu, 'genre/drame #1'),
    { list: 'tagfeed', tagId: 'genre/drame #1' },
  ],
  ['accountPaths.lastViewedOffset', accountPatterns.lastViewedOffset, accountPaths.lastViewedOffset(bu), {}],
  ['accountPaths.continueWatching', accountPatterns.continueWatching, accountPaths.continueWatching(bu), {}],
  ['accountPaths.userDelete', accountPatterns.userDelete, accountPaths.userDelete(bu), {}],
  ['accountPaths.changeEmail', accountPatterns.changeEmail, accountPaths.changeEmail(bu), {}],
  ['accountPaths.profiles', accountPatterns.profiles, accountPaths.profiles(bu), {}],
  ['accountPaths.profile', accountPatterns.profile, accountPaths.profile(bu, userId), { userId }],
  [
    'accountPaths.selectProfile',
    accountPatterns.selectProfile,
    accountPaths.selectProfile(bu, userId),
    { userId },
  ],
  ['playbackPaths.play', playbackPatterns.play, playbackPaths.play(bu, assetId), { assetId }],
  ['playbackPaths.clearKeyLicense', playbackPatterns.clearKeyLicense, playbackPaths.clearKeyLicense(bu), {}],
  ['playbackPaths.vast', playbackPatterns.vast, playbackPaths.vast(bu), {}],
  ['playbackPaths.adTracking', playbackPatterns.adTracking, playbackPaths.adTracking(bu), {}],
  ['displayAdPaths.decision', displayAdPatterns.decision, displayAdPaths.decision(bu), {}],
  ['displayAdPaths.track', displayAdPatterns.track, displayAdPaths.track(bu), {}],
  [
    'displayAdPaths.creative',
    displayAdPatterns.creative,
    displayAdPaths.creative(bu, 'promo-direct', 300, 250),
    { adId: 'promo-direct', size: '300x250.svg' },
  ],
  ['playbackPaths.eventsinkInit', playbackPatterns.eventsinkInit, playbackPaths.eventsinkInit(bu), {}],
  ['playbackPaths.eventsinkSend', playbackPatterns.eventsinkSend, playbackPaths.eventsinkSend(bu), {}],
  [
    'epgPaths.channelDate',
    epgPatterns.channelDate,
    epgPaths.channelDate(bu, 'chaîne/1', '2026-11-24'),
    { channelId: 'chaîne/1', date: '2026-11-24' },
  ],
  ['epgPaths.allDate', epgPatterns.allDate, epgPaths.allDate(bu, '2026-11-24'), { date: '2026-11-24' }],
  [
    'epgPaths.program',
    epgPatterns.program,
    epgPaths.program(bu, 'chaîne/1', 'p #1'),
    { channelId: 'chaîne/1', programId: 'p #1' },
  ],
  [
    'epgPaths.programNext',
    epgPatterns.programNext,
    epgPaths.programNext(bu, 'chaîne/1', 'p #1'),
    { channelId: 'chaîne/1', programId: 'p #1' },
  ],
  ['epgPaths.assetNext', epgPatterns.assetNext, epgPaths.assetNext(bu, assetId), { assetId }],
  [
    'epgPaths.channelOnNow',
    epgPatterns.channelOnNow,
    epgPaths.channelOnNow(bu, 'chaîne/1'),
    { channelId: 'chaîne/1' },
  ],
  ['epgPaths.onNow', epgPatterns.onNow, epgPaths.onNow(bu), {}],
  ['epgPaths.events', epgPatterns.events, epgPaths.events(bu, '2026-11-24'), { date: '2026-11-24' }],
  ['recordingPaths.recordings', recordingPatterns.recordings, recordingPaths.recordings(bu), {}],
  [
    'recordingPaths.recording',
    recordingPatterns.recording,
    recordingPaths.recording(bu, 'rec_1'),
    { recordingId: 'rec_1' },
  ],
  [
    'recordingPaths.series',
    recordingPatterns.series,
    recordingPaths.series(bu, 'recs_1'),
    { seriesId: 'recs_1' },
  ],
  ['dashboardPaths.report', dashboardPatterns.report, dashboardPaths.report(bu), {}],
  ['dashboardPaths.access', dashboardPatterns.access, dashboardPaths.access(bu), {}],
  [
    'activationPaths.activationCode',
    activationPatterns.activationCode,
    activationPaths.activationCode(bu),
    {},
  ],
  ['activationPaths.consume', activationPatterns.consume, activationPaths.consume(bu), {}],
  [
    'activationPaths.confirm',
    activationPatterns.confirm,
    activationPaths.confirm(bu, '9F3A2C'),
    { code: '9F3A2C' },
  ],
];

describe('route patterns and path builders agree', () => {
  test.each(exposureCases)('%s matches its pattern on its version only', (_name, route, path, params) => {
    expect(match(exposurePattern(route), path)).toEqual({ ...tenantParams, ...params });
    // Under the one prefix the version is a parameter: the builder uses the pattern's version.
    expect(match(EXPOSURE_PREFIX_PATTERN + route.pattern, path)).toEqual({
      version: route.version,
      ...tenantParams,
      ...params,
    });
  });

  test('every Exposure pattern has a builder case above', () => {
    const covered = new Set(exposureCases.map(([, route]) => route));
    const all = [
      cataloguePatterns,
      locationPatterns,
      accountPatterns,
      playbackPatterns,
      epgPatterns,
      recordingPatterns,
      dashboardPatterns,
      activationPatterns,
    ].flatMap((area) => Object.values(area));
    for (const route of all) expect(covered.has(route), JSON.stringify(route)).toBe(true);
  });

  test.each([
    ['filters', whitelabelPatterns.filters, paths.filters(bu), {}],
    ['wlConfig', whitelabelPatterns.wlConfig, paths.wlConfig(bu), { configId: 'sandwich' }],
    [
      'wlComponent',
      whitelabelPatterns.wlComponent,
      paths.wlComponent(bu, 'hero/1', 'my config'),
      { configId: 'my config', componentId: 'hero/1' },
    ],
  ] as const)('paths.%s matches its white-label pattern', (_name, pattern, path, params) => {
    expect(match(WHITELABEL_PREFIX_PATTERN + pattern, path)).toEqual({ ...tenantParams, ...params });
  });

  test('the calls without a prefix are their own pattern', () => {
    for (const key of Object.keys(rootPatterns) as (keyof typeof rootPatterns)[])
      expect(paths[key](), key).toBe(rootPatterns[key]);
  });

  test('a path on another version, or of another call, does not match', () => {
    const asset = exposurePattern(cataloguePatterns.asset);
    expect(match(asset, paths.asset(bu, 'x'))).toBeDefined();
    expect(match(asset, paths.asset(bu, 'x').replace('/v1/', '/v2/'))).toBeUndefined();
    expect(match(asset, paths.nextAsset(bu, 'x'))).toBeUndefined();
  });
});

describe('the programme details id (spec part 1 §2)', () => {
  test('{channelId}#{startTimestampMs} round-trips, a # in the channel id included', () => {
    expect(programDetailsId('channel-59', 1_767_225_600_000)).toBe('channel-59#1767225600000');
    expect(parseProgramDetailsId('channel-59#1767225600000')).toEqual({
      channelId: 'channel-59',
      startMs: 1_767_225_600_000,
    });
    expect(parseProgramDetailsId('a#b#42')).toEqual({ channelId: 'a#b', startMs: 42 });
  });

  test.each(['channel-59', '#42', 'channel-59#', 'channel-59#12a', 'channel-59#-1', `c#${'9'.repeat(16)}`])(
    '%s is not one',
    (id) => expect(parseProgramDetailsId(id)).toBeNull(),
  );
});
