import { createHash } from 'node:crypto';
import {
  accountPaths,
  appSessionPaths,
  NO_PASSWORD_CREDENTIALS,
  type ErrorBody,
  type LoginResponse,
  type PreferencesResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OPENAPI_PATH } from '../../src/app.js';
import { recordProgress } from '../../src/modules/accounts/index.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { bearer, login, setUpAccounts, START, type AccountsFixture } from './helpers.js';

/**
 * Every personal route, three ways: without a token (401 NO_SESSION_TOKEN), with a revoked one
 * (401 INVALID_SESSION_TOKEN), and with the token of another household, which must never see nor
 * change the victim household's data (its profile ids → 404). And no token is ever stored in clear.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Ids {
  /** The victim's main and second profile. */
  owner: string;
  kid: string;
}

interface RouteCase {
  method: Method;
  /** As the OpenAPI document names it. */
  template: string;
  url: (ids: Ids) => string;
  body?: unknown;
  /** What another household's session gets (default 200). */
  asOther?: { status: number; code: string };
}

const V1 = '/v1/customer/{customer}/businessunit/{businessUnit}';
const V2 = '/v2/customer/{customer}/businessunit/{businessUnit}';
const FAVORITE = 'film-ete-indien';
const unknownUser = { status: 404, code: 'UNKNOWN_USER' };

const ROUTES: RouteCase[] = [
  { method: 'DELETE', template: `${V2}/auth/login`, url: () => accountPaths.logout(TENANT) },
  { method: 'GET', template: `${V2}/auth/session`, url: () => accountPaths.session(TENANT) },
  { method: 'GET', template: `${V2}/user/profile`, url: () => accountPaths.profiles(TENANT) },
  {
    method: 'POST',
    template: `${V2}/user/profile`,
    url: () => accountPaths.profiles(TENANT),
    body: { displayName: 'Intrus' },
  },
  {
    method: 'PUT',
    template: `${V2}/user/profile/{userId}`,
    url: (ids) => accountPaths.profile(TENANT, ids.kid),
    body: { displayName: 'Piraté', pinCode: '0000' },
    asOther: unknownUser,
  },
  {
    method: 'DELETE',
    template: `${V2}/user/profile/{userId}`,
    url: (ids) => accountPaths.profile(TENANT, ids.kid),
    asOther: unknownUser,
  },
  {
    method: 'GET',
    template: `${V2}/user/profile/{userId}/select`,
    url: (ids) => accountPaths.selectProfile(TENANT, ids.owner),
    asOther: unknownUser,
  },
  {
    method: 'POST',
    template: `${V2}/user/delete`,
    url: () => accountPaths.userDelete(TENANT),
    body: NO_PASSWORD_CREDENTIALS,
  },
  {
    method: 'PUT',
    template: `${V2}/user/changeEmail`,
    url: () => accountPaths.changeEmail(TENANT),
    body: { newEmailAddress: 'pirate@example.com' },
    // Only the address the identity service verified for the caller's own account (none here).
    asOther: { status: 403, code: 'UNVERIFIED_EMAIL' },
  },
  { method: 'GET', template: `${V1}/preferences`, url: () => accountPaths.preferences(TENANT) },
  {
    method: 'POST',
    template: `${V1}/preferences`,
    url: () => accountPaths.preferences(TENANT),
    body: { preferences: { theme: 'pirate' } },
  },
  {
    method: 'GET',
    template: `${V1}/preferences/list/{list}/asset`,
    url: () => accountPaths.listAssets(TENANT),
  },
  {
    method: 'GET',
    template: `${V1}/preferences/list/{list}/asset/{assetId}`,
    url: () => accountPaths.listAsset(TENANT, FAVORITE),
    asOther: { status: 404, code: 'NOT_FOUND' },
  },
  {
    method: 'POST',
    template: `${V1}/preferences/list/{list}/asset/{assetId}`,
    url: () => accountPaths.listAsset(TENANT, 'quartier-s1e2'),
    body: {},
  },
  {
    method: 'DELETE',
    template: `${V1}/preferences/list/{list}/asset/{assetId}`,
    url: () => accountPaths.listAsset(TENANT, FAVORITE),
  },
  // Issue 18: the followed tags (tagfeed): another household's session reads and changes its own list.
  { method: 'GET', template: `${V1}/preferences/list/{list}/tag`, url: () => accountPaths.listTags(TENANT) },
  {
    method: 'POST',
    template: `${V1}/preferences/list/{list}/tag/{tagId}`,
    url: () => accountPaths.listTag(TENANT, 'comedie'),
  },
  {
    method: 'DELETE',
    template: `${V1}/preferences/list/{list}/tag/{tagId}`,
    url: () => accountPaths.listTag(TENANT, 'comedie'),
  },
  {
    method: 'GET',
    template: `${V1}/userplayhistory/lastviewedoffset`,
    url: () => `${accountPaths.lastViewedOffset(TENANT)}?assetIds=${FAVORITE},quartier-s1e1`,
  },
  { method: 'GET', template: `${V1}/recommend/continue`, url: () => accountPaths.continueWatching(TENANT) },
  // Issue 18: the session's own profile (another household's session reads and changes its own).
  { method: 'GET', template: `${V2}/user/details`, url: () => appSessionPaths.userDetails(TENANT) },
  {
    method: 'PUT',
    template: `${V2}/user/details`,
    url: () => appSessionPaths.userDetails(TENANT),
    body: { displayName: 'Intrus' },
  },
];

