import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountPaths, playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import type { Logger } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { identitySecret } from '../../src/modules/identity/auth.js';
import { createBeaconTokens, type BeaconTokens } from '../../src/modules/playback/beacon-token.js';
import { createPlayTokens, type PlayTokens } from '../../src/modules/playback/play-token.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { extraAsset, OPEN, smallCatalogue } from '../catalogue/helpers.js';
import {
  buildTestApp,
  createTestDatabase,
  TENANT,
  testConfig,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * The playback suites' setting: a catalogue with one title per offer type and per refusal, small
 * fake media files on disk (the routes serve bytes, they do not decode them), an app that trusts
 * X-Forwarded-For (for the geo rules), a clock the tests move, and a registry with bumpers, an ad
 * and a content key.
 */

export const START = Date.parse('2026-11-23T12:00:00.000Z');
export const FR_IP = '90.0.0.1';
export const US_IP = '8.8.8.8';
export const SE_IP = '2.2.2.2';

export const KEY_ID = '00112233445566778899aabbccddeeff';
export const KEY = 'ffeeddccbbaa99887766554433221100';
export const BRAND_FOLDER = '/demo-media/bumper-brand-0123456789ab/';
export const CSA10_FOLDER = '/demo-media/bumper-csa-10-0123456789ab/';
export const AD_MP4 = '/demo-media/ad-1-0123456789ab/ad.mp4';

/** Products of every monetisation type (ids as in the demo catalogue). */
const PRODUCTS = [
  { id: 'gratuit', name: 'Gratuit', monetisationType: 'Free', maxAds: 0 },
  { id: 'gratuit-pub', name: 'Gratuit avec publicité', monetisationType: 'Advertising', maxAds: 2 },
  { id: 'location', name: 'Location', monetisationType: 'Transactional', maxAds: 0 },
  { id: 'achat', name: 'Achat', monetisationType: 'ElectronicSellThrough', maxAds: 0 },
  { id: 'abonnement', name: 'Abonnement', monetisationType: 'Subscription', maxAds: 0 },
  { id: 'rattrapage', name: 'Replay', monetisationType: 'Catchup', maxAds: 1 },
];

const DURATION = 600_000;

/** HLS + DASH medias in DATA_DIR/media/<id>/ (drm CENC: the title is encrypted). */
const medias = (id: string, drm = 'UNENCRYPTED') =>
  (['HLS', 'DASH'] as const).map((format) => ({
    mediaId: `${id}-${format.toLowerCase()}`,
    format,
    drm,
    durationMillis: DURATION,
    status: 'enabled',
    locator: `/media/${id}/${format === 'HLS' ? 'master.m3u8' : 'manifest.mpd'}`,
  }));

const csa = (rating: string) => [{ country: 'FR', scheme: 'CSA', rating }];

const film = (id: string, products: string[], extra: Record<string, unknown> = {}) =>
  extraAsset(id, {
    duration: DURATION,
    medias: medias(id),
    parentalRatings: csa('1'),
    publications: [{ publicationId: `pub-${id}`, ...OPEN, products }],
    ...extra,
  });

/** The titles the suites play, by rule. */
export const ASSETS = {
  free: 'film-gratuit',
  ads: 'film-pub',
  subscription: 'film-abonnement',
  rental: 'film-location',
  purchase: 'film-achat',
  catchup: 'film-replay',
  trailer: 'bande-annonce-gratuit',
  future: 'film-futur',
  expired: 'film-expire',
  franceOnly: 'film-france',
  noMedia: 'film-sans-media',
  mature: 'film-16',
  encrypted: 'film-clearkey',
} as const;

export function playbackCatalogue() {
  const doc = smallCatalogue();
  doc.products = PRODUCTS;
  // The fixture's own assets use 'gratuit' (Free here): unchanged.
  doc.assets.push(
    film(ASSETS.free, ['gratuit'], {
      linkedEntities: [{ entityId: ASSETS.trailer, entityType: 'ASSET', linkType: 'TRAILER' }],
    }),
    film(ASSETS.ads, ['gratuit-pub'], {
      parentalRatings: csa('3'),
      publications: [
        { publicationId: `pub-${ASSETS.ads}`, ...OPEN, products: ['gratuit-pub'], rights: { maxAds: 2 } },
      ],
    }),
    film(ASSETS.subscription, ['abonnement']),
    film(ASSETS.rental, ['location']),
    film(ASSETS.purchase, ['achat']),
    film(ASSETS.catchup, ['rattrapage']),
    film(ASSETS.trailer, ['gratuit'], { type: 'CLIP', duration: 60_000 }),
    film(ASSETS.future, ['gratuit'], {
      publications: [
        {
          publicationId: 'pub-futur',
          fromDate: '2099-01-01T00:00:00Z',
          toDate: '2099-12-31T00:00:00Z',
          products: ['gratuit'],
        },
      ],
    }),
    film(ASSETS.expired, ['gratuit'], {
      publications: [
        {
          publicationId: 'pub-expire',
          fromDate: '2020-01-01T00:00:00Z',
          toDate: '2021-01-01T00:00:00Z',
          products: ['gratuit'],
        },
      ],
    }),
    film(ASSETS.franceOnly, ['gratuit'], {
      publications: [{ publicationId: 'pub-france', ...OPEN, countries: ['FR'], products: ['gratuit'] }],
    }),
    film(ASSETS.noMedia, ['gratuit'], { medias: [] }),
    film(ASSETS.mature, ['gratuit'], { parentalRatings: csa('6') }),
    film(ASSETS.encrypted, ['gratuit'], { medias: medias(ASSETS.encrypted, 'CENC') }),
  );
  return doc;
}

/** Fake media files: a master playlist naming a segment, an MPD, the segment (an ISO BMFF box). */
function writeFolder(dir: string): void {
  mkdirSync(path.join(dir, 'v360'), { recursive: true });
  writeFileSync(
    path.join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv360/index.m3u8\n',
  );
  writeFileSync(
    path.join(dir, 'v360', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n00001.m4s\n#EXT-X-ENDLIST\n',
  );
  writeFileSync(
    path.join(dir, 'manifest.mpd'),
    '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"/>',
  );
  writeFileSync(
    path.join(dir, 'v360', '00001.m4s'),
    Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('moof'), randomBytes(1000)]),
  );
}

