import {
  accountPaths,
  ErrorBodySchema,
  LastViewedOffsetResponseSchema,
  LoginResponseSchema,
  MAX_FAVORITES,
  MAX_PREFERENCE_LENGTH,
  MAX_PREFERENCES,
  MAX_PROFILES,
  NO_PASSWORD_CREDENTIALS,
  paths,
  PreferencesResponseSchema,
  SESSION_TTL_MS,
  SessionResponseSchema,
  UserProfilesSchema,
  type ErrorBody,
  type LastViewedOffsetResponse,
  type LoginResponse,
  type PreferencesResponse,
  type SessionResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import {
  HouseholdStatusError,
  recordProgress,
  setHouseholdStatus,
} from '../../src/modules/accounts/index.js';
import { buildTestApp, engines, memoryLogger, TENANT } from '../helpers/test-app.js';
import {
  bearer,
  DEVICE,
  idToken,
  login,
  loginRequest,
  setUpAccounts,
  START,
  testVerifyIdToken,
  type AccountsFixture,
} from './helpers.js';

const isLogin = Compile(LoginResponseSchema);
const isSession = Compile(SessionResponseSchema);
const isProfiles = Compile(UserProfilesSchema);
const isPreferences = Compile(PreferencesResponseSchema);
const isLastViewed = Compile(LastViewedOffsetResponseSchema);
const isErrorBody = Compile(ErrorBodySchema);

interface FavoriteItem {
  assetId: string;
  asset: { assetId: string };
  lastUpdated: string;
  order: number;
  metadata: Record<string, unknown>;
}

describe.each(engines)('accounts (%s)', (engine) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await setUpAccounts(engine);
  });
  afterAll(async () => {
    await fx?.close();
  });

  const db = () => fx.testDb.open();
  /** Runs a query on a handle of its own (the app keeps its own). */
  async function query<T>(work: (d: Kysely<Database>) => Promise<T>): Promise<T> {
    const handle = db();
    try {
      return await work(handle.db);
    } finally {
      await handle.destroy();
    }
  }
  const tick = (ms = 1000) => {
    fx.clock.now += ms;
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    fx.app.inject({
      method,
      url,
      headers: token === undefined ? {} : bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const expectError = (
    res: { statusCode: number; body: string; json: <T>() => T },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<ErrorBody>();
    expect(isErrorBody.Check(body)).toBe(true);
    expect(body).toMatchObject({ httpCode: status, message: code });
    return body;
  };

  describe('firebaseLogin', () => {
    test('the first login creates the household and its main profile, named after the email', async () => {
      const res = await loginRequest(fx.app, 'uid-first', 'premier.essai@example.com');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<LoginResponse>();
      expect(isLogin.Check(body)).toBe(true);
      expect(body.sessionToken).toMatch(/^ses_[A-Za-z0-9_-]{43}$/);
      expect(body.accountId).toMatch(/^acc_/);
      expect(body.userId).toMatch(/^usr_/);
      expect(body).toMatchObject({ accountStatus: 'OK', crmToken: '', isOverDeviceLimit: false });
      expect(body.expirationDateTime).toBe(new Date(fx.clock.now + SESSION_TTL_MS).toISOString());
      expect(body.userProfile).toMatchObject({
        userId: body.userId,
        displayName: 'premier.essai',
        owner: true,
        child: false,
        hasPinCode: false,
        emailAddress: 'premier.essai@example.com',
      });
      const rows = await query(async (d) => ({
        households: await d
          .selectFrom('households')
          .selectAll()
          .where('identity_user_id', '=', 'uid-first')
          .execute(),
        profiles: await d
          .selectFrom('profiles')
          .selectAll()
          .where('household_id', '=', body.accountId)
          .execute(),
      }));
      expect(rows.households).toHaveLength(1);
      expect(rows.households[0]).toMatchObject({
        id: body.accountId,
        email: 'premier.essai@example.com',
        status: 'ACTIVE',
      });
      expect(rows.profiles.map((p) => [p.id, Number(p.owner)])).toEqual([[body.userId, 1]]);
    });

    test('a display name sent at the first login names the main profile', async () => {
      const body = await login(fx.app, 'uid-named', 'named@example.com', { displayName: 'Aminata' });
      expect(body.userProfile.displayName).toBe('Aminata');
    });

    test('the second login reuses the household and the main profile, with a new token', async () => {
      const first = await login(fx.app, 'uid-again', 'again@example.com');
      tick();
      const second = await login(fx.app, 'uid-again', 'again@example.com');
      expect(second.accountId).toBe(first.accountId);
      expect(second.userId).toBe(first.userId);
      expect(second.sessionToken).not.toBe(first.sessionToken);
      const count = await query((d) =>
        d
          .selectFrom('households')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('identity_user_id', '=', 'uid-again')
          .executeTakeFirstOrThrow(),
      );
      expect(Number(count.n)).toBe(1);
      // Both sessions work.
      expect((await call('GET', accountPaths.session(TENANT), first.sessionToken)).statusCode).toBe(200);
      expect((await call('GET', accountPaths.session(TENANT), second.sessionToken)).statusCode).toBe(200);
    });

    test('an unverified email is refused (403 EMAIL_NOT_VERIFIED) and creates nothing', async () => {
      const res = await loginRequest(fx.app, 'uid-unverified', 'pas.verifie@example.com', {
        verified: false,
      });
      expectError(res, 403, 'EMAIL_NOT_VERIFIED');
      const rows = await query((d) =>
        d.selectFrom('households').selectAll().where('identity_user_id', '=', 'uid-unverified').execute(),
      );
      expect(rows).toEqual([]);
    });

    test("a username that is not the token's user, or a token that does not verify → 401 INCORRECT_CREDENTIALS", async () => {
      expectError(
        await loginRequest(fx.app, 'uid-x', 'x@example.com', { username: 'firebase..someone-else' }),
        401,
        'INCORRECT_CREDENTIALS',
      );
      expectError(
        await loginRequest(fx.app, 'uid-x', 'x@example.com', { username: 'uid-x' }),
        401,
        'INCORRECT_CREDENTIALS',
      );
      const forged = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin(TENANT),
        payload: { username: 'firebase..uid-x', accessToken: 'eyJhbGciOiJub25lIn0.e30.', device: DEVICE },
      });
      expectError(forged, 401, 'INCORRECT_CREDENTIALS');
    });

    test('a body without device → 400 BAD_REQUEST naming it; another business unit → 404', async () => {
      const res = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin(TENANT),
        payload: { username: 'firebase..u', accessToken: 'test-id-token:u:u@example.com:true' },
      });
      expect(expectError(res, 400, 'BAD_REQUEST').extendedMessage).toContain('device');
      const other = await fx.app.inject({
        method: 'POST',
        url: accountPaths.firebaseLogin({ customer: TENANT.customer, businessUnit: 'autre' }),
        payload: {
          username: 'firebase..u',
          accessToken: 'test-id-token:u:u@example.com:true',
          device: DEVICE,
        },
      });
      expectError(other, 404, 'UNKNOWN_BUSINESS_UNIT');
    });

    test('a suspended or inactive household (set by the administrator command) is refused, its sessions too', async () => {
      const before = await login(fx.app, 'uid-suspended', 'Suspendu@Example.com');
      const result = await query((d) => setHouseholdStatus(d, 'suspendu@example.com', 'SUSPENDED_HOUSEHOLD'));
      expect(result).toMatchObject({
        householdId: before.accountId,
        previous: 'ACTIVE',
        status: 'SUSPENDED_HOUSEHOLD',
      });
      expectError(
        await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com'),
        403,
        'SUSPENDED_HOUSEHOLD',
      );
      expectError(
        await call('GET', accountPaths.session(TENANT), before.sessionToken),
        403,
        'SUSPENDED_HOUSEHOLD',
      );
      expectError(
        await call('GET', accountPaths.preferences(TENANT), before.sessionToken),
        403,
        'SUSPENDED_HOUSEHOLD',
      );

      await query((d) => setHouseholdStatus(d, 'suspendu@example.com', 'INACTIVE_HOUSEHOLD'));
      expectError(
        await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com'),
        403,
        'INACTIVE_HOUSEHOLD',
      );

      await query((d) => setHouseholdStatus(d, 'SUSPENDU@example.com', 'ACTIVE'));
      expect((await call('GET', accountPaths.session(TENANT), before.sessionToken)).statusCode).toBe(200);
      expect((await loginRequest(fx.app, 'uid-suspended', 'Suspendu@Example.com')).statusCode).toBe(200);
    });

    test('the administrator command refuses an unknown email or status', async () => {
      await expect(query((d) => setHouseholdStatus(d, 'personne@example.com', 'ACTIVE'))).rejects.toThrow(
        HouseholdStatusError,
      );
      await expect(query((d) => setHouseholdStatus(d, 'personne@example.com', 'ACTIVE'))).rejects.toThrow(
        'no household with the email personne@example.com',
      );
      await expect(query((d) => setHouseholdStatus(d, 'again@example.com', 'BANNED'))).rejects.toThrow(
        'unknown status "BANNED"',
      );
    });
  });

  describe('session and logout', () => {
    test('GET auth/session describes the session', async () => {
      const session = await login(fx.app, 'uid-session', 'session@example.com');
      const res = await call('GET', accountPaths.session(TENANT), session.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json<SessionResponse>();
      expect(isSession.Check(body)).toBe(true);
      expect(body).toMatchObject({
        accountId: session.accountId,
        userId: session.userId,
        crmToken: '',
        overTheDeviceLimit: false,
        expirationDateTime: session.expirationDateTime,
      });
      expect(body.userProfile).toMatchObject({ userId: session.userId, owner: true, active: true });
    });

    test('logout revokes this session only; the token then gets 401 INVALID_SESSION_TOKEN', async () => {
      const one = await login(fx.app, 'uid-logout', 'logout@example.com');
      const two = await login(fx.app, 'uid-logout', 'logout@example.com');
      const res = await call('DELETE', accountPaths.logout(TENANT), one.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expectError(
        await call('GET', accountPaths.session(TENANT), one.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expect((await call('GET', accountPaths.session(TENANT), two.sessionToken)).statusCode).toBe(200);
    });

    test('logout fromAllDevice=true ends every session of the household, not of others', async () => {
      const one = await login(fx.app, 'uid-all', 'all@example.com');
      const two = await login(fx.app, 'uid-all', 'all@example.com');
      const other = await login(fx.app, 'uid-all-other', 'all.other@example.com');
      const res = await call('DELETE', `${accountPaths.logout(TENANT)}?fromAllDevice=true`, two.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expectError(
        await call('GET', accountPaths.session(TENANT), one.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expectError(
        await call('GET', accountPaths.session(TENANT), two.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      expect((await call('GET', accountPaths.session(TENANT), other.sessionToken)).statusCode).toBe(200);
    });

    test('an expired session gets 401 INVALID_SESSION_TOKEN', async () => {
      const session = await login(fx.app, 'uid-expired', 'expired@example.com');
      const saved = fx.clock.now;
      try {
        fx.clock.now = saved + SESSION_TTL_MS - 1;
        expect((await call('GET', accountPaths.session(TENANT), session.sessionToken)).statusCode).toBe(200);
        fx.clock.now = saved + SESSION_TTL_MS;
        expectError(
          await call('GET', accountPaths.session(TENANT), session.sessionToken),
          401,
          'INVALID_SESSION_TOKEN',
        );
      } finally {
        fx.clock.now = saved;
      }
    });

    test('no token → 401 NO_SESSION_TOKEN; a made-up one → 401 INVALID_SESSION_TOKEN', async () => {
      expectError(await call('GET', accountPaths.session(TENANT)), 401, 'NO_SESSION_TOKEN');
      expectError(
        await call('GET', accountPaths.session(TENANT), 'ses_madeup'),
        401,
        'INVALID_SESSION_TOKEN',
      );
    });
  });

  describe('preferences', () => {
    test('POST replaces the whole map; a boolean is read back as text', async () => {
      const session = await login(fx.app, 'uid-prefs', 'prefs@example.com');
      const url = accountPaths.preferences(TENANT);
      const empty = await call('GET', url, session.sessionToken);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json<PreferencesResponse>().preferences).toEqual({});

      tick();
      const saved = await call('POST', url, session.sessionToken, {
        preferences: { firstname: 'Awa', newsletter: true, city: 'Dakar' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ message: 'OK' });
      const read = (await call('GET', url, session.sessionToken)).json<PreferencesResponse>();
      expect(isPreferences.Check(read)).toBe(true);
      expect(read).toEqual({
        lastUpdated: new Date(fx.clock.now).toISOString(),
        preferences: { firstname: 'Awa', newsletter: 'true', city: 'Dakar' },
      });

      await call('POST', url, session.sessionToken, { preferences: { newsletter: false } });
      expect((await call('GET', url, session.sessionToken)).json<PreferencesResponse>().preferences).toEqual({
        newsletter: 'false',
      });
    });

    test(`more than ${MAX_PREFERENCES} keys → 403 TOO_MANY_PREFERENCES; a value over ${MAX_PREFERENCE_LENGTH} → 403 TOO_LONG_PREFERENCES`, async () => {
      const session = await login(fx.app, 'uid-prefs-limits', 'prefs.limits@example.com');
      const url = accountPaths.preferences(TENANT);
      await call('POST', url, session.sessionToken, { preferences: { keep: 'me' } });
      const many = Object.fromEntries(Array.from({ length: MAX_PREFERENCES + 1 }, (_, i) => [`k${i}`, 'v']));
      expectError(
        await call('POST', url, session.sessionToken, { preferences: many }),
        403,
        'TOO_MANY_PREFERENCES',
      );
      expectError(
        await call('POST', url, session.sessionToken, {
          preferences: { long: 'x'.repeat(MAX_PREFERENCE_LENGTH + 1) },
        }),
        403,
        'TOO_LONG_PREFERENCES',
      );
      // At the limits exactly: accepted.
      const atLimit = Object.fromEntries(
        Array.from({ length: MAX_PREFERENCES }, (_, i) => [
          `k${i}`,
          i === 0 ? 'x'.repeat(MAX_PREFERENCE_LENGTH) : 'v',
        ]),
      );
      expect((await call('POST', url, session.sessionToken, { preferences: atLimit })).statusCode).toBe(200);
      expect(
        Object.keys((await call('GET', url, session.sessionToken)).json<PreferencesResponse>().preferences),
      ).toHaveLength(MAX_PREFERENCES);
    });
  });

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

  describe('profiles', () => {
    test(`create up to ${MAX_PROFILES}, then 403 TOO_MANY_PROFILES`, async () => {
      const { sessionToken: token, userId } = await login(fx.app, 'uid-profiles', 'profiles@example.com');
      const url = accountPaths.profiles(TENANT);
      for (let i = 1; i < MAX_PROFILES; i++) {
        tick();
        const res = await call('POST', url, token, {
          displayName: `Profil ${i}`,
          child: i === 1,
          metadata: { avatar: `a${i}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(isProfiles.Check(res.json())).toBe(true);
      }
      expectError(await call('POST', url, token, { displayName: 'De trop' }), 403, 'TOO_MANY_PROFILES');
      expectError(await call('POST', url, token, {}), 400, 'BAD_REQUEST');
      const res = await call('GET', url, token);
      const body = res.json<UserProfiles>();
      expect(body.profiles.map((p) => p.displayName)).toEqual([
        'profiles',
        'Profil 1',
        'Profil 2',
        'Profil 3',
        'Profil 4',
      ]);
      expect(body.profiles[0]).toMatchObject({ userId, owner: true, active: true });
      expect(body.profiles[1]).toMatchObject({
        owner: false,
        child: true,
        active: false,
        metadata: { avatar: 'a1' },
      });
    });

    test('update with a PIN: stored hashed, never in clear; removed with null', async () => {
      const { sessionToken: token } = await login(fx.app, 'uid-pin', 'pin@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), token, { displayName: 'Enfant' });
      const kid = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      const res = await call('PUT', accountPaths.profile(TENANT, kid.userId), token, {
        displayName: 'Enfant sage',
        child: true,
        pinCode: '4821',
        metadata: { avatar: 'lion', PrLevel: '10' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('4821');
      expect(res.json<UserProfile>()).toMatchObject({
        userId: kid.userId,
        displayName: 'Enfant sage',
        child: true,
        hasPinCode: true,
        metadata: { avatar: 'lion', PrLevel: '10' },
      });
      const row = await query((d) =>
        d.selectFrom('profiles').selectAll().where('id', '=', kid.userId).executeTakeFirstOrThrow(),
      );
      expect(row.pin_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row)).not.toContain('4821');

      expectError(
        await call('PUT', accountPaths.profile(TENANT, kid.userId), token, { pinCode: '12' }),
        400,
        'BAD_REQUEST',
      );
      // Removing a PIN the profile has needs that PIN (ADR 0012; test/accounts/parental.test.ts).
      const removed = await call('PUT', accountPaths.profile(TENANT, kid.userId), token, { pinCode: null, currentPinCode: '4821' });
      expect(removed.json<UserProfile>()).toMatchObject({ hasPinCode: false, displayName: 'Enfant sage' });
      const after = await query((d) =>
        d.selectFrom('profiles').select('pin_hash').where('id', '=', kid.userId).executeTakeFirstOrThrow(),
      );
      expect(after.pin_hash).toBeNull();
      expectError(
        await call('PUT', accountPaths.profile(TENANT, 'usr_unknown'), token, { displayName: 'x' }),
        404,
        'UNKNOWN_USER',
      );
    });

    test('select: a new session on that profile, the current token revoked', async () => {
      const main = await login(fx.app, 'uid-select', 'select@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Deuxième',
        language: 'en',
      });
      const second = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      const res = await call('GET', accountPaths.selectProfile(TENANT, second.userId), main.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      const selected = res.json<LoginResponse>();
      expect(isLogin.Check(selected)).toBe(true);
      expect(selected).toMatchObject({ accountId: main.accountId, userId: second.userId, language: 'en' });
      expect(selected.userProfile).toMatchObject({ userId: second.userId, owner: false, active: true });
      expect(selected.sessionToken).not.toBe(main.sessionToken);
      expectError(
        await call('GET', accountPaths.session(TENANT), main.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      const session = (
        await call('GET', accountPaths.session(TENANT), selected.sessionToken)
      ).json<SessionResponse>();
      expect(session.userId).toBe(second.userId);
      // Preferences belong to the profile.
      await call('POST', accountPaths.preferences(TENANT), selected.sessionToken, {
        preferences: { lang: 'en' },
      });
      const back = (
        await call('GET', accountPaths.selectProfile(TENANT, main.userId), selected.sessionToken)
      ).json<LoginResponse>();
      expect(
        (await call('GET', accountPaths.preferences(TENANT), back.sessionToken)).json<PreferencesResponse>()
          .preferences,
      ).toEqual({});
      expectError(
        await call('GET', accountPaths.selectProfile(TENANT, 'usr_nope'), back.sessionToken),
        404,
        'UNKNOWN_USER',
      );
    });

    test('delete: the owner is refused; another profile goes with its data and sessions', async () => {
      const main = await login(fx.app, 'uid-delete-profile', 'delete.profile@example.com');
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Partant',
      });
      const leaving = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      expectError(
        await call('DELETE', accountPaths.profile(TENANT, main.userId), main.sessionToken),
        403,
        'CANNOT_DELETE_OWNER',
      );

      const onLeaving = (
        await call('GET', accountPaths.selectProfile(TENANT, leaving.userId), main.sessionToken)
      ).json<LoginResponse>();
      await call('POST', accountPaths.listAsset(TENANT, 'film-ete-indien'), onLeaving.sessionToken, {});
      // The profile deletes itself: its own session ends with it.
      const res = await call('DELETE', accountPaths.profile(TENANT, leaving.userId), onLeaving.sessionToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UserProfiles>().profiles.map((p) => p.userId)).toEqual([main.userId]);
      expectError(
        await call('GET', accountPaths.session(TENANT), onLeaving.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );
      const left = await query(async (d) => ({
        favorites: await d
          .selectFrom('favorites')
          .selectAll()
          .where('profile_id', '=', leaving.userId)
          .execute(),
        sessions: await d
          .selectFrom('sessions')
          .selectAll()
          .where('profile_id', '=', leaving.userId)
          .execute(),
      }));
      expect(left).toEqual({ favorites: [], sessions: [] });
    });
  });

  describe('user/delete and changeEmail', () => {
    async function rowCounts(householdId: string): Promise<Record<string, number>> {
      return query(async (d) => {
        const profileIds = (
          await d.selectFrom('profiles').select('id').where('household_id', '=', householdId).execute()
        ).map((p) => p.id);
        const count = async (table: 'favorites' | 'preferences' | 'play_history') =>
          profileIds.length === 0
            ? 0
            : (await d.selectFrom(table).select('profile_id').where('profile_id', 'in', profileIds).execute())
                .length;
        return {
          households: (await d.selectFrom('households').select('id').where('id', '=', householdId).execute())
            .length,
          profiles: profileIds.length,
          sessions: (
            await d
              .selectFrom('sessions')
              .select('token_hash')
              .where('household_id', '=', householdId)
              .execute()
          ).length,
          preferences: await count('preferences'),
          favorites: await count('favorites'),
          play_history: await count('play_history'),
        };
      });
    }

    async function householdWithData(uid: string, email: string) {
      const main = await login(fx.app, uid, email);
      await login(fx.app, uid, email);
      const created = await call('POST', accountPaths.profiles(TENANT), main.sessionToken, {
        displayName: 'Autre',
      });
      const other = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
      await call('POST', accountPaths.preferences(TENANT), main.sessionToken, { preferences: { a: 'b' } });
      await call('POST', accountPaths.listAsset(TENANT, 'film-ete-indien'), main.sessionToken, {});
      await query((d) =>
        recordProgress(d, {
          profileId: other.userId,
          assetId: 'quartier-s1e1',
          offsetMs: 1000,
          viewedAt: START,
        }),
      );
      return main;
    }

    test('deletes the household and every personal row, in one go; others keep theirs', async () => {
      const main = await householdWithData('uid-gone', 'gone@example.com');
      const bystander = await householdWithData('uid-stays', 'stays@example.com');
      const before = await rowCounts(main.accountId);
      expect(before).toEqual({
        households: 1,
        profiles: 2,
        sessions: 2,
        preferences: 1,
        favorites: 1,
        play_history: 1,
      });
      const bystanderBefore = await rowCounts(bystander.accountId);

      const res = await call(
        'POST',
        accountPaths.userDelete(TENANT),
        main.sessionToken,
        NO_PASSWORD_CREDENTIALS,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      expect(await rowCounts(main.accountId)).toEqual({
        households: 0,
        profiles: 0,
        sessions: 0,
        preferences: 0,
        favorites: 0,
        play_history: 0,
      });
      expect(await rowCounts(bystander.accountId)).toEqual(bystanderBefore);
      expectError(
        await call('GET', accountPaths.session(TENANT), main.sessionToken),
        401,
        'INVALID_SESSION_TOKEN',
      );

      // Signing in again starts afresh.
      const again = await login(fx.app, 'uid-gone', 'gone@example.com');
      expect(again.accountId).not.toBe(main.accountId);
    });

    test('an empty body ({}) or none is accepted too', async () => {
      const a = await login(fx.app, 'uid-gone-empty', 'gone.empty@example.com');
      expect((await call('POST', accountPaths.userDelete(TENANT), a.sessionToken, {})).statusCode).toBe(200);
      const b = await login(fx.app, 'uid-gone-none', 'gone.none@example.com');
      const res = await fx.app.inject({
        method: 'POST',
        url: accountPaths.userDelete(TENANT),
        headers: bearer(b.sessionToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowCounts(b.accountId)).households).toBe(0);
    });

    test("changeEmail never sets an address the identity service has not verified for the account (403 UNVERIFIED_EMAIL); an invalid one → 400 naming the field", async () => {
      const main = await login(fx.app, 'uid-email', 'old.email@example.com');
      const url = accountPaths.changeEmail(TENANT);
      const bad = expectError(
        await call('PUT', url, main.sessionToken, { newEmailAddress: 'not-an-email' }),
        400,
        'BAD_REQUEST',
      );
      expect(bad.extendedMessage).toContain('newEmailAddress');
      // The accepted case, with a real identity service, is test/accounts/change-email.test.ts.
      expectError(
        await call('PUT', url, main.sessionToken, {
          newEmailAddress: 'new.email@example.com',
          credentials: NO_PASSWORD_CREDENTIALS,
        }),
        403,
        'UNVERIFIED_EMAIL',
      );
      const row = await query((d) =>
        d.selectFrom('households').select('email').where('id', '=', main.accountId).executeTakeFirstOrThrow(),
      );
      expect(row.email).toBe('old.email@example.com');
    });
  });
  test('logs never hold a session token, an ID token nor a PIN', async () => {
    const { logger, lines } = memoryLogger();
    const app = await buildTestApp(fx.testDb, {
      logger,
      verifyIdToken: testVerifyIdToken,
      clock: () => fx.clock.now,
    });
    try {
      const res = await loginRequest(app, 'uid-logs', 'logs@example.com');
      const session = res.json<LoginResponse>();
      const token = bearer(session.sessionToken);
      await app.inject({ method: 'GET', url: accountPaths.session(TENANT), headers: token });
      const created = await app.inject({
        method: 'POST',
        url: accountPaths.profiles(TENANT),
        headers: token,
        payload: { displayName: 'Kid', pinCode: '9753' },
      });
      expect(created.statusCode, created.body).toBe(200);
      await app.inject({
        method: 'PUT',
        url: accountPaths.profile(TENANT, 'usr_x'),
        headers: token,
        payload: { pinCode: '9753' },
      });
      await app.inject({ method: 'DELETE', url: accountPaths.logout(TENANT), headers: token });
      await app.inject({ method: 'GET', url: accountPaths.session(TENANT), headers: token });
      const logged = JSON.stringify(lines());
      expect(lines().length).toBeGreaterThan(3);
      expect(logged).not.toContain(session.sessionToken.slice(4));
      expect(logged).not.toContain(idToken('uid-logs', 'logs@example.com'));
      // Not as a number of its own (a timestamp or a duration may hold these four digits by chance).
      expect(logged).not.toMatch(/(?<!\d)9753(?!\d)/);
    } finally {
      await app.close();
    }
  });
});
