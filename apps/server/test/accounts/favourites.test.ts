import { accountPaths, MAX_FAVORITES, paths } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, bearer, login, START, useAccounts } from './helpers.js';

interface FavoriteItem {
  assetId: string;
  asset: { assetId: string };
  lastUpdated: string;
  order: number;
  metadata: Record<string, unknown>;
}

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, tick, call, expectError } = accountsCalls(fx);

  describe('favourites', () => {
    const list = () => accountPaths.listAssets(TENANT);
    const item = (assetId: string, listId?: string) => accountPaths.listAsset(TENANT, assetId, listId);

    test('add, list newest first with the catalogue asset, get, delete', async () => {
      const session = await login(fx.app, 'uid-fav', 'fav@example.com');
      const token = session.sessionToken;
      expect((await call('GET', list(), token)).json()).toEqual([]);

      const added = await call('POST', item('film-ete-indien'), token, { order: 0 });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toEqual({ message: 'OK' });
      const firstAdded = new Date(fx.clock.now).toISOString();
      tick();
      // No body at all, as some clients send it.
      const second = await fx.app.inject({
        method: 'POST',
        url: item('quartier-s1e1'),
        headers: bearer(token),
      });
      expect(second.statusCode, second.body).toBe(200);

      const res = await call('GET', list(), token);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<FavoriteItem[]>();
      expect(items.map((i) => i.assetId)).toEqual(['quartier-s1e1', 'film-ete-indien']);
      expect(items[1]).toMatchObject({ lastUpdated: firstAdded, order: 0, metadata: {} });
      // The asset as the catalogue's content/asset endpoint serialises it.
      const catalogueAsset = (
        await fx.app.inject({ method: 'GET', url: `${paths.asset(TENANT, 'film-ete-indien')}` })
      ).json<unknown>();
      expect(items[1]?.asset).toEqual(catalogueAsset);

      const one = await call('GET', item('film-ete-indien'), token);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<FavoriteItem>()).toEqual(items[1]);
      expectError(await call('GET', item('quartier-s1e2'), token), 404, 'NOT_FOUND');

      // Adding twice changes nothing.
      tick();
      expect((await call('POST', item('film-ete-indien'), token, { order: 5 })).statusCode).toBe(200);
      const again = (await call('GET', list(), token)).json<FavoriteItem[]>();
      expect(again).toEqual(items);

      const removed = await call('DELETE', item('film-ete-indien'), token);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ message: 'OK' });
      expectError(await call('GET', item('film-ete-indien'), token), 404, 'NOT_FOUND');
      expect((await call('GET', list(), token)).json<FavoriteItem[]>().map((i) => i.assetId)).toEqual([
        'quartier-s1e1',
      ]);
    });

    test('an unknown asset → 404 UNKNOWN_ASSET; a list other than favorites → 404 UNKNOWN_LIST', async () => {
      const { sessionToken: token } = await login(fx.app, 'uid-fav-errors', 'fav.errors@example.com');
      expectError(await call('POST', item('nope'), token, {}), 404, 'UNKNOWN_ASSET');
      expectError(
        await call('GET', accountPaths.listAssets(TENANT, 'watchlist'), token),
        404,
        'UNKNOWN_LIST',
      );
      expectError(await call('POST', item('film-ete-indien', 'watchlist'), token, {}), 404, 'UNKNOWN_LIST');
      expectError(await call('GET', item('film-ete-indien', 'watchlist'), token), 404, 'UNKNOWN_LIST');
      expectError(await call('DELETE', item('film-ete-indien', 'watchlist'), token), 404, 'UNKNOWN_LIST');
    });

    test(`past ${MAX_FAVORITES} favourites → 409 LIMIT_REACHED; assets no longer in the catalogue are left out of the list`, async () => {
      const session = await login(fx.app, 'uid-fav-full', 'fav.full@example.com');
      await query((d) =>
        d
          .insertInto('favorites')
          .values(
            Array.from({ length: MAX_FAVORITES }, (_, i) => ({
              profile_id: session.userId,
              asset_id: `gone-${i}`,
              position: 0,
              metadata: '{}',
              created_at: new Date(START - i).toISOString(),
            })),
          )
          .execute(),
      );
      expectError(
        await call('POST', item('film-ete-indien'), session.sessionToken, {}),
        409,
        'LIMIT_REACHED',
      );
      // None of them is in the catalogue: the list is empty, not an error.
      expect((await call('GET', list(), session.sessionToken)).json()).toEqual([]);
      expectError(await call('GET', item('gone-1'), session.sessionToken), 404, 'NOT_FOUND');
      // Removing one makes room.
      await call('DELETE', item('gone-1'), session.sessionToken);
      expect((await call('POST', item('film-ete-indien'), session.sessionToken, {})).statusCode).toBe(200);
    });

    test('a favourite whose publication ended leaves the list', async () => {
      const { sessionToken: token } = await login(fx.app, 'uid-fav-ended', 'fav.ended@example.com');
      expect((await call('POST', item('film-court'), token, { metadata: { from: 'hero' } })).statusCode).toBe(
        200,
      );
      expect(
        (await call('GET', list(), token)).json<FavoriteItem[]>().map((i) => [i.assetId, i.metadata]),
      ).toEqual([['film-court', { from: 'hero' }]]);
      const saved = fx.clock.now;
      try {
        fx.clock.now = Date.parse('2026-12-02T00:00:00Z');
        expect((await call('GET', list(), token)).json()).toEqual([]);
      } finally {
        fx.clock.now = saved;
      }
    });
  });
});
