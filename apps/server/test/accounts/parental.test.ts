import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accountPaths,
  IDENTITY_FRESH_SESSION_SECONDS,
  IDENTITY_USERNAME_PREFIX,
  identityPaths,
  NO_PASSWORD_CREDENTIALS,
  PARENTAL_PIN_HEADER,
  paths,
  playbackPaths,
  type AssetList,
  type Component,
  type LoginResponse,
  type SearchList,
  type SearchSuggestion,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import { MAX_WRONG_PINS, PIN_WINDOW_MS } from '../../src/modules/accounts/pin-attempts.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { extraAsset, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

/**
 * Parental controls (issue 13 item 2, ADR 0012), on the demo subscriber of the README: « Démo »
 * (main profile, PIN 1234) and « Enfants » (child, PrLevel 1). A restricted profile cannot switch
 * them off — not through the Exposure calls, not through the identity service's cookie — and its
 * catalogue leaves out what is above its level. Real identity service, real ID tokens.
 */

const START = Date.parse('2026-11-23T12:00:00.000Z');
const ORIGIN = 'http://localhost:8080';
/** Rated « interdit aux moins de 16 ans » (CSA 6): above « Enfants », below nothing for « Démo ». */
const ADULT_FILM = 'film-nuit-blanche';
const ADULT_TITLE = 'Nuit blanche à Montréal';
/** Rated « tous publics » (CSA 1). */
const FAMILY_FILM = 'film-ete-indien';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The small catalogue, a -16 film, and a hero item leading to it. */
function catalogue() {
  const doc = smallCatalogue();
  doc.assets.push(
    extraAsset(ADULT_FILM, {
      localized: [{ locale: 'fr', title: ADULT_TITLE, description: 'Une nuit blanche à Montréal' }],
      parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '6' }],
      tags: [{ scheme: 'subcategory', tagId: 'comedie' }],
    }),
  );
  const hero = doc.structure.components.find((c: { id: string }) => c.id === 'home-hero');
  hero.components.heroBannerItems.push({
    appType: 'herobanner_item',
    appSubType: 'Asset',
    presentation: { fallback: { title: ADULT_TITLE } },
    actions: { default: { type: 'AssetAction', verb: 'PlayAsset', assetId: ADULT_FILM } },
  });
  return doc;
}

