import { accountPaths, type ConfigWeb } from '@antenne/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { bearer } from '../accounts/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import {
  counts,
  distributorKey,
  forgerKey,
  mint,
  primetimeLogin,
  providerLogin,
  PROVIDER,
  REQUESTOR,
} from './helpers.js';

const START = Date.parse('2026-11-30T12:00:00.000Z');

/** POST /v2/…/auth/adobePrimetimeLogin: the media token's checks, then a provider-bound session (issue 19). */
describe.each(engines)('adobePrimetimeLogin (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let database: DatabaseHandle;
  const clock = { now: START };
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, { clock: () => clock.now });
    database = testDb.open();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await testDb?.cleanup();
  });

  const refused = async (mediaToken: string, code: string) => {
    const before = await counts(database.db);
    const res = await primetimeLogin(app, mediaToken);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ httpCode: 401, message: code });
    expect(await counts(database.db)).toEqual(before);
  };

  test("a distributor's token opens a provider-bound session; the same subscriber's next login finds its household", async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    const sub = 'sub_household_a';
    const first = await providerLogin(app, await mint(signer, clock.now, { sub }));
    expect(first).toMatchObject({ accountStatus: 'OK', language: 'en', tvProvider: PROVIDER });
    expect(first.userProfile).toMatchObject({ owner: true, displayName: 'TV Test (démo)' });
    expect(first.userProfile).not.toHaveProperty('emailAddress');
    const session = await app.inject({
      url: accountPaths.session({ customer: 'antenne', businessUnit: 'monde' }),
      headers: bearer(first.sessionToken),
    });
    expect(session.statusCode).toBe(200);

    const second = await providerLogin(app, await mint(signer, clock.now, { sub }));
    expect(second.accountId).toBe(first.accountId);
    expect(second.userId).toBe(first.userId);
    expect(second.sessionToken).not.toBe(first.sessionToken);

    const other = await providerLogin(app, await mint(signer, clock.now));
    expect(other.accountId).not.toBe(first.accountId);

    const household = await database.db
      .selectFrom('households')
      .select(['tv_provider', 'tv_provider_subscriber'])
      .where('id', '=', first.accountId)
      .executeTakeFirstOrThrow();
    expect(household).toEqual({ tv_provider: PROVIDER, tv_provider_subscriber: sub });
    const sessions = await database.db
      .selectFrom('sessions')
      .select('tv_provider')
      .where('household_id', '=', first.accountId)
      .execute();
    expect(sessions).toEqual([{ tv_provider: PROVIDER }, { tv_provider: PROVIDER }]);
  });

  test('a token signed by another key (same kid) → 401 INVALID_MEDIA_TOKEN, nothing created', async () => {
    const { kid } = await distributorKey(app, database.db, testDb.options.dataDir);
    await refused(await mint(await forgerKey(kid), clock.now), 'INVALID_MEDIA_TOKEN');
  });

  test('alg none, HS256, malformed and huge tokens → 401 INVALID_MEDIA_TOKEN (huge: 400 naming the field)', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(clock.now / 1000);
    const claims = {
      iss: PROVIDER,
      sub: 'sub_x',
      aud: 'antenne',
      resource: 'antenne-monde-us',
      iat,
      exp: iat + 300,
    };
    await refused(`${b64({ alg: 'none' })}.${b64(claims)}.`, 'INVALID_MEDIA_TOKEN');
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32));
    await refused(hs, 'INVALID_MEDIA_TOKEN');
    for (const junk of ['x', 'a.b.c', `${b64({ alg: 'ES256' })}.not-json.sig`, '...'])
      await refused(junk, 'INVALID_MEDIA_TOKEN');
    const huge = await primetimeLogin(app, 'a'.repeat(5000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().extendedMessage).toContain('mediaToken');
    const nul = await primetimeLogin(app, 'a.b\u0000.c');
    expect(nul.statusCode).toBe(400);
  });

  test('an expired token → 401 MEDIA_TOKEN_EXPIRED once the clock passes its expiry', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    const token = await mint(signer, clock.now);
    clock.now += 6 * 60 * 1000;
    try {
      await refused(token, 'MEDIA_TOKEN_EXPIRED');
    } finally {
      clock.now = START;
    }
    // One claiming a long life is refused whatever its signature.
    const iat = Math.floor(clock.now / 1000);
    await refused(await mint(signer, clock.now, { exp: iat + 86_400 }), 'INVALID_MEDIA_TOKEN');
    // Issued in the future (nbf) is no better.
    await refused(
      await mint(signer, clock.now, { nbf: iat + 600, exp: iat + 900, iat: iat + 600 }),
      'INVALID_MEDIA_TOKEN',
    );
  });

  test('another audience, another resource, a missing sub → 401 INVALID_MEDIA_TOKEN', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    await refused(await mint(signer, clock.now, { aud: 'another-programmer' }), 'INVALID_MEDIA_TOKEN');
    await refused(await mint(signer, clock.now, { resource: 'another-network' }), 'INVALID_MEDIA_TOKEN');
    await refused(await mint(signer, clock.now, { resource: undefined }), 'INVALID_MEDIA_TOKEN');
    await refused(await mint(signer, clock.now, { sub: undefined }), 'INVALID_MEDIA_TOKEN');
  });

  test('aud must be this requestor alone: an array that merely contains it → 401; a string or an array of it alone signs in', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    await refused(
      await mint(signer, clock.now, { aud: [REQUESTOR, 'another-programmer'] }),
      'INVALID_MEDIA_TOKEN',
    );
    await refused(
      await mint(signer, clock.now, { aud: ['another-programmer', REQUESTOR] }),
      'INVALID_MEDIA_TOKEN',
    );
    await refused(await mint(signer, clock.now, { aud: [] }), 'INVALID_MEDIA_TOKEN');
    await providerLogin(app, await mint(signer, clock.now, { aud: [REQUESTOR] }));
    await providerLogin(app, await mint(signer, clock.now, { aud: REQUESTOR }));
  });

  test('a media token signs in once: its second use → 401 INVALID_MEDIA_TOKEN, nothing created, in every process; no jti → 401', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    const token = await mint(signer, clock.now);
    await providerLogin(app, token);
    await refused(token, 'INVALID_MEDIA_TOKEN');
    const replay = await primetimeLogin(app, token);
    expect(replay.json<{ extendedMessage: string }>().extendedMessage).toContain('used already');
    // Another process of the cluster (its own pool on the same database) refuses it too.
    const other = await buildTestApp(testDb, { clock: () => clock.now });
    try {
      const there = await primetimeLogin(other, token);
      expect(there.json()).toMatchObject({ httpCode: 401, message: 'INVALID_MEDIA_TOKEN' });
      // Two logins with one fresh token at once, one through each: one session.
      const fresh = await mint(signer, clock.now);
      const before = await counts(database.db);
      const both = await Promise.all([primetimeLogin(app, fresh), primetimeLogin(other, fresh)]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401]);
      expect((await counts(database.db)).sessions).toBe(before.sessions + 1);
    } finally {
      await other.close();
    }
    await refused(await mint(signer, clock.now, { jti: undefined }), 'INVALID_MEDIA_TOKEN');
  });

  test('a spent jti is remembered until its token expires, then forgotten', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    const token = await mint(signer, clock.now);
    await providerLogin(app, token);
    const spent = () =>
      database.db
        .selectFrom('tv_provider_spent_tokens')
        .select('jti')
        .execute()
        .then((rows) => rows.length);
    expect(await spent()).toBeGreaterThan(0);
    clock.now += 5 * 60_000 + 1000;
    // Expired now: refused as such, whatever its use.
    await refused(token, 'MEDIA_TOKEN_EXPIRED');
    // The next spend forgets every expired jti.
    await providerLogin(app, await mint(signer, clock.now));
    expect(await spent()).toBe(1);
  });

  test("a subscriber's household deletes its account only within 10 minutes of its last adobePrimetimeLogin", async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    const sub = 'sub_deletes';
    const first = await providerLogin(app, await mint(signer, clock.now, { sub }));
    clock.now += 10 * 60_000;
    const stale = await app.inject({
      method: 'POST',
      url: accountPaths.userDelete(TENANT),
      headers: bearer(first.sessionToken),
      payload: {},
    });
    expect(stale.json()).toMatchObject({ httpCode: 400, message: 'SESSION_EXPIRED' });
    const again = await providerLogin(app, await mint(signer, clock.now, { sub }));
    expect(again.accountId).toBe(first.accountId);
    clock.now += 9 * 60_000;
    const deleted = await app.inject({
      method: 'POST',
      url: accountPaths.userDelete(TENANT),
      headers: bearer(again.sessionToken),
      payload: {},
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  test('an unknown issuer → 401 UNKNOWN_TV_PROVIDER', async () => {
    const signer = await distributorKey(app, database.db, testDb.options.dataDir);
    await refused(await mint(signer, clock.now, { iss: 'other-cable' }), 'UNKNOWN_TV_PROVIDER');
    await refused(await mint(signer, clock.now, { iss: undefined }), 'UNKNOWN_TV_PROVIDER');
  });

  test('config_web.json lists the test distributor with its sign-in page, logo and help', async () => {
    const config = (await app.inject({ url: '/config/config_web.json' })).json<ConfigWeb>();
    expect(config.provider).toEqual({
      enabled: true,
      helpUrl: '/tv-providers/antenne-test/help',
      providers: [
        {
          ID: 'antenne-test',
          displayName: 'TV Test (démo)',
          logoURL: '/tv-providers/antenne-test/logo.svg',
          loginURL: '/tv-providers/antenne-test/sign-in',
        },
      ],
    });
    const jwks = (await app.inject({ url: '/tv-providers/antenne-test/jwks.json' })).json<{
      keys: Record<string, unknown>[];
    }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const logo = await app.inject({ url: '/tv-providers/antenne-test/logo.svg' });
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });
});

/** TV_PROVIDER_TEST_DISTRIBUTOR=false: no provider in the config, no pages, and its tokens are from nobody. */
describe('without the test distributor', () => {
  let testDb: TestDatabase;
  let withIt: App;
  let without: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    withIt = await buildTestApp(testDb);
    without = await buildTestApp(testDb, {
      config: {
        tvProvider: {
          testDistributor: false,
          requestorId: 'antenne',
          resource: 'antenne-monde-us',
          products: [],
        },
      },
    });
  });
  afterAll(async () => {
    await withIt?.close();
    await without?.close();
    await testDb?.cleanup();
  });

  test('config_web.json has no provider; the pages answer 404; a token of it → UNKNOWN_TV_PROVIDER', async () => {
    const config = (await without.inject({ url: '/config/config_web.json' })).json<ConfigWeb>();
    expect(config.provider).toEqual({ enabled: false, helpUrl: '', providers: [] });
    for (const url of ['/tv-providers/antenne-test/sign-in', '/tv-providers/antenne-test/jwks.json'])
      expect((await without.inject({ url, headers: { accept: 'application/json' } })).statusCode).toBe(404);
    const database = testDb.open();
    try {
      const token = await mint(await distributorKey(withIt, database.db, testDb.options.dataDir), Date.now());
      const res = await primetimeLogin(without, token);
      expect(res.json()).toMatchObject({ httpCode: 401, message: 'UNKNOWN_TV_PROVIDER' });
    } finally {
      await database.destroy();
    }
  });
});
