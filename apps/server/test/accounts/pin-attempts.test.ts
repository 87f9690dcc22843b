import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountPaths, type UserProfile, type UserProfiles } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { MAX_WRONG_PINS, PIN_WINDOW_MS } from '../../src/modules/accounts/pin-attempts.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { bearer, login, START, testVerifyIdToken } from './helpers.js';

/**
 * The wrong-PIN count lives in the database (issue 14, ADR 0018): two server processes on one
 * database — two apps, each with its own connection pool (PostgreSQL) or handle on the same file
 * (SQLite) — count the same guesses, so a cluster allows a household five, not five a node.
 * pin-attempts-processes.test.ts shows it with two server processes on one PostgreSQL.
 */

const PIN = '4821';

describe.each(engines)('wrong parental PINs counted in the database (%s)', (engine) => {
  let testDb: TestDatabase;
  let nodes: [App, App];
  const clock = { now: START };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const options = { verifyIdToken: testVerifyIdToken, clock: () => clock.now, cacheCheckEveryMs: 0 };
    nodes = [await buildTestApp(testDb, options), await buildTestApp(testDb, options)];
  });

  afterAll(async () => {
    for (const app of nodes ?? []) await app.close();
    await testDb?.cleanup();
  });

  /** Changes the owner's PIN on one node, proving it with `currentPinCode`. */
  const changePin = (app: App, token: string, ownerId: string, currentPinCode: string) =>
    app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, ownerId),
      headers: bearer(token),
      payload: { pinCode: PIN, currentPinCode },
    });

  /** A household signed in on the first node whose main profile has a PIN; its session works on both. */
  const householdWithPin = async (uid: string) => {
    const [a] = nodes;
    const { sessionToken: token } = await login(a, uid, `${uid}@example.com`);
    const list = await a.inject({ url: accountPaths.profiles(TENANT), headers: bearer(token) });
    const ownerId = list.json<UserProfiles>().profiles.find((p) => p.owner)!.userId;
    const first = await a.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, ownerId),
      headers: bearer(token),
      payload: { pinCode: PIN },
    });
    expect(first.json<UserProfile>().hasPinCode).toBe(true);
    return { token, ownerId };
  };

  const status = (res: { statusCode: number; json: <T>() => T }) => [
    res.statusCode,
    res.json<{ message?: string }>().message,
  ];

  test('3 wrong PINs on one node and 2 on the other: the next check is refused on either, even with the right PIN', async () => {
    expect(MAX_WRONG_PINS).toBe(5);
    const [a, b] = nodes;
    const { token, ownerId } = await householdWithPin('uid-cluster');
    for (let i = 0; i < 3; i++)
      expect(status(await changePin(a, token, ownerId, `000${i}`))).toEqual([403, 'INVALID_PIN_CODE']);
    for (let i = 3; i < 5; i++)
      expect(status(await changePin(b, token, ownerId, `000${i}`))).toEqual([403, 'INVALID_PIN_CODE']);
    expect(status(await changePin(a, token, ownerId, PIN))).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(status(await changePin(b, token, ownerId, PIN))).toEqual([429, 'TOO_MANY_REQUESTS']);
    // Another household's count is its own.
    const other = await householdWithPin('uid-cluster-other');
    expect((await changePin(b, other.token, other.ownerId, PIN)).statusCode).toBe(200);

    // The window is measured on the injected clock; past it, the right PIN passes on either node.
    clock.now += PIN_WINDOW_MS;
    expect((await changePin(b, token, ownerId, PIN)).statusCode).toBe(200);
  });

  test('a right PIN clears the count on every node; the rows out of the window are purged', async () => {
    const [a, b] = nodes;
    const { token, ownerId } = await householdWithPin('uid-clear');
    for (let i = 0; i < 4; i++)
      expect(status(await changePin(i % 2 ? a : b, token, ownerId, `000${i}`))).toEqual([
        403,
        'INVALID_PIN_CODE',
      ]);
    expect((await changePin(a, token, ownerId, PIN)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(status(await changePin(b, token, ownerId, `000${i}`))).toEqual([403, 'INVALID_PIN_CODE']);
    expect((await changePin(a, token, ownerId, PIN)).statusCode).toBe(200);

    expect(status(await changePin(a, token, ownerId, '0009'))).toEqual([403, 'INVALID_PIN_CODE']);
    const database = testDb.open();
    try {
      const rows = () => database.db.selectFrom('pin_attempts').select('attempted_at').execute();
      expect((await rows()).length).toBeGreaterThan(0);
      clock.now += PIN_WINDOW_MS;
      expect((await changePin(b, token, ownerId, PIN)).statusCode).toBe(200);
      // The next attempt of any household purged every row older than the window.
      expect(await rows()).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
