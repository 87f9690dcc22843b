import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { recordingPaths, type LoginResponse } from '@antenne/contract';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { extraAsset, OPEN, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { fakeSchedule, writeMedia } from '../live/stream-helpers.js';

/**
 * The recordings suites' setting: two channels (one outside any package the households hold:
 * recordings are granted), a film and a series' episodes aired by a fake schedule, media folders for
 * the streams, and a clock the tests move. Each test signs in households of its own (the quota is
 * a household's).
 */

export const START = Date.parse('2026-11-23T12:00:00.000Z');
export const MIN = 60_000;
const DAY = 1440 * MIN;
export const SE_IP = '2.2.2.2';

export const CH = { main: 'ch-rec', other: 'ch-rec-option' } as const;
export const FILM = 'film-enregistre';
export const FILM_SE = 'film-france-seulement';
export const MATURE = 'film-enregistre-16';
export const SHOW = 'serie-quartier';
export const EP = { one: 'quartier-s1e1', two: 'quartier-s1e2', three: 'quartier-s1e3' } as const;
export const P = {
  future: 'rec-prog-a-venir',
  noPvr: 'rec-prog-sans-pvr',
  over: 'rec-prog-fini',
  long: 'rec-prog-long',
  afterLong: 'rec-prog-apres-long',
  ep1: 'rec-ep1',
  ep2: 'rec-ep2',
  film: 'rec-film-entre',
  ep2elsewhere: 'rec-ep2-autre-chaine',
  ep3late: 'rec-ep3-plus-tard',
  mature: 'rec-prog-16',
  franceOnly: 'rec-prog-france',
} as const;

const medias = (id: string) =>
  (['HLS', 'DASH'] as const).map((format) => ({
    mediaId: `${id}-${format.toLowerCase()}`,
    format,
    drm: 'UNENCRYPTED',
    durationMillis: 30_000,
    status: 'enabled',
    locator: `/media/${id}/${format === 'HLS' ? 'master.m3u8' : 'manifest.mpd'}`,
  }));

const channel = (id: string, products: string[]) =>
  extraAsset(id, {
    type: 'TV_CHANNEL',
    medias: medias(id),
    parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '1' }],
    publications: [{ publicationId: `pub-${id}`, ...OPEN, products }],
  });

const at = (
  programId: string,
  channelId: string,
  assetId: string,
  fromMin: number,
  minutes: number,
  flags = 14,
) => ({
  programId,
  channelId,
  assetId,
  startMs: START + fromMin * MIN,
  endMs: START + (fromMin + minutes) * MIN,
  flags,
});

export const schedule = fakeSchedule([
  at(P.future, CH.main, FILM, 20, 30),
  at(P.noPvr, CH.main, FILM, 50, 30, 12),
  at(P.over, CH.main, FILM, -120, 60),
  at(P.ep1, CH.main, EP.one, 60, 30),
  at(P.film, CH.main, FILM, 90, 30),
  at(P.ep2, CH.main, EP.two, 120, 30),
  at(P.ep2elsewhere, CH.other, EP.two, 120, 30),
  // Beyond the schedule window from START: recorded once the window reaches it.
  at(P.ep3late, CH.main, EP.three, 8 * 1440, 30),
  // 19 h 40: with a 30-minute one, past the 20-hour quota.
  at(P.long, CH.other, FILM, 180, 19 * 60 + 40, 2),
  at(P.afterLong, CH.other, FILM, 180 + 19 * 60 + 40, 30, 2),
  at(P.mature, CH.main, MATURE, 200, 30),
  at(P.franceOnly, CH.main, FILM_SE, 240, 30),
]);

export interface RecordingsFixture {
  app: App;
  clock: { now: number };
}

/** Builds the app and catalogue once per describe; `household()` signs in a new household. */
export function useRecordings(engine: Engine) {
  let testDb: TestDatabase | undefined;
  let fixture: RecordingsFixture | undefined;
  let database: ReturnType<TestDatabase['open']> | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
    const doc = smallCatalogue();
    doc.products = [
      { id: 'gratuit', name: 'Gratuit', monetisationType: 'Free', maxAds: 0 },
      { id: 'abonnement', name: 'Abonnement', monetisationType: 'Subscription', maxAds: 0 },
    ];
    const rated = (rating: string) => ({ parentalRatings: [{ country: 'FR', scheme: 'CSA', rating }] });
    doc.assets.push(
      channel(CH.main, ['abonnement']),
      channel(CH.other, ['abonnement']),
      extraAsset(FILM, {
        medias: medias(FILM),
        ...rated('1'),
        localized: [
          { locale: 'fr', title: 'Le film enregistré', description: 'Un film.' },
          { locale: 'en', title: 'The recorded film', description: 'A film.' },
        ],
      }),
      extraAsset(EP.three, {
        type: 'EPISODE',
        tvShowId: SHOW,
        seasonId: 'quartier-s1',
        season: 1,
        episode: 3,
      }),
      extraAsset(MATURE, { medias: medias(MATURE), ...rated('6') }),
      extraAsset(FILM_SE, {
        medias: medias(FILM_SE),
        ...rated('1'),
        publications: [{ publicationId: 'pub-fr-only', ...OPEN, products: ['gratuit'], countries: ['FR'] }],
      }),
    );
    const result = await importCatalogue(database.db, doc, TENANT);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const mediaDir = path.join(testDb.options.dataDir, 'media');
    for (const id of Object.values(CH)) writeMedia(mediaDir, id, 15);
    for (const id of [FILM, MATURE, FILM_SE]) writeMedia(mediaDir, id, 5);
    const clock = { now: START };
    const app = await buildTestApp(testDb, {
      verifyIdToken: testVerifyIdToken,
      clock: () => clock.now,
      cacheCheckEveryMs: 0,
      config: { trustProxy: ['127.0.0.1'] },
      schedule,
    });
    fixture = { app, clock };
  });
  afterAll(async () => {
    await fixture?.app.close();
    await database?.destroy();
    await testDb?.cleanup();
  });
  const state = () => {
    if (fixture === undefined) throw new Error('built in beforeAll');
    return fixture;
  };
  /** A new household (its main profile's session). */
  const household = async (): Promise<LoginResponse> => {
    const id = randomBytes(4).toString('hex');
    return login(state().app, `rec-${id}`, `rec-${id}@example.com`);
  };
  return { state, household, day: DAY };
}

/** The recordings calls, as a user. */
export function recordingCalls(app: App, token: string, extra: Record<string, string> = {}) {
  const headers = { ...bearer(token), ...extra };
  return {
    list: (query = '') =>
      app.inject({ method: 'GET', url: recordingPaths.recordings(TENANT) + query, headers }),
    record: (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: recordingPaths.recordings(TENANT), headers, payload }),
    remove: (id: string) =>
      app.inject({ method: 'DELETE', url: recordingPaths.recording(TENANT, id), headers }),
    stopSeries: (id: string) =>
      app.inject({ method: 'DELETE', url: recordingPaths.series(TENANT, id), headers }),
  };
}
