import { RECORDING_QUOTA_HOURS, recordingPaths, type RecordingList } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { fakeSchedule } from '../live/stream-helpers.js';

/**
 * The household's recording quota holds across processes (issue 30 item 6): two apps on one
 * database (two pools, or two SQLite connections: what two server processes are) take many
 * recordings of one household at once; the recordings not in error never add up past the quota.
 */

const START = Date.parse('2026-11-23T12:00:00.000Z');
const MIN = 60_000;
const QUOTA_MS = RECORDING_QUOTA_HOURS * 60 * MIN;
/** 60 programmes of 30 minutes: 30 hours, 40 of them fit in 20 hours. */
const PROGRAMMES = Array.from({ length: 60 }, (_, i) => ({
  programId: `race-${i}`,
  channelId: 'ch-race',
  assetId: 'film-race',
  startMs: START + (60 + i * 30) * MIN,
  endMs: START + (90 + i * 30) * MIN,
  flags: 2,
}));

describe.each(engines)('the recording quota across two processes (%s)', (engine) => {
  let testDb: TestDatabase;
  let apps: App[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const handle = testDb.open();
    try {
      const result = await importCatalogue(handle.db, smallCatalogue(), TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await handle.destroy();
    }
    const schedule = fakeSchedule(PROGRAMMES);
    const build = () =>
      buildTestApp(testDb, {
        verifyIdToken: testVerifyIdToken,
        clock: () => START,
        cacheCheckEveryMs: 0,
        schedule,
      });
    apps = [await build(), await build()];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await testDb.cleanup();
  });

  test('60 recordings of one household at once through both: 40 recorded (20 h), 20 in error QUOTA_EXCEEDED, never more', async () => {
    const [first, second] = apps as [App, App];
    const user = await login(first, 'rec-race', 'rec-race@example.com');
    const answers = await Promise.all(
      PROGRAMMES.map(({ programId }, i) =>
        (i % 2 === 0 ? first : second).inject({
          method: 'POST',
          url: recordingPaths.recordings(TENANT),
          headers: bearer(user.sessionToken),
          payload: { programId },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const items = answers.flatMap((res) => res.json<RecordingList>().items);
    expect(items).toHaveLength(60);
    const refused = items.filter((item) => item.failureReason === 'QUOTA_EXCEEDED');
    expect(refused.every((item) => item.status === 4)).toBe(true);
    const recorded = items.filter((item) => item.failureReason === undefined);
    expect(recorded.reduce((sum, item) => sum + item.durationInMs, 0)).toBeLessThanOrEqual(QUOTA_MS);
    expect({ recorded: recorded.length, refused: refused.length }).toEqual({ recorded: 40, refused: 20 });

    // What is stored says the same, read by either process.
    for (const app of apps) {
      const list = await app.inject({
        method: 'GET',
        url: recordingPaths.recordings(TENANT),
        headers: bearer(user.sessionToken),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<RecordingList>().quota).toEqual({
        limitMs: QUOTA_MS,
        usedMs: QUOTA_MS,
        remainingMs: 0,
      });
    }
  }, 60_000);
});
