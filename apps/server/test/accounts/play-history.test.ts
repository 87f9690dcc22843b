import {
  accountPaths,
  LastViewedOffsetResponseSchema,
  type LastViewedOffsetResponse,
  type LoginResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { recordProgress } from '../../src/modules/accounts/index.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, login, useAccounts } from './helpers.js';

const isLastViewed = Compile(LastViewedOffsetResponseSchema);

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, call } = accountsCalls(fx);

  describe('play history and continue watching', () => {
    test('lastviewedoffset and recommend/continue read what recordProgress wrote', async () => {
      const session = await login(fx.app, 'uid-history', 'history@example.com');
      const t0 = fx.clock.now;
      await query(async (d) => {
        await recordProgress(d, {
          profileId: session.userId,
          assetId: 'film-ete-indien',
          offsetMs: 600_000,
          viewedAt: t0 - 3000,
        });
        // 1 450 000 of 1 500 000 ms: finished (over 95 %).
        await recordProgress(d, {
          profileId: session.userId,
          assetId: 'quartier-s1e1',
          offsetMs: 1_450_000,
          viewedAt: t0 - 2000,
        });
        await recordProgress(d, {
          profileId: session.userId,
          assetId: 'quartier-s1e2',
          offsetMs: 0,
          viewedAt: t0 - 1000,
        });
        await recordProgress(d, {
          profileId: session.userId,
          assetId: 'film-court',
          offsetMs: 60_000,
          viewedAt: t0 - 500,
        });
        // The latest position wins.
        await recordProgress(d, {
          profileId: session.userId,
          assetId: 'film-ete-indien',
          offsetMs: 700_000,
          viewedAt: t0 - 100,
        });
      });

      const url = accountPaths.lastViewedOffset(TENANT);
      const all = await call(
        'GET',
        `${url}?assetIds=film-ete-indien,quartier-s1e1,unknown`,
        session.sessionToken,
      );
      expect(all.statusCode, all.body).toBe(200);
      const body = all.json<LastViewedOffsetResponse>();
      expect(isLastViewed.Check(body)).toBe(true);
      expect(body).toEqual({
        count: 2,
        pageNumber: 1,
        pageSize: 200,
        items: [
          { assetId: 'film-ete-indien', lastViewedOffset: 700_000, lastViewedTime: t0 - 100 },
          { assetId: 'quartier-s1e1', lastViewedOffset: 1_450_000, lastViewedTime: t0 - 2000 },
        ],
      });
      const page2 = (
        await call('GET', `${url}?pageSize=2&pageNumber=2`, session.sessionToken)
      ).json<LastViewedOffsetResponse>();
      expect(page2).toMatchObject({ count: 4, pageNumber: 2, pageSize: 2 });
      expect(page2.items.map((i) => i.assetId)).toEqual(['quartier-s1e2', 'quartier-s1e1']);

      const cont = await call('GET', accountPaths.continueWatching(TENANT), session.sessionToken);
      expect(cont.statusCode, cont.body).toBe(200);
      const items = cont.json<{ items: { assetId: string; duration?: number; userData: unknown }[] }>().items;
      expect(items.map((i) => i.assetId)).toEqual(['film-ete-indien', 'film-court']);
      expect(items[0]).toMatchObject({
        duration: 5_400_000,
        userData: { playHistory: { lastViewedOffset: 700_000, lastViewedTime: t0 - 100 } },
      });
    });

    test('a channel watched live keeps its wall-clock bookmark but is never in continue watching', async () => {
      const session = await login(fx.app, 'uid-history-live', 'history-live@example.com');
      const t0 = fx.clock.now;
      await query((d) =>
        recordProgress(d, {
          profileId: session.userId,
          assetId: 'chaine-test',
          offsetMs: t0 - 5000,
          viewedAt: t0,
        }),
      );
      const offsets = (
        await call(
          'GET',
          `${accountPaths.lastViewedOffset(TENANT)}?assetIds=chaine-test`,
          session.sessionToken,
        )
      ).json<LastViewedOffsetResponse>();
      expect(offsets.items).toEqual([
        { assetId: 'chaine-test', lastViewedOffset: t0 - 5000, lastViewedTime: t0 },
      ]);
      const cont = await call('GET', accountPaths.continueWatching(TENANT), session.sessionToken);
      expect(cont.statusCode, cont.body).toBe(200);
      expect(cont.json<{ items: { assetId: string }[] }>().items).toEqual([]);
    });

    test("another profile's history is its own", async () => {
      const session = await login(fx.app, 'uid-history', 'history@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), session.sessionToken, {
        displayName: 'Petit',
      });
      const kid = created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Petit') as UserProfile;
      const selected = (
        await call('GET', accountPaths.selectProfile(TENANT, kid.userId), session.sessionToken)
      ).json<LoginResponse>();
      const res = await call('GET', accountPaths.lastViewedOffset(TENANT), selected.sessionToken);
      expect(res.json<LastViewedOffsetResponse>()).toMatchObject({ count: 0, items: [] });
      expect(
        (await call('GET', accountPaths.continueWatching(TENANT), selected.sessionToken)).json(),
      ).toEqual({ items: [] });
    });
  });
});
