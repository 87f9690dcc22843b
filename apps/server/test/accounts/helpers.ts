import {
  accountPaths,
  ErrorBodySchema,
  IDENTITY_USERNAME_PREFIX,
  type ErrorBody,
  type LoginResponse,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import type { VerifyIdToken } from '../../src/modules/accounts/index.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { extraAsset, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

/**
 * The accounts suites' setting: a catalogue, an app whose firebaseLogin accepts ID tokens the
 * tests mint ('test-id-token:<uid>:<email>:<verified>'), and a clock the tests move.
 * The real ID-token check (a JWT against the identity service's JWKS) is tested with the identity module.
 */

export const START = Date.parse('2026-11-23T12:00:00.000Z');
/** Published only until then: leaves the catalogue when the clock passes it. */
export const SHORT_LIVED_UNTIL = '2026-12-01T00:00:00Z';

export const testVerifyIdToken: VerifyIdToken = async (token) => {
  const [kind, uid, email, verified, signedInMs] = token.split(':');
  if (kind !== 'test-id-token' || !uid || !email || (verified !== 'true' && verified !== 'false')) {
    throw new Error('not a test ID token');
  }
  return {
    identityUserId: uid,
    email,
    emailVerified: verified === 'true',
    ...(signedInMs ? { signedInMs: Number(signedInMs) } : {}),
  };
};

/** A test ID token; `signedInMs`: its auth_time (the identity sign-in), else the login is the sign-in. */
export const idToken = (uid: string, email: string, verified = true, signedInMs?: number) =>
  `test-id-token:${uid}:${email}:${verified}${signedInMs === undefined ? '' : `:${signedInMs}`}`;

export interface AccountsFixture {
  testDb: TestDatabase;
  app: App;
  clock: { now: number };
  close(): Promise<void>;
}

export async function setUpAccounts(engine: Engine): Promise<AccountsFixture> {
  const testDb = await createTestDatabase(engine);
  const database = testDb.open();
  try {
    const doc = smallCatalogue();
    doc.assets.push(
      extraAsset('film-court', {
        duration: 600_000,
        created: '2023-02-01T00:00:00Z',
        publications: [
          {
            publicationId: 'pub-film-court',
            fromDate: '2020-01-01T00:00:00Z',
            toDate: SHORT_LIVED_UNTIL,
            products: ['gratuit'],
          },
        ],
      }),
      // A channel: its bookmark is a wall-clock time (liveTime), never progress to continue.
      extraAsset('chaine-test', {
        type: 'TV_CHANNEL',
        publications: [
          {
            publicationId: 'pub-chaine-test',
            fromDate: '2020-01-01T00:00:00Z',
            toDate: '2100-01-01T00:00:00Z',
            products: ['gratuit'],
          },
        ],
      }),
    );
    const result = await importCatalogue(database.db, doc, TENANT);
    if (!result.ok) throw new Error(result.errors.join('\n'));
  } finally {
    await database.destroy();
  }
  const clock = { now: START };
  const app = await buildTestApp(testDb, {
    verifyIdToken: testVerifyIdToken,
    clock: () => clock.now,
    cacheCheckEveryMs: 0,
  });
  return {
    testDb,
    app,
    clock,
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
}

export const DEVICE = { deviceId: 'device-1', name: 'web-11-firefox', type: 'WEB' } as const;

export function loginRequest(
  app: App,
  uid: string,
  email: string,
  {
    verified = true,
    username,
    displayName,
    signedInMs,
  }: { verified?: boolean; username?: string; displayName?: string; signedInMs?: number } = {},
) {
  return app.inject({
    method: 'POST',
    url: accountPaths.firebaseLogin(TENANT),
    payload: {
      username: username ?? IDENTITY_USERNAME_PREFIX + uid,
      accessToken: idToken(uid, email, verified, signedInMs),
      device: DEVICE,
      email,
      ...(displayName === undefined ? {} : { displayName }),
    },
  });
}

/** Signs in (verified email) and returns the LoginResponse. */
export async function login(
  app: App,
  uid: string,
  email: string,
  options: { displayName?: string; signedInMs?: number } = {},
): Promise<LoginResponse> {
  const res = await loginRequest(app, uid, email, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An ErrorBody check of the contract's schema. */
const isErrorBody = Compile(ErrorBodySchema);

/**
 * Builds the accounts fixture in the enclosing describe's beforeAll and closes it in its afterAll;
 * returns a live view of it for the tests (and for accountsCalls).
 */
export function useAccounts(engine: Engine): AccountsFixture {
  let built: AccountsFixture | undefined;
  beforeAll(async () => {
    built = await setUpAccounts(engine);
  });
  afterAll(async () => {
    await built?.close();
  });
  const fx = () => {
    if (!built) throw new Error('the accounts fixture is built in beforeAll');
    return built;
  };
  return {
    get testDb() {
      return fx().testDb;
    },
    get app() {
      return fx().app;
    },
    get clock() {
      return fx().clock;
    },
    close: () => fx().close(),
  };
}

/**
 * The calls the accounts suites share: a query on a database handle of its own (the app keeps
 * its own), a clock tick, an authorised call, and an error check against the contract's ErrorBody.
 */
export function accountsCalls(fx: AccountsFixture) {
  async function query<T>(work: (d: Kysely<Database>) => Promise<T>): Promise<T> {
    const handle = fx.testDb.open();
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
  return { query, tick, call, expectError };
}
