import { accountPaths, paths, type AssetList, type TagListResponse } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { publishedSchemas } from '../live/helpers.js';
import { accountsCalls, login, useAccounts } from './helpers.js';

/**
 * The followed tags (issue 18): Exposure's tag list `preferences/list/tagfeed/tag`, personal (the
 * session's profile), in the published ApiPreferencesListResponse shape, with the asset query a
 * TagFeedQuery carousel runs.
 */
describe.each(engines)('followed tags (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { query, tick, call, expectError } = accountsCalls(fx);
  const published = publishedSchemas('exposure-catalogue-schemas.json');
  const list = () => accountPaths.listTags(TENANT);
  const tag = (tagId: string, listId?: string) => accountPaths.listTag(TENANT, tagId, listId);

  test('follow, list in the published shape with the asset query, follow again, unfollow', async () => {
    const { sessionToken: token } = await login(fx.app, 'uid-tags', 'tags@example.com');
    const empty = await call('GET', list(), token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ query: '', items: [] });

    const followed = await call('POST', tag('comedie'), token, { order: 2, metadata: { from: 'detail' } });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(published('PreferencesResponse', followed.json())).toEqual([]);
    const at = new Date(fx.clock.now).toISOString();
    tick();
    // Again: its order and metadata change, nothing else.
    expect((await call('POST', tag('comedie'), token, { order: 1 })).statusCode).toBe(200);

    const res = await call('GET', list(), token);
    const body = res.json<TagListResponse>();
    expect(published('ApiPreferencesListResponse', body)).toEqual([]);
    expect(body).toEqual({
      query: 'tags.tagId:"comedie"',
      items: [{ id: 'comedie', order: 1, lastUpdated: at, metadata: {} }],
    });
    // The query lists the followed tags' titles.
    const titles = await fx.app.inject(`${paths.assets(TENANT)}?query=${encodeURIComponent(body.query)}`);
    expect(titles.statusCode, titles.body).toBe(200);
    const items = titles.json<AssetList>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.tags?.some((t) => t.tagValues.some((v) => v.tagId === 'comedie')))).toBe(
      true,
    );

    const removed = await call('DELETE', tag('comedie'), token);
    expect(removed.statusCode).toBe(200);
    expect(published('PreferencesResponse', removed.json())).toEqual([]);
    expect((await call('GET', list(), token)).json()).toEqual({ query: '', items: [] });
  });

  test("each profile has its own: another household's list stays empty", async () => {
    const { sessionToken: a } = await login(fx.app, 'uid-tags-a', 'tags-a@example.com');
    const { sessionToken: b } = await login(fx.app, 'uid-tags-b', 'tags-b@example.com');
    expect((await call('POST', tag('comedie'), a)).statusCode).toBe(200);
    expect((await call('GET', list(), b)).json()).toEqual({ query: '', items: [] });
  });

  test('deleting the account deletes its followed tags', async () => {
    const user = await login(fx.app, 'uid-tags-gone', 'tags-gone@example.com');
    expect((await call('POST', tag('comedie'), user.sessionToken)).statusCode).toBe(200);
    const count = () =>
      query(async (db) =>
        Number(
          (
            await db
              .selectFrom('followed_tags')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    const before = await count();
    expect((await call('POST', accountPaths.userDelete(TENANT), user.sessionToken, {})).statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
  });

  test('refusals: anonymous 401, unknown tag 404, unknown list 404, NUL bytes and huge ids 400', async () => {
    expectError(await call('GET', list()), 401, 'NO_SESSION_TOKEN');
    expectError(await call('POST', tag('comedie')), 401, 'NO_SESSION_TOKEN');
    expectError(await call('DELETE', tag('comedie')), 401, 'NO_SESSION_TOKEN');
    const { sessionToken: token } = await login(fx.app, 'uid-tags-bad', 'tags-bad@example.com');
    expectError(await call('POST', tag('tag-inconnu'), token), 404, 'UNKNOWN_TAG');
    expectError(await call('GET', accountPaths.listTags(TENANT, 'autre'), token), 404, 'UNKNOWN_LIST');
    expectError(await call('POST', tag('comedie', 'favorites'), token), 404, 'UNKNOWN_LIST');
    expect((await call('POST', tag('com\u0000edie'), token)).statusCode).toBe(400);
    expect((await call('POST', tag('x'.repeat(5000)), token)).statusCode).toBe(400);
    expect((await call('POST', tag('comedie'), token, { metadata: { note: 'a\u0000b' } })).statusCode).toBe(
      400,
    );
    expect((await call('GET', list(), token)).json()).toEqual({ query: '', items: [] });
  });
});
