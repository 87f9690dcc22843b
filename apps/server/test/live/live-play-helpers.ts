import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { playbackPaths, type LoginResponse } from '@antenne/contract';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { extraAsset, OPEN, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { fakeSchedule, writeMedia } from './stream-helpers.js';

/**
 * The live play suites' setting: channels in and out of the viewer's live package, one for France
 * only, a title aired by the schedule (a fake ScheduleReader), media folders as the dash muxer
 * lays them out, a subscribed household, and a clock the tests move.
 */

export const START = Date.parse('2026-11-23T12:00:00.000Z');
const MIN = 60_000;
export const FR_IP = '90.0.0.1';
export const SE_IP = '2.2.2.2';

export const CH = { inPackage: 'ch-abo', outside: 'ch-option', franceOnly: 'ch-france' } as const;
export const FILM = 'film-diffuse';
export const MATURE = 'film-diffuse-16';
export const PROG = {
  onAir: 'prog-en-cours',
  onAirNoStartOver: 'prog-en-cours-sans-flag',
  catchup: 'prog-hier',
  noCatchup: 'prog-sans-replay',
  tooOld: 'prog-trop-ancien',
  future: 'prog-a-venir',
  mature: 'prog-16',
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

const channel = (id: string, products: string[], countries?: string[]) =>
  extraAsset(id, {
    type: 'TV_CHANNEL',
    medias: medias(id),
    parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '1' }],
    publications: [{ publicationId: `pub-${id}`, ...OPEN, products, ...(countries ? { countries } : {}) }],
  });

export const schedule = fakeSchedule([
  {
    programId: PROG.onAir,
    channelId: CH.inPackage,
    assetId: FILM,
    startMs: START - 10 * MIN,
    endMs: START + 20 * MIN,
    flags: 14,
  },
  {
    programId: PROG.future,
    channelId: CH.inPackage,
    assetId: FILM,
    startMs: START + 20 * MIN,
    endMs: START + 50 * MIN,
    flags: 12,
  },
  {
    programId: PROG.catchup,
    channelId: CH.inPackage,
    assetId: FILM,
    startMs: START - 120 * MIN,
    endMs: START - 60 * MIN,
    flags: 4,
  },
  {
    programId: PROG.noCatchup,
    channelId: CH.inPackage,
    assetId: FILM,
    startMs: START - 180 * MIN,
    endMs: START - 120 * MIN,
    flags: 0,
  },
  {
    programId: PROG.tooOld,
    channelId: CH.inPackage,
    assetId: FILM,
    startMs: START - 8 * 1440 * MIN,
    endMs: START - 8 * 1440 * MIN + 30 * MIN,
    flags: 4,
  },
  {
    programId: PROG.onAirNoStartOver,
    channelId: CH.outside,
    assetId: FILM,
    startMs: START - 10 * MIN,
    endMs: START + 20 * MIN,
    flags: 4,
  },
  {
    programId: PROG.mature,
    channelId: CH.franceOnly,
    assetId: MATURE,
    startMs: START - 10 * MIN,
    endMs: START + 20 * MIN,
    flags: 12,
  },
]);

export interface LiveFixture {
  app: App;
  clock: { now: number };
  user: LoginResponse;
  db: ReturnType<TestDatabase['open']>['db'];
  /** The test database's DATA_DIR (its generated auth-secret opens the keys sealed at rest). */
  dataDir: string;
}

export function playRequest(app: App, id: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: playbackPaths.play(TENANT, id), headers });
}

/** Builds the app, the catalogue, the media and a household subscribed to `abonnement`. */
export function useLivePlay(engine: Engine) {
  let testDb: TestDatabase | undefined;
  let fixture: LiveFixture | undefined;
  let database: ReturnType<TestDatabase['open']> | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
    const doc = smallCatalogue();
    doc.products = [
      { id: 'gratuit', name: 'Gratuit', monetisationType: 'Free', maxAds: 0 },
      { id: 'abonnement', name: 'Abonnement', monetisationType: 'Subscription', maxAds: 0 },
      { id: 'option-sport-afrique', name: 'Option', monetisationType: 'Subscription', maxAds: 0 },
    ];
    doc.assets.push(
      channel(CH.inPackage, ['abonnement']),
      channel(CH.outside, ['option-sport-afrique']),
      channel(CH.franceOnly, ['abonnement'], ['FR']),
      extraAsset(FILM, {
        medias: medias(FILM),
        parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '1' }],
      }),
      extraAsset(MATURE, {
        medias: medias(MATURE),
        parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '6' }],
      }),
    );
    const result = await importCatalogue(database.db, doc, TENANT);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const mediaDir = path.join(testDb.options.dataDir, 'media');
    for (const id of Object.values(CH)) writeMedia(mediaDir, id, 15);
    writeMedia(mediaDir, FILM, 5);
    writeMedia(mediaDir, MATURE, 5);
    const clock = { now: START };
    const app = await buildTestApp(testDb, {
      verifyIdToken: testVerifyIdToken,
      clock: () => clock.now,
      cacheCheckEveryMs: 0,
      config: { trustProxy: ['127.0.0.1'] },
      schedule,
    });
    const user = await login(
      app,
      `live-${randomBytes(4).toString('hex')}`,
      `live-${randomBytes(4).toString('hex')}@example.com`,
    );
    await database.db
      .insertInto('household_subscriptions')
      .values({
        id: `sub_${randomBytes(6).toString('hex')}`,
        household_id: user.accountId,
        product_id: 'abonnement',
        start_date: new Date(START - 86_400_000).toISOString(),
        end_date: null,
      })
      .execute();
    fixture = { app, clock, user, db: database.db, dataDir: testDb.options.dataDir };
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
  const auth = () => bearer(state().user.sessionToken);
  return { state, auth };
}