export interface PlaybackFixture {
  testDb: TestDatabase;
  app: App;
  clock: { now: number };
  cacheDir: string;
  /** Signs tokens as the app does (same secret). */
  tokens: PlayTokens;
  /** Signs eventsink beacon tokens as the app does (same secret). */
  beaconTokens: BeaconTokens;
  /** A handle for direct reads and writes (rights, rows). */
  db: ReturnType<TestDatabase['open']>['db'];
  close(): Promise<void>;
}

/** `logger`: where the app's log lines go (silent by default); `catalogue`: instead of `playbackCatalogue()`. */
export async function setUpPlayback(
  engine: Engine,
  options: { logger?: Logger; catalogue?: ReturnType<typeof playbackCatalogue> } = {},
): Promise<PlaybackFixture> {
  const testDb = await createTestDatabase(engine);
  const database = testDb.open();
  const result = await importCatalogue(database.db, options.catalogue ?? playbackCatalogue(), TENANT);
  if (!result.ok) throw new Error(result.errors.join('\n'));

  const dataDir = testDb.options.dataDir;
  for (const id of Object.values(ASSETS)) writeFolder(path.join(dataDir, 'media', id));
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'antenne-playback-'));
  for (const folder of [BRAND_FOLDER, CSA10_FOLDER])
    writeFolder(path.join(cacheDir, 'media', folder.split('/')[2] as string));
  mkdirSync(path.join(cacheDir, 'media', 'ad-1-0123456789ab'), { recursive: true });
  writeFileSync(path.join(cacheDir, 'media', 'ad-1-0123456789ab', 'ad.mp4'), randomBytes(4096));

  const clock = { now: START };
  const app = await buildTestApp(testDb, {
    verifyIdToken: testVerifyIdToken,
    clock: () => clock.now,
    cacheCheckEveryMs: 0,
    // The tests' requests come from 127.0.0.1, standing for a proxy that reports the viewer's address.
    config: { trustProxy: ['127.0.0.1'], cacheDir, demoContent: true },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  app.playbackMedia.setBumper('bumper-brand', {
    hls: `${BRAND_FOLDER}master.m3u8`,
    dash: `${BRAND_FOLDER}manifest.mpd`,
    durationMs: 3000,
  });
  app.playbackMedia.setBumper('bumper-csa-10', {
    hls: `${CSA10_FOLDER}master.m3u8`,
    dash: `${CSA10_FOLDER}manifest.mpd`,
    durationMs: 3000,
  });
  app.playbackMedia.setAds([
    {
      id: 'ad-1',
      title: 'Café du Port',
      mp4: AD_MP4,
      durationMs: 8000,
      width: 1280,
      height: 720,
      clickThrough: 'https://example.com/cafe?a=1&b=2',
      codecs: 'avc1.4d401f,mp4a.40.2',
    },
  ]);
  app.playbackMedia.contentKeys.add({ keyId: KEY_ID, key: KEY, mediaPrefix: `/media/${ASSETS.encrypted}/` });

  return {
    testDb,
    app,
    clock,
    cacheDir,
    tokens: createPlayTokens(identitySecret(testConfig(testDb))),
    beaconTokens: createBeaconTokens(identitySecret(testConfig(testDb))),
    db: database.db,
    close: async () => {
      await app.close();
      await database.destroy();
      await testDb.cleanup();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

let users = 0;
/** A new household (verified email): its LoginResponse. */
export function newHousehold(app: App): Promise<LoginResponse> {
  const n = ++users;
  return login(app, `play-user-${n}-${Math.random().toString(36).slice(2, 8)}`, `play${n}@example.com`);
}

export function playRequest(app: App, assetId: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: playbackPaths.play(TENANT, assetId), headers });
}

/** Plays and expects 200. */
export async function play(
  app: App,
  assetId: string,
  headers: Record<string, string> = {},
): Promise<PlayResponse> {
  const response = await playRequest(app, assetId, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlayResponse>();
}

export { bearer, accountPaths };

/**
 * Builds the playback fixture and a household in the enclosing describe's beforeAll, closes it in
 * its afterAll; `auth` is that household's bearer, `get` a GET on the app.
 */
export function usePlayback(engine: Engine) {
  let f: PlaybackFixture | undefined;
  let user: LoginResponse | undefined;
  beforeAll(async () => {
    f = await setUpPlayback(engine);
    user = await newHousehold(f.app);
  });
  afterAll(async () => {
    await f?.close();
  });
  const state = () => {
    if (!f || !user) throw new Error('the playback fixture is built in beforeAll');
    return { f, user };
  };
  const auth = () => bearer(state().user.sessionToken);
  const get = (url: string, headers: Record<string, string> = {}) =>
    state().f.app.inject({ method: 'GET', url, headers });
  return { state, auth, get };
}