describe.each(engines)('accounts authorization (%s)', (engine) => {
  let fx: AccountsFixture;
  let victim: LoginResponse;
  let ids: Ids;
  /** Every token handed out in this suite, to look for in the database. */
  const issued: string[] = [];
  /** What of the victim must never reach another household. */
  let secrets: string[];

  const call = (method: Method, url: string, headers: Record<string, string>, body?: unknown) =>
    fx.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const signIn = async (uid: string, email: string) => {
    const session = await login(fx.app, uid, email);
    issued.push(session.sessionToken);
    return session;
  };

  beforeAll(async () => {
    fx = await setUpAccounts(engine);
    victim = await signIn('uid-victim', 'victime@example.com');
    const token = bearer(victim.sessionToken);
    const created = await call('POST', accountPaths.profiles(TENANT), token, {
      displayName: 'Victime Enfant',
      pinCode: '2468',
    });
    const kid = created.json<UserProfiles>().profiles.find((p) => !p.owner) as UserProfile;
    ids = { owner: victim.userId, kid: kid.userId };
    await call('POST', accountPaths.preferences(TENANT), token, {
      preferences: { firstname: 'secret-victime-pref' },
    });
    await call('POST', accountPaths.listAsset(TENANT, FAVORITE), token, {
      metadata: { note: 'secret-victime-fav' },
    });
    const handle = fx.testDb.open();
    try {
      await recordProgress(handle.db, {
        profileId: victim.userId,
        assetId: 'quartier-s1e1',
        offsetMs: 123_457,
        viewedAt: START - 1,
      });
    } finally {
      await handle.destroy();
    }
    secrets = [
      victim.accountId,
      ids.owner,
      ids.kid,
      'victime@example.com',
      'Victime Enfant',
      'secret-victime-pref',
      'secret-victime-fav',
      '123457',
    ];
  });
  afterAll(async () => {
    await fx?.close();
  });

  test('the table holds every personal route of the OpenAPI document', async () => {
    const doc = (await fx.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.tags?.includes('accounts'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // The sign-in calls are public: firebaseLogin, issue 18's password and anonymous logins, and
    // issue 19's adobePrimetimeLogin (a distributor's media token).
    const personal = documented.filter(
      (route) =>
        !route.endsWith('/auth/firebaseLogin') &&
        !route.endsWith('/auth/adobePrimetimeLogin') &&
        !/^POST \/v[123]\/.*\/auth\/(login|anonymous)$/.test(route),
    );
    expect(personal.length).toBeGreaterThan(0);
    expect(new Set(personal)).toEqual(new Set(ROUTES.map((r) => `${r.method} ${r.template}`)));
  });

  test.each(ROUTES.map((r) => [`${r.method} ${r.template}`, r] as const))(
    '%s without a token → 401 NO_SESSION_TOKEN',
    async (_, route) => {
      for (const headers of [{}, { authorization: '' }, { authorization: 'Bearer ' }] as Record<
        string,
        string
      >[]) {
        const res = await call(route.method, route.url(ids), headers, route.body);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json<ErrorBody>()).toEqual({ httpCode: 401, message: 'NO_SESSION_TOKEN' });
      }
    },
  );

  test.each(ROUTES.map((r) => [`${r.method} ${r.template}`, r] as const))(
    '%s with a revoked or unknown token → 401 INVALID_SESSION_TOKEN',
    async (_, route) => {
      const revoked = await signIn('uid-revoked', 'revoked@example.com');
      expect(
        (await call('DELETE', accountPaths.logout(TENANT), bearer(revoked.sessionToken))).statusCode,
      ).toBe(200);
      for (const token of [revoked.sessionToken, `ses_${'A'.repeat(43)}`]) {
        const res = await call(route.method, route.url(ids), bearer(token), route.body);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json<ErrorBody>()).toEqual({ httpCode: 401, message: 'INVALID_SESSION_TOKEN' });
      }
    },
  );

  test.each(ROUTES.map((r) => [`${r.method} ${r.template}`, r] as const))(
    "%s with another household's token never reaches the victim's data",
    async (_, route) => {
      // A fresh session each time: some routes end it (logout, select, user/delete).
      const other = await signIn('uid-other', 'autre@example.com');
      const res = await call(route.method, route.url(ids), bearer(other.sessionToken), route.body);
      const expected = route.asOther ?? { status: 200 };
      expect(res.statusCode, res.body).toBe(expected.status);
      if ('code' in expected) expect(res.json<ErrorBody>().message).toBe(expected.code);
      for (const secret of secrets)
        expect(res.body, `${route.method} ${route.template} leaked ${secret}`).not.toContain(secret);
      if (route.template.endsWith('/asset') && route.method === 'GET') expect(res.json()).toEqual([]);
      if (route.template.endsWith('/lastviewedoffset'))
        expect(res.json()).toMatchObject({ count: 0, items: [] });
      if (route.template.endsWith('/continue')) expect(res.json()).toEqual({ items: [] });
    },
  );

  test("after all that, the victim's household is as it was", async () => {
    const token = bearer(victim.sessionToken);
    const session = await call('GET', accountPaths.session(TENANT), token);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json<{ userProfile: UserProfile }>().userProfile.emailAddress).toBe('victime@example.com');
    const profiles = (await call('GET', accountPaths.profiles(TENANT), token)).json<UserProfiles>().profiles;
    expect(profiles.map((p) => [p.userId, p.displayName, p.hasPinCode])).toEqual([
      [ids.owner, 'victime', false],
      [ids.kid, 'Victime Enfant', true],
    ]);
    expect(
      (await call('GET', accountPaths.preferences(TENANT), token)).json<PreferencesResponse>().preferences,
    ).toEqual({
      firstname: 'secret-victime-pref',
    });
    const favorites = (await call('GET', accountPaths.listAssets(TENANT), token)).json<
      { assetId: string }[]
    >();
    expect(favorites.map((f) => f.assetId)).toEqual([FAVORITE]);
    const history = (await call('GET', accountPaths.lastViewedOffset(TENANT), token)).json<{
      items: unknown[];
    }>();
    expect(history.items).toEqual([
      { assetId: 'quartier-s1e1', lastViewedOffset: 123_457, lastViewedTime: START - 1 },
    ]);
  });

  test('the database never holds a session token in clear, only its SHA-256', async () => {
    expect(issued.length).toBeGreaterThan(ROUTES.length);
    const handle = fx.testDb.open();
    try {
      const tables = await Promise.all(
        (['sessions', 'households', 'profiles', 'preferences', 'favorites'] as const).map((t) =>
          handle.db.selectFrom(t).selectAll().execute(),
        ),
      );
      const dump = JSON.stringify(tables);
      for (const token of issued) {
        expect(dump).not.toContain(token);
        expect(dump).not.toContain(token.slice(4));
      }
      const hashes = new Set((tables[0] as { token_hash: string }[]).map((s) => s.token_hash));
      expect(hashes.has(createHash('sha256').update(victim.sessionToken).digest('hex'))).toBe(true);
      // Nor a PIN: the victim's kid has one, stored as a salted scrypt hash.
      const pins = (tables[2] as { pin_hash: string | null }[]).flatMap((p) =>
        p.pin_hash === null ? [] : [p.pin_hash],
      );
      expect(pins.length).toBeGreaterThan(0);
      for (const pin of pins) {
        expect(pin).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
        expect(pin).not.toContain('2468');
      }
    } finally {
      await handle.destroy();
    }
  });
});
