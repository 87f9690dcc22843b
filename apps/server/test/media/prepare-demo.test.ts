import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ADS, DEMO_CLEARKEY_PROGRAMME, demoMediaPlan } from '@antenne/content/media';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { DEMO_MEDIA_DIR, type DemoMediaEntry } from '../../src/modules/media/demo/build.js';
import { readClearKey } from '../../src/modules/media/demo/encrypt.js';
import { prepareDemo } from '../../src/modules/media/demo/prepare.js';
import { PlaybackMediaRegistry } from '../../src/modules/playback/media-registry.js';
import { createTestDatabase, memoryLogger, TENANT } from '../helpers/test-app.js';

/**
 * prepare() at start-up: the demo bumpers, ads and the ClearKey programme built into the machine's
 * cache (CACHE_DIR, reused when there), handed to the playback registry, the encrypted film given
 * its CENC DASH media. The programme itself is checked on disk in clearkey.test.ts.
 */

const cacheDir = loadConfig().cacheDir;
const plan = demoMediaPlan();

describe('prepareDemo with a playback registry', () => {
  const bumperIds = ['bumper-brand', 'bumper-csa-10', 'bumper-csa-12', 'bumper-csa-16'];
  // The items the registry and the ClearKey film need (the rest of the plan is the demo-media test's).
  const subset = plan.filter(
    (i) => i.kind === 'bumper' || i.kind === 'ad' || i.id === DEMO_CLEARKEY_PROGRAMME,
  );
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  test('fills the bumpers, the ads and the content key, gives the ClearKey film one CENC DASH media; again from the cache', async () => {
    const database = testDb.open();
    try {
      await importDemoIfEmpty(database.db, TENANT);
      for (const round of ['first start', 'second start']) {
        const registry = new PlaybackMediaRegistry();
        const { logger } = memoryLogger();
        const result = await prepareDemo({
          cacheDir,
          db: database.db,
          tenant: TENANT,
          log: logger,
          registry,
          plan: subset,
        });
        if (round === 'second start') expect(result.built).toEqual([]);
        const byId = new Map(result.entries.map((e) => [e.item.id, e]));

        expect([...registry.bumpers.keys()].sort(), round).toEqual([...bumperIds].sort());
        for (const id of bumperIds) {
          const e = byId.get(id) as DemoMediaEntry;
          expect(registry.bumpers.get(id), `${round} ${id}`).toEqual({
            hls: e.hls,
            dash: e.dash,
            durationMs: e.item.seconds * 1000,
          });
          expect(e.hls).toMatch(new RegExp(`^/demo-media/${id}-[0-9a-f]{12}/master\\.m3u8$`));
        }

        expect(
          registry.ads.map((a) => a.id),
          round,
        ).toEqual(['ad-1', 'ad-2']);
        for (const ad of registry.ads) {
          const e = byId.get(ad.id) as DemoMediaEntry;
          expect(ad).toEqual({
            id: ad.id,
            title: DEMO_ADS.find((a) => a.id === ad.id)?.title,
            mp4: e.mp4,
            durationMs: e.item.seconds * 1000,
            width: 1280,
            height: 720,
            clickThrough: '/',
            // Read from the file: libx264 Main at level 3.1 and AAC-LC, for the VAST MediaFile's codec.
            codecs: 'avc1.4d401f,mp4a.40.2',
          });
          expect(ad.mp4).toMatch(new RegExp(`^/demo-media/${ad.id}-[0-9a-f]{12}/ad\\.mp4$`));
          expect(
            existsSync(path.join(cacheDir, DEMO_MEDIA_DIR, ad.mp4.split('/')[2] as string, 'ad.mp4')),
          ).toBe(true);
        }
        expect(registry.ads[0]?.title).toBe('Café Baobab');

        const encrypted = byId.get(DEMO_CLEARKEY_PROGRAMME) as DemoMediaEntry;
        const stored = await readClearKey(path.join(cacheDir, DEMO_MEDIA_DIR, encrypted.folder));
        expect(registry.contentKeys.get(stored.keyId), round).toEqual({
          ...stored,
          mediaPrefix: `/demo-media/${encrypted.folder}/`,
        });
        expect(registry.contentKeys.forPrefix(`/demo-media/${encrypted.folder}/`)).toHaveLength(1);

        const row = await database.db
          .selectFrom('asset')
          .select('medias')
          .where('id', '=', 'film-les-glaces-du-nord')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(row.medias), round).toEqual([
          {
            mediaId: 'film-les-glaces-du-nord_dash',
            name: 'DASH',
            format: 'DASH',
            drm: 'CENC',
            durationMillis: encrypted.item.seconds * 1000,
            status: 'enabled',
            width: 1280,
            height: 720,
            locator: encrypted.dash,
          },
        ]);
      }
    } finally {
      await database.destroy();
    }
  }, 400_000);
});
