import { afterAll, beforeAll, expect } from 'vitest';
import {
  accountPaths,
  IDENTITY_USERNAME_PREFIX,
  identityPaths,
  PARENTAL_PIN_HEADER,
  type LoginResponse,
  type UserProfiles,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import { extraAsset, smallCatalogue } from '../catalogue/helpers.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { bearer } from './helpers.js';

/**
 * The parental-controls suites' setting (issue 13 item 2, ADR 0012): the demo subscriber of the
 * README, « Démo » (main profile, PIN 1234) and « Enfants » (child, PrLevel 1), and a -16 film. A
 * restricted profile cannot switch the controls off — not through the Exposure calls, not through
 * the identity service's cookie — and its catalogue leaves out what is above its level. Real
 * identity service, real ID tokens.
 */

const START = Date.parse('2026-11-23T12:00:00.000Z');
export const ORIGIN = 'http://localhost:8080';
/** Rated « interdit aux moins de 16 ans » (CSA 6): above « Enfants », below nothing for « Démo ». */
export const ADULT_FILM = 'film-nuit-blanche';
export const ADULT_TITLE = 'Nuit blanche à Montréal';
/** Rated « tous publics » (CSA 1). */
export const FAMILY_FILM = 'film-ete-indien';

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

/** What the suites read once the fixture is built (the app, the family browser's cookie, the profiles). */
export interface ParentalState {
  app: App;
  cookie: string;
  ownerId: string;
  childId: string;
}

/**
 * Builds the parental fixture in the enclosing describe's beforeAll (an app with the catalogue and
 * the demo subscriber signed in once) and closes it in its afterAll; returns the calls the suites share.
 */
export function useParental(engine: Engine) {
  let testDb: TestDatabase;
  let app: App;
  const clock = { now: START };
  /** The demo subscriber's identity cookie (the family browser's). */
  let cookie: string;
  let ownerId: string;
  let childId: string;

  const signInIdentity = async (email: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      cookie: [res.headers['set-cookie'] ?? []]
        .flat()
        .map((c) => c.split(';')[0])
        .join('; '),
      userId: res.json<{ user: { id: string } }>().user.id,
    };
  };

  /** Identity sign-in, ID token, firebaseLogin: a session on the main profile. */
  const signIn = async (email: string, password: string) => {
    const identity = await signInIdentity(email, password);
    const idToken = (
      await app.inject({ url: identityPaths.token, headers: { cookie: identity.cookie } })
    ).json<{ token: string }>().token;
    const login = await app.inject({
      method: 'POST',
      url: accountPaths.firebaseLogin(TENANT),
      payload: {
        username: IDENTITY_USERNAME_PREFIX + identity.userId,
        accessToken: idToken,
        device: { deviceId: 'd-1', name: 'web-11-chrome', type: 'WEB' },
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { cookie: identity.cookie, token: login.json<LoginResponse>().sessionToken };
  };

  const select = (token: string, profileId: string, pin?: string) =>
    app.inject({
      url: accountPaths.selectProfile(TENANT, profileId),
      headers: { ...bearer(token), ...(pin === undefined ? {} : { [PARENTAL_PIN_HEADER]: pin }) },
    });

  /** A fresh session on the main profile, and one on « Enfants » (chosen from the main profile: no PIN asked). */
  const sessions = async () => {
    const owner = await signIn(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    const second = await signIn(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    const child = await select(second.token, childId);
    expect(child.statusCode, child.body).toBe(200);
    return { owner: owner.token, child: child.json<LoginResponse>().sessionToken };
  };

  const profiles = async (token: string) =>
    (await app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(token) })).json<UserProfiles>()
      .profiles;

  const put = (token: string, profileId: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: accountPaths.profile(TENANT, profileId),
      headers: { ...bearer(token), ...headers },
      payload,
    });

  const refusal = (res: { statusCode: number; json: <T>() => T }) => [
    res.statusCode,
    res.json<{ message: string }>().message,
  ];

  /** A verified identity with a password and its household (as the demo subscriber is made). */
  async function createVerifiedAccount(email: string, password: string) {
    const ctx = await app.identity.$context;
    const user = await ctx.internalAdapter.createUser(
      { email, name: 'Autre', emailVerified: true },
      { method: 'admin' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    return { email, password };
  }

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

  const state = (): ParentalState => {
    if (!app) throw new Error('the parental fixture is built in beforeAll');
    return { app, cookie, ownerId, childId };
  };

  return {
    clock,
    state,
    signInIdentity,
    signIn,
    select,
    sessions,
    profiles,
    put,
    refusal,
    createVerifiedAccount,
  };
}
