import { exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { addSubscriber, testDistributorPaths } from '../../src/modules/tv-provider/index.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  type TestDatabase,
} from '../helpers/test-app.js';
import { PROVIDER, providerLogin } from './helpers.js';

/**
 * The test distributor's private signing key at rest (issue 30 item 8, ADR 0041): sealed with
 * AUTH_SECRET by the identity service's cipher; a key stored in clear before is sealed at its
 * first read; another secret cannot open it and says so.
 */

const SECRET = 'the-first-auth-secret-of-this-test-0123456789abcdef';
const OTHER_SECRET = 'another-auth-secret-of-this-test-0123456789abcdef';

describe.each(engines)("the test distributor's signing key at rest (%s)", (engine) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  const apps: App[] = [];
  const start = async (authSecret: string, logger?: ReturnType<typeof memoryLogger>['logger']) => {
    const app = await buildTestApp(testDb, { config: { authSecret }, ...(logger ? { logger } : {}) });
    apps.push(app);
    return app;
  };
  const storedKey = () =>
    database.db
      .selectFrom('tv_provider_keys')
      .select(['kid', 'private_jwk'])
      .where('provider_id', '=', PROVIDER)
      .executeTakeFirstOrThrow();
  const jwks = async (app: App) => {
    const res = await app.inject({ url: testDistributorPaths.jwks });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JSONWebKeySet>();
  };
  /** A media token from the distributor's own sign-in form. */
  const signIn = async (app: App) => {
    const res = await app.inject({
      method: 'POST',
      url: testDistributorPaths.signIn,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'carol', password: 'carol-password' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = /data-media-token="([^"]+)"/.exec(res.body)?.[1];
    if (token === undefined) throw new Error('no media token on the result page');
    return token;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.open();
    await addSubscriber(database.db, { username: 'carol', password: 'carol-password' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.destroy();
    await testDb?.cleanup();
  });

  test('stored sealed, never a JWK in clear; after a restart with the same secret the same key signs and verifies', async () => {
    const first = await start(SECRET);
    const published = await jwks(first);
    const token = await signIn(first);
    const row = await storedKey();
    expect(row.private_jwk).toMatch(/^[0-9a-f]+$/);
    expect(row.private_jwk).not.toContain('"d"');
    expect(() => JSON.parse(row.private_jwk) as unknown).toThrow();
    await first.close();

    const restarted = await start(SECRET);
    expect(await jwks(restarted)).toEqual(published);
    // A token signed before the restart verifies after it, and the key signs new ones.
    await providerLogin(restarted, token);
    await providerLogin(restarted, await signIn(restarted));
    expect((await storedKey()).private_jwk).toBe(row.private_jwk);
  });

  test('another AUTH_SECRET cannot open it: the distributor fails with a clear error in the log, the key is left as it is', async () => {
    const before = await storedKey();
    const { logger, lines } = memoryLogger();
    const other = await start(OTHER_SECRET, logger);
    const res = await other.inject({ url: testDistributorPaths.jwks });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ httpCode: 500, message: 'INTERNAL_ERROR' });
    expect(JSON.stringify(lines())).toContain('cannot be opened with this AUTH_SECRET');
    expect(await storedKey()).toEqual(before);
  });

  test('a key stored in clear (before keys were sealed) is sealed at its first read and still signs', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const clear = JSON.stringify(await exportJWK(privateKey));
    await database.db
      .updateTable('tv_provider_keys')
      .set({ kid: 'clear-kid', private_jwk: clear })
      .where('provider_id', '=', PROVIDER)
      .execute();
    const app = await start(SECRET);
    const { x, y } = JSON.parse(clear) as { x: string; y: string };
    expect((await jwks(app)).keys).toEqual([expect.objectContaining({ kid: 'clear-kid', x, y })]);
    const row = await storedKey();
    expect(row.private_jwk).toMatch(/^[0-9a-f]+$/);
    await providerLogin(app, await signIn(app));
  });
});