describe.each(engines)('parental controls (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = { now: START };
  /** The demo subscriber's identity cookie (the family browser's). */
  let cookie: string;
  let ownerId: string;
  let childId: string;

  const signInIdentity = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: identityPaths.signInEmail, headers: { origin: ORIGIN }, payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return {
      cookie: [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; '),
      userId: res.json<{ user: { id: string } }>().user.id,
    };
  };

  /** Identity sign-in, ID token, firebaseLogin: a session on the main profile. */
  const signIn = async (email: string, password: string) => {
    const identity = await signInIdentity(email, password);
    const idToken = (await app.inject({ url: identityPaths.token, headers: { cookie: identity.cookie } })).json<{ token: string }>().token;
    const login = await app.inject({
      method: 'POST',
      url: accountPaths.firebaseLogin(TENANT),
      payload: { username: IDENTITY_USERNAME_PREFIX + identity.userId, accessToken: idToken, device: { deviceId: 'd-1', name: 'web-11-chrome', type: 'WEB' } },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { cookie: identity.cookie, token: login.json<LoginResponse>().sessionToken };
  };

  const select = (token: string, profileId: string, pin?: string) =>
    app.inject({ url: accountPaths.selectProfile(TENANT, profileId), headers: { ...bearer(token), ...(pin === undefined ? {} : { [PARENTAL_PIN_HEADER]: pin }) } });

  /** A fresh session on the main profile, and one on « Enfants » (chosen from the main profile: no PIN asked). */
  const sessions = async () => {
    const owner = await signIn(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    const second = await signIn(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    const child = await select(second.token, childId);
    expect(child.statusCode, child.body).toBe(200);
    return { owner: owner.token, child: child.json<LoginResponse>().sessionToken };
  };

  const profiles = async (token: string) =>
    (await app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(token) })).json<UserProfiles>().profiles;

  const put = (token: string, profileId: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: accountPaths.profile(TENANT, profileId), headers: { ...bearer(token), ...headers }, payload });

  const refusal = (res: { statusCode: number; json: <T>() => T }) => [res.statusCode, res.json<{ message: string }>().message];

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const handle = testDb.open();
    try {
      const result = await importCatalogue(handle.db, catalogue(), TENANT);
      if (!result.ok) throw new Error(result.errors.join('\n'));
    } finally {
      await handle.destroy();
    }
    app = await buildTestApp(testDb, {
      config: { smtpUrl: 'smtp://127.0.0.1:9', authSignInLimit: 1000 },
      clock: () => clock.now,
      cacheCheckEveryMs: 0,
    });
    const handle2 = testDb.open();
    try {
      expect(await seedDemoSubscriber(app.identity, handle2.db)).toBe(true);
    } finally {
      await handle2.destroy();
    }
    const first = await signIn(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    cookie = first.cookie;
    const list = await profiles(first.token);
    ownerId = list.find((p) => p.owner)!.userId;
    childId = list.find((p) => p.displayName === 'Enfants')!.userId;
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  describe('a restricted profile (« Enfants ») cannot switch the controls off', () => {
    test('it cannot change another profile, not even a PIN', async () => {
      const { child } = await sessions();
      for (const payload of [{ pinCode: '0000' }, { pinCode: null }, { displayName: 'Moi' }, { child: true }]) {
        expect(refusal(await put(child, ownerId, payload)), JSON.stringify(payload)).toEqual([403, 'PROFILE_RESTRICTED']);
      }
      const list = await profiles(child);
      expect(list.find((p) => p.userId === ownerId)).toMatchObject({ displayName: 'Démo', hasPinCode: true, child: false, restricted: false });
      // The profiles say which one is restricted (the web app follows it).
      expect(list.find((p) => p.userId === childId)).toMatchObject({ child: true, restricted: true });
    });

    test('on its own profile it changes its name and avatar only: not the child flag, PrLevel, language or a PIN', async () => {
      const { child } = await sessions();
      const refused = [
        { child: false },
        { metadata: { avatar: 'avatar-2' } },
        { metadata: { avatar: 'avatar-2', PrLevel: '7' } },
        { language: 'en' },
        { pinCode: '4321' },
        { profileType: 'adult' },
      ];
      for (const payload of refused) {
        const res = await put(child, childId, payload);
        expect(refusal(res), JSON.stringify(payload)).toEqual([403, 'PROFILE_RESTRICTED']);
      }
      // The whole form sent back, with a new name and avatar: allowed (unchanged fields are no change).
      const ok = await put(child, childId, { displayName: 'Les petits', child: true, metadata: { avatar: 'avatar-3', PrLevel: '1' }, pinCode: null });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<UserProfile>()).toMatchObject({ displayName: 'Les petits', child: true, metadata: { avatar: 'avatar-3', PrLevel: '1' }, hasPinCode: false });
      await put(child, childId, { displayName: 'Enfants', metadata: { avatar: 'avatar-2', PrLevel: '1' } });
    });

    test('it cannot create or delete profiles, change the email, nor delete the account', async () => {
      const { child } = await sessions();
      const calls = [
        app.inject({ method: 'POST', url: accountPaths.profiles(TENANT), headers: bearer(child), payload: { displayName: 'Libre' } }),
        app.inject({ method: 'DELETE', url: accountPaths.profile(TENANT, childId), headers: bearer(child) }),
        app.inject({ method: 'DELETE', url: accountPaths.profile(TENANT, ownerId), headers: bearer(child) }),
        app.inject({ method: 'PUT', url: accountPaths.changeEmail(TENANT), headers: bearer(child), payload: { newEmailAddress: 'enfant@example.com' } }),
        app.inject({ method: 'POST', url: accountPaths.userDelete(TENANT), headers: bearer(child), payload: NO_PASSWORD_CREDENTIALS }),
      ];
      for (const res of await Promise.all(calls)) expect(refusal(res)).toEqual([403, 'PROFILE_RESTRICTED']);
      const list = await profiles(child);
      expect(list.map((p) => p.displayName).sort()).toEqual(['Démo', 'Enfants']);
      expect(list.find((p) => p.owner)?.emailAddress).toBe(DEMO_SUBSCRIBER.email);
    });

    test('it cannot sign every device of the household out (fromAllDevice): 403 PROFILE_RESTRICTED; it still signs itself out', async () => {
      const { owner, child } = await sessions();
      const logout = (token: string, query = '') => app.inject({ method: 'DELETE', url: `${accountPaths.logout(TENANT)}${query}`, headers: bearer(token) });
      const sessionStatus = async (token: string) => (await app.inject({ url: accountPaths.session(TENANT), headers: bearer(token) })).statusCode;

      expect(refusal(await logout(child, '?fromAllDevice=true'))).toEqual([403, 'PROFILE_RESTRICTED']);
      expect([await sessionStatus(owner), await sessionStatus(child)]).toEqual([200, 200]);

      const own = await logout(child, '?fromAllDevice=false');
      expect(own.statusCode, own.body).toBe(200);
      expect([await sessionStatus(owner), await sessionStatus(child)]).toEqual([200, 401]);
      const { child: again } = await sessions();
      expect((await logout(again)).statusCode).toBe(200);
      expect(await sessionStatus(again)).toBe(401);

      // The main profile may: every session of the household ends.
      const { child: third } = await sessions();
      expect((await logout(owner, '?fromAllDevice=true')).statusCode).toBe(200);
      expect([await sessionStatus(owner), await sessionStatus(third)]).toEqual([401, 401]);
    });

    test('switching to the main profile asks for its PIN: none, wrong, then right', async () => {
      const { child } = await sessions();
      expect(refusal(await select(child, ownerId))).toEqual([403, 'PARENTAL_PIN_REQUIRED']);
      expect(refusal(await select(child, ownerId, '0000'))).toEqual([403, 'INVALID_PIN_CODE']);
      // Still on « Enfants » after the refusals.
      const session = await app.inject({ url: accountPaths.session(TENANT), headers: bearer(child) });
      expect(session.json<{ userId: string }>().userId).toBe(childId);
      const right = await select(child, ownerId, DEMO_SUBSCRIBER.pin);
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json<LoginResponse>().userId).toBe(ownerId);
    });

    test('the identity service refuses its account changes without an unrestricted profile’s session', async () => {
      const { child, owner } = await sessions();
      const identityCall = (url: string, payload: object, headers: Record<string, string>) =>
        app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie, ...headers }, payload });
      const changePassword = { currentPassword: DEMO_SUBSCRIBER.password, newPassword: 'Enfant-libre-2026', revokeOtherSessions: false };
      const changeEmail = { newEmail: 'enfant@example.com', callbackURL: '/login' };
      for (const [url, payload] of [
        [identityPaths.changePassword, changePassword],
        [identityPaths.changeEmail, changeEmail],
        [identityPaths.deleteUser, {}],
        // Linking a sign-in of one's own would sign in as the account later.
        ['/identity/link-social', { provider: 'google', callbackURL: '/login' }],
        // The spellings a router might still match are guarded too.
        [`${identityPaths.changePassword}/`, changePassword],
        [identityPaths.changePassword.replace('/identity/', '/identity//'), changePassword],
        [identityPaths.deleteUser.replace('delete', 'd%65lete'), {}],
      ] as const) {
        const withCookieOnly = await identityCall(url, payload, {});
        expect(refusal(withCookieOnly), url).toEqual([401, 'NO_SESSION_TOKEN']);
        const asChild = await identityCall(url, payload, bearer(child));
        expect(refusal(asChild), url).toEqual([403, 'PROFILE_RESTRICTED']);
      }
      // Nothing changed: the password still signs in, the account still exists.
      await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);

      // Another household's unrestricted session is no key to this account.
      const other = await createVerifiedAccount('autre@example.com', 'Autre-foyer-2026');
      const otherSession = await signIn(other.email, other.password);
      expect(refusal(await identityCall(identityPaths.changePassword, changePassword, bearer(otherSession.token)))).toEqual([403, 'FORBIDDEN']);

      // The main profile's session passes: the password changes (and is set back).
      const changed = await identityCall(identityPaths.changePassword, changePassword, bearer(owner));
      expect(changed.statusCode, changed.body).toBe(200);
      const back = await identityCall(
        identityPaths.changePassword,
        { currentPassword: changePassword.newPassword, newPassword: DEMO_SUBSCRIBER.password, revokeOtherSessions: false },
        bearer(owner),
      );
      expect(back.statusCode, back.body).toBe(200);
    });
  });

  describe('changing a PIN the profile already has needs the current PIN or the account password', () => {
    test('without either: 403 CURRENT_PIN_REQUIRED; a wrong PIN or password: refused; the right one: changed', async () => {
      const { owner } = await sessions();
      expect(refusal(await put(owner, ownerId, { pinCode: '5678' }))).toEqual([403, 'CURRENT_PIN_REQUIRED']);
      expect(refusal(await put(owner, ownerId, { pinCode: null }))).toEqual([403, 'CURRENT_PIN_REQUIRED']);
      expect(refusal(await put(owner, ownerId, { pinCode: '5678', currentPinCode: '0000' }))).toEqual([403, 'INVALID_PIN_CODE']);
      expect(refusal(await put(owner, ownerId, { pinCode: null, currentPassword: 'Pas-le-bon-1' }, { cookie }))).toEqual([403, 'INCORRECT_CREDENTIALS']);
      // The password is checked against the identity session: none sent, none to check.
      expect(refusal(await put(owner, ownerId, { pinCode: null, currentPassword: DEMO_SUBSCRIBER.password }))).toEqual([403, 'INCORRECT_CREDENTIALS']);

      const changed = await put(owner, ownerId, { pinCode: '5678', currentPinCode: DEMO_SUBSCRIBER.pin });
      expect(changed.statusCode, changed.body).toBe(200);
      const { child } = await sessions();
      expect(refusal(await select(child, ownerId, DEMO_SUBSCRIBER.pin))).toEqual([403, 'INVALID_PIN_CODE']);
      expect((await select(child, ownerId, '5678')).statusCode).toBe(200);

      const removed = await put(owner, ownerId, { pinCode: null, currentPassword: DEMO_SUBSCRIBER.password }, { cookie });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<UserProfile>().hasPinCode).toBe(false);
      // A first PIN on a profile without one needs nothing more (the session is unrestricted).
      const restored = await put(owner, ownerId, { pinCode: DEMO_SUBSCRIBER.pin });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<UserProfile>().hasPinCode).toBe(true);
      clock.now += PIN_WINDOW_MS; // the wrong attempts above are forgotten
    });

    test('wrong PINs add up across switching, changing a PIN and playing: past the limit, even the right one waits', async () => {
      const { owner, child } = await sessions();
      expect(refusal(await select(child, ownerId, '0001'))).toEqual([403, 'INVALID_PIN_CODE']);
      expect(refusal(await select(child, ownerId, '0002'))).toEqual([403, 'INVALID_PIN_CODE']);
      for (let i = 2; i < MAX_WRONG_PINS; i++) {
        expect(refusal(await put(owner, ownerId, { pinCode: '9999', currentPinCode: `000${i + 1}` }))).toEqual([403, 'INVALID_PIN_CODE']);
      }
      expect(refusal(await select(child, ownerId, DEMO_SUBSCRIBER.pin))).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(refusal(await put(owner, ownerId, { pinCode: '9999', currentPinCode: DEMO_SUBSCRIBER.pin }))).toEqual([429, 'TOO_MANY_REQUESTS']);
      const play = await app.inject({ url: playbackPaths.play(TENANT, ADULT_FILM), headers: { ...bearer(child), [PARENTAL_PIN_HEADER]: DEMO_SUBSCRIBER.pin } });
      expect(refusal(play)).toEqual([429, 'TOO_MANY_REQUESTS']);
      clock.now += PIN_WINDOW_MS;
      expect((await select(child, ownerId, DEMO_SUBSCRIBER.pin)).statusCode).toBe(200);
    });
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
      const revalidated = await list('assetType=MOVIE', { ...bearer(child), 'if-none-match': String(visitor.headers.etag) });
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
        app.inject({ url: `/v2/whitelabel/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/config/sandwich/component/home-hero`, headers });
      const targets = (res: { json: <T>() => T }) =>
        (res.json<Component>().components?.heroBannerItems as { actions: { default: { assetId?: string } } }[]).map((i) => i.actions.default.assetId);
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
      const created = await app.inject({ method: 'POST', url: accountPaths.profiles(TENANT), headers: bearer(owner), payload: { displayName: 'Petit', child: true } });
      expect(created.statusCode, created.body).toBe(200);
      const petit = created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Petit')!;
      const session = (await select(owner, petit.userId)).json<LoginResponse>().sessionToken;
      expect(ids(await list('assetType=MOVIE', bearer(session)))).not.toContain(ADULT_FILM);
      const play = await app.inject({ url: playbackPaths.play(TENANT, ADULT_FILM), headers: bearer(session) });
      expect(refusal(play)).toEqual([403, 'PARENTAL_PIN_REQUIRED']);
      const { owner: again } = await sessions();
      await app.inject({ method: 'DELETE', url: accountPaths.profile(TENANT, petit.userId), headers: bearer(again) });
    });
  });

  describe('the identity cookie is no way around the profile choice', () => {
    test('firebaseLogin takes only an ID token minted soon after the sign-in: an old identity session mints no main-profile session', async () => {
      const fresh = await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
      const stale = await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
      // The second identity session signed in longer ago than IDENTITY_FRESH_SESSION_SECONDS (a family browser's cookie).
      const ctx = await app.identity.$context;
      const token = decodeURIComponent(/antenne\.session_token=([^;]+)/.exec(stale.cookie)![1]!).split('.')[0]!;
      await ctx.internalAdapter.updateSession(token, { createdAt: new Date(Date.now() - (IDENTITY_FRESH_SESSION_SECONDS + 60) * 1000) });
      const exchange = async (identityCookie: string) => {
        const idToken = await app.inject({ url: identityPaths.token, headers: { cookie: identityCookie } });
        expect(idToken.statusCode, idToken.body).toBe(200);
        return app.inject({
          method: 'POST',
          url: accountPaths.firebaseLogin(TENANT),
          payload: {
            username: IDENTITY_USERNAME_PREFIX + stale.userId,
            accessToken: idToken.json<{ token: string }>().token,
            device: { deviceId: 'd-2', name: 'web-11-chrome', type: 'WEB' },
          },
        });
      };
      expect(refusal(await exchange(stale.cookie))).toEqual([401, 'INCORRECT_CREDENTIALS']);
      expect((await exchange(fresh.cookie)).statusCode).toBe(200);
    });
  });

  /** A verified identity with a password and its household (as the demo subscriber is made). */
  async function createVerifiedAccount(email: string, password: string) {
    const ctx = await app.identity.$context;
    const user = await ctx.internalAdapter.createUser({ email, name: 'Autre', emailVerified: true }, { method: 'admin' });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(password) });
    return { email, password };
  }
});
