import { beforeAll, describe, expect, test } from 'vitest';
import {
  accountPaths,
  paths,
  playbackPaths,
  type AssetList,
  type Component,
  type LoginResponse,
  type SearchList,
  type SearchSuggestion,
  type UserProfiles,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { bearer } from './helpers.js';
import { ADULT_FILM, FAMILY_FILM, useParental } from './parental-helpers.js';

/**
 * Parental controls (ADR 0012), on the demo subscriber (parental-helpers.ts): the catalogue of a
 * restricted profile leaves out what is above its level.
 */

describe.each(engines)('parental controls (%s)', (engine) => {
  const { state, select, sessions, refusal } = useParental(engine);
  let app: App;
  beforeAll(() => {
    ({ app } = state());
  });

  describe('a restricted profile’s catalogue leaves out what is above its level', () => {
    const list = (query: string, headers: Record<string, string> = {}) =>
      app.inject({ url: `${paths.assets(TENANT)}?${query}`, headers });
    const ids = (res: { json: <T>() => T }) => res.json<AssetList>().items.map((a) => a.assetId);

    test('lanes and mosaics (content/asset by query, type and ids): without the -16 film for « Enfants », personal; with it for « Démo » and visitors, public', async () => {
      const { owner, child } = await sessions();
      const lane = 'query=tags.subcategory:comedie&sort=-created&pageSize=10';
      for (const query of [lane, 'assetType=MOVIE', `assetIds=${ADULT_FILM},${FAMILY_FILM}`]) {
        const visitor = await list(query);
        const asChild = await list(query, bearer(child));
        const asOwner = await list(query, bearer(owner));
        const again = await list(query);
        expect(ids(visitor), query).toContain(ADULT_FILM);
        expect(ids(asOwner), query).toContain(ADULT_FILM);
        expect(ids(again), query).toContain(ADULT_FILM);
        expect(ids(asChild), query).not.toContain(ADULT_FILM);
        expect(asChild.json<AssetList>().totalCount).toBe(visitor.json<AssetList>().totalCount - 1);
        if (query !== lane) expect(ids(asChild), query).toContain(FAMILY_FILM);
        expect(asChild.headers['cache-control']).toBe('private, no-store');
        expect(asChild.headers.etag).toBeUndefined();
        for (const res of [visitor, asOwner]) {
          expect(res.headers['cache-control']).toMatch(/^public/);
          expect(res.headers.etag).toBeDefined();
          expect(res.headers.vary).toMatch(/Authorization/);
        }
      }
      // A child's copy is never a visitor's 304: the public ETag is not for it.
      const visitor = await list('assetType=MOVIE');
      const revalidated = await list('assetType=MOVIE', {
        ...bearer(child),
        'if-none-match': String(visitor.headers.etag),
      });
      expect(revalidated.statusCode).toBe(200);
      expect(ids(revalidated)).not.toContain(ADULT_FILM);
    });

    test('search suggestions and results: without the -16 film for « Enfants »', async () => {
      const { owner, child } = await sessions();
      const suggest = (headers: Record<string, string> = {}) =>
        app.inject({ url: `${paths.searchSuggestions(TENANT, 'nuit blanche')}?locale=fr`, headers });
      const search = (headers: Record<string, string> = {}) =>
        app.inject({ url: `${paths.searchQuery(TENANT, 'nuit')}?locale=fr`, headers });
      const suggested = (res: { json: <T>() => T }) => res.json<SearchSuggestion[]>().map((s) => s.assetId);
      const found = (res: { json: <T>() => T }) => res.json<SearchList>().items.map((i) => i.asset.assetId);

      expect(suggested(await suggest())).toContain(ADULT_FILM);
      expect(suggested(await suggest(bearer(owner)))).toContain(ADULT_FILM);
      const childSuggest = await suggest(bearer(child));
      expect(suggested(childSuggest)).not.toContain(ADULT_FILM);
      expect(childSuggest.headers['cache-control']).toBe('private, no-store');

      expect(found(await search())).toContain(ADULT_FILM);
      expect(found(await search(bearer(owner)))).toContain(ADULT_FILM);
      const childSearch = await search(bearer(child));
      expect(found(childSearch)).not.toContain(ADULT_FILM);
      expect(childSearch.headers['cache-control']).toBe('private, no-store');
    });

    test('the home page’s hero leaves out an item leading to the -16 film for « Enfants »', async () => {
      const { child } = await sessions();
      const hero = (headers: Record<string, string> = {}) =>
        app.inject({
          url: `/v2/whitelabel/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/config/sandwich/component/home-hero`,
          headers,
        });
      const targets = (res: { json: <T>() => T }) =>
        (
          res.json<Component>().components?.heroBannerItems as {
            actions: { default: { assetId?: string } };
          }[]
        ).map((i) => i.actions.default.assetId);
      const visitor = await hero();
      expect(targets(visitor)).toEqual([FAMILY_FILM, ADULT_FILM]);
      expect(visitor.headers['cache-control']).toMatch(/^public/);
      const asChild = await hero(bearer(child));
      expect(targets(asChild)).toEqual([FAMILY_FILM]);
      expect(asChild.headers['cache-control']).toBe('private, no-store');
      expect(asChild.headers.etag).toBeUndefined();
      expect(targets(await hero())).toEqual([FAMILY_FILM, ADULT_FILM]);
    });

    test('a bearer that is no valid session is refused (401), as on the play call', async () => {
      const res = await list('assetType=MOVIE', bearer('ses_not-a-session'));
      expect(refusal(res)).toEqual([401, 'INVALID_SESSION_TOKEN']);
    });

    test('a child profile without a PrLevel is held to « tous publics »: the -16 film is left out and asks for the PIN', async () => {
      const { owner } = await sessions();
      const created = await app.inject({
        method: 'POST',
        url: accountPaths.profiles(TENANT),
        headers: bearer(owner),
        payload: { displayName: 'Petit', child: true },
      });
      expect(created.statusCode, created.body).toBe(200);
      const petit = created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Petit')!;
      const session = (await select(owner, petit.userId)).json<LoginResponse>().sessionToken;
      expect(ids(await list('assetType=MOVIE', bearer(session)))).not.toContain(ADULT_FILM);
      const play = await app.inject({
        url: playbackPaths.play(TENANT, ADULT_FILM),
        headers: bearer(session),
      });
      expect(refusal(play)).toEqual([403, 'PARENTAL_PIN_REQUIRED']);
      const { owner: again } = await sessions();
      await app.inject({
        method: 'DELETE',
        url: accountPaths.profile(TENANT, petit.userId),
        headers: bearer(again),
      });
    });
  });
});
