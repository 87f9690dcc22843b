import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { accountPaths, IDENTITY_USERNAME_PREFIX, identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { verifyPin } from '../../src/modules/accounts/secrets.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

/** The demo broadcaster's subscriber: signs in at once (no mail), two profiles, a subscription, the owner's PIN, created once. */
describe.each(engines)('the demo subscriber (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let handle: ReturnType<TestDatabase['open']>;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, { config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    handle = testDb.open();
  });

  afterAll(async () => {
    await handle?.destroy();
    await app?.close();
    await testDb?.cleanup();
  });

  test('is created verified with two profiles, signs in with the documented password, and is created only once', async () => {
    expect(await seedDemoSubscriber(app.identity, handle.db)).toBe(true);
    expect(await seedDemoSubscriber(app.identity, handle.db)).toBe(false);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from identity_user`.execute(
      handle.db,
    );
    expect(Number(rows[0]!.n)).toBe(1);

    const signIn = await app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      headers: { origin: 'http://localhost:8080' },
      payload: { email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = [signIn.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = (await app.inject({ url: identityPaths.token, headers: { cookie } })).json<{
      token: string;
    }>().token;
    const login = await app.inject({
      method: 'POST',
      url: accountPaths.firebaseLogin(TENANT),
      payload: {
        username: `${IDENTITY_USERNAME_PREFIX}${signIn.json<{ user: { id: string } }>().user.id}`,
        accessToken: token,
        device: { deviceId: 'demo-device', name: 'web-11-Chromium', type: 'WEB' },
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const profiles = await app.inject({
      url: accountPaths.profiles(TENANT),
      headers: { authorization: `Bearer ${login.json<{ sessionToken: string }>().sessionToken}` },
    });
    expect(
      profiles.json<{
        profiles: { displayName: string; owner: boolean; child: boolean; metadata: Record<string, string> }[];
      }>().profiles,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          displayName: 'Démo',
          owner: true,
          child: false,
          hasPinCode: true,
          metadata: { avatar: 'avatar-1' },
        }),
        expect.objectContaining({
          displayName: 'Enfants',
          owner: false,
          child: true,
          hasPinCode: false,
          metadata: { avatar: 'avatar-2', PrLevel: '1' },
        }),
      ]),
    );

    // The owner's PIN is the documented one; the household subscribes to 'abonnement' (once) and holds no ticket.
    const owner = await handle.db
      .selectFrom('profiles')
      .select('pin_hash')
      .where('owner', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await verifyPin(DEMO_SUBSCRIBER.pin, owner.pin_hash ?? '')).toBe(true);
    expect(await verifyPin('0000', owner.pin_hash ?? '')).toBe(false);
    const subscriptions = () =>
      handle.db.selectFrom('household_subscriptions').select(['product_id', 'end_date']).execute();
    expect(await subscriptions()).toEqual([{ product_id: 'abonnement', end_date: null }]);
    expect(await handle.db.selectFrom('video_tickets').selectAll().execute()).toEqual([]);

    // A database made before playback: the subscription is added at the next start, once.
    await handle.db.deleteFrom('household_subscriptions').execute();
    expect(await seedDemoSubscriber(app.identity, handle.db)).toBe(false);
    expect(await seedDemoSubscriber(app.identity, handle.db)).toBe(false);
    expect(await subscriptions()).toEqual([{ product_id: 'abonnement', end_date: null }]);
  });
});
