import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { accountPaths, IDENTITY_USERNAME_PREFIX, identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { startSmtpCapture } from '../helpers/smtp-capture.js';

/**
 * The specification's sign-in chain with nothing faked: identity sign-up → verification mail →
 * sign-in → ID token (JWT) → Exposure firebaseLogin (verified against the JWKS) → a session for
 * personal calls; deleting the identity removes the household.
 */
describe.each(engines)('firebaseLogin with a real ID token (%s)', (engine) => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let app: App;
  const cookies = new Map<string, string>();

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        origin: 'http://localhost:8080',
        cookie: [...cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
    for (const set of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const device = { deviceId: 'device-1', name: 'web-11-Chromium', type: 'WEB' as const };

  beforeAll(async () => {
    [testDb, smtp] = await Promise.all([createTestDatabase(engine), startSmtpCapture()]);
    app = await buildTestApp(testDb, { config: { smtpUrl: smtp.url } });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await testDb?.cleanup();
  });

  test('a verified user exchanges the ID token for a session; a forged or foreign username is refused; deleting the identity removes the household', async () => {
    const email = 'fatou@example.com';
    expect(
      (await call('POST', identityPaths.signUpEmail, { email, password: 'Motdepasse1!', name: 'Fatou' }))
        .statusCode,
    ).toBe(200);
    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec((await smtp.waitFor(email)).text)![0]);
    await call('GET', link.pathname + link.search);
    const signIn = await call('POST', identityPaths.signInEmail, { email, password: 'Motdepasse1!' });
    const uid = signIn.json<{ user: { id: string } }>().user.id;
    const accessToken = (await call('GET', identityPaths.token)).json<{ token: string }>().token;

    const foreign = await call('POST', accountPaths.firebaseLogin(TENANT), {
      username: `${IDENTITY_USERNAME_PREFIX}someone-else`,
      accessToken,
      device,
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ message: 'INCORRECT_CREDENTIALS' });
    const forged = await call('POST', accountPaths.firebaseLogin(TENANT), {
      username: `${IDENTITY_USERNAME_PREFIX}${uid}`,
      accessToken: `${accessToken}x`,
      device,
    });
    expect(forged.statusCode).toBe(401);

    const login = await call('POST', accountPaths.firebaseLogin(TENANT), {
      username: `${IDENTITY_USERNAME_PREFIX}${uid}`,
      accessToken,
      device,
    });
    expect(login.statusCode, login.body).toBe(200);
    const { sessionToken, userProfile } = login.json<{
      sessionToken: string;
      userProfile: { displayName: string; owner: boolean };
    }>();
    expect(userProfile).toMatchObject({ displayName: 'Fatou', owner: true });
    const session = await call('GET', accountPaths.session(TENANT), undefined, {
      authorization: `Bearer ${sessionToken}`,
    });
    expect(session.statusCode).toBe(200);

    // The identity's account changes carry the session of an unrestricted profile (ADR 0012).
    const deleted = await call(
      'POST',
      identityPaths.deleteUser,
      {},
      { authorization: `Bearer ${sessionToken}` },
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = testDb.open();
    try {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from households`.execute(db.db);
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await db.destroy();
    }
    const after = await call('GET', accountPaths.session(TENANT), undefined, {
      authorization: `Bearer ${sessionToken}`,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: 'INVALID_SESSION_TOKEN' });
  });
});
