import { TV_PROVIDER_MESSAGE } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import {
  addSubscriber,
  DEMO_TV_SUBSCRIBER,
  seedDemoTvSubscriber,
} from '../../src/modules/tv-provider/index.js';
import { buildTestApp, createTestDatabase, engines, type TestDatabase } from '../helpers/test-app.js';
import { providerLogin } from './helpers.js';

const SIGN_IN = '/tv-providers/antenne-test/sign-in';
const PUBLIC_URL = 'https://tv.example.com';

/** The test distributor's own sign-in page, opened by the web app in a frame (issue 19). */
describe.each(engines)("the test distributor's sign-in page (%s)", (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let database: DatabaseHandle;
  let address = 0;
  /** A client address of its own per test, so the rate limit of one does not touch the others. */
  const nextAddress = () => `203.0.113.${++address}`;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, { config: { publicUrl: PUBLIC_URL, authSignInLimit: 5 } });
    database = testDb.open();
    await addSubscriber(database.db, { username: 'alice', password: 'alice-password' });
    await addSubscriber(database.db, { username: 'bob', password: 'bob-password', includesNetwork: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await testDb?.cleanup();
  });

  const submit = (fields: Record<string, string>, remoteAddress: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `${SIGN_IN}?lang=${lang}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });
  const attribute = (html: string, name: string) =>
    new RegExp(`${name}="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));

  test('the form: labelled inputs, French by default and English by ?lang=en, its script from the server, frameable by the app only', async () => {
    const fr = await app.inject({ url: SIGN_IN });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toContain('text/html');
    expect(fr.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(fr.headers['content-security-policy']).toContain("script-src 'self'");
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('<label for="username">');
    expect(fr.body).toContain('<label for="password">');
    expect(fr.body).toContain('id="password" name="password" type="password"');
    expect(fr.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    const en = await app.inject({ url: `${SIGN_IN}?lang=en` });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Sign in with your TV Test account');
    const script = await app.inject({ url: '/tv-providers/antenne-test/sign-in.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.parent.postMessage(message, el.dataset.targetOrigin)');
    expect(script.body).toContain(JSON.stringify(TV_PROVIDER_MESSAGE));
    expect(script.body).not.toContain("'*'");
  });

  test("right credentials: a page whose script posts the media token to PUBLIC_URL's origin; the token signs in", async () => {
    const res = await submit({ username: 'alice', password: 'alice-password' }, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script src="/tv-providers/antenne-test/sign-in.js" defer></script>');
    expect(attribute(res.body, 'data-target-origin')).toBe(PUBLIC_URL);
    expect(attribute(res.body, 'data-provider-id')).toBe('antenne-test');
    const mediaToken = attribute(res.body, 'data-media-token') ?? '';
    const [header, payload] = mediaToken
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'ES256' });
    expect(typeof header?.kid).toBe('string');
    expect(payload).toMatchObject({ iss: 'antenne-test', aud: 'antenne', resource: 'antenne-monde-us' });
    expect(payload?.sub).toMatch(/^sub_/);
    expect(payload?.sub).not.toContain('alice');
    expect(Number(payload?.exp) - Number(payload?.iat)).toBe(300);
    expect(typeof payload?.jti).toBe('string');
    const login = await providerLogin(app, mediaToken);
    expect(login.accountStatus).toBe('OK');
  });

  test('wrong password or unknown username: the form again (401) with the error, the username kept and escaped', async () => {
    for (const fields of [
      { username: 'alice', password: 'wrong-password' },
      { username: 'nobody', password: 'alice-password' },
    ]) {
      const res = await submit(fields, nextAddress());
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('Wrong username or password.');
      expect(res.body).not.toContain('data-media-token');
    }
    const hostile = await submit({ username: '"><script>alert(1)</script>', password: 'x' }, nextAddress());
    expect(hostile.statusCode).toBe(401);
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('&#34;&#62;&#60;script&#62;');
  });

  test('a subscriber whose package lacks the network: NOT_SUBSCRIBED posted, and said, no token', async () => {
    const res = await submit({ username: 'bob', password: 'bob-password' }, nextAddress(), 'fr');
    expect(res.statusCode).toBe(200);
    expect(attribute(res.body, 'data-error')).toBe('NOT_SUBSCRIBED');
    expect(res.body).not.toContain('data-media-token');
    expect(res.body).toContain('n&#39;inclut pas cette chaîne');
  });

  test('past AUTH_SIGN_IN_LIMIT attempts a minute from one address: 429, even with the right password; another address still signs in', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await submit({ username: 'alice', password: 'wrong-password' }, address)).statusCode).toBe(401);
    const limited = await submit({ username: 'alice', password: 'alice-password' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many attempts');
    expect(limited.body).not.toContain('data-media-token');
    expect((await submit({ username: 'alice', password: 'alice-password' }, nextAddress())).statusCode).toBe(
      200,
    );
  });

  test('the demo subscriber (demo-us, its password in the README) is added once and signs in', async () => {
    expect(DEMO_TV_SUBSCRIBER).toEqual({ username: 'demo-us', password: 'Antenne-us-2026' });
    expect(await seedDemoTvSubscriber(database.db)).toBe(true);
    expect(await seedDemoTvSubscriber(database.db)).toBe(false);
    const res = await submit({ ...DEMO_TV_SUBSCRIBER }, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-media-token=');
  });

  test('hostile input: NUL, huge fields, a huge body → 400/413, no token', async () => {
    const nul = await submit({ username: 'alice\u0000', password: 'alice-password' }, nextAddress());
    expect(nul.statusCode).toBe(400);
    const long = await submit({ username: 'a'.repeat(200), password: 'x' }, nextAddress());
    expect(long.statusCode).toBe(400);
    expect(long.json().extendedMessage).toContain('username');
    const huge = await submit({ username: 'alice', password: 'p'.repeat(10_000) }, nextAddress());
    expect(huge.statusCode).toBe(413);
    const missing = await submit({ username: 'alice' }, nextAddress());
    expect(missing.statusCode).toBe(400);
  });
});
