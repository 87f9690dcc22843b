import { identityPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { redactCredentials } from '../../src/lib/logger.js';
import { login } from '../accounts/helpers.js';
import { engines, memoryLogger, TENANT } from '../helpers/test-app.js';
import { ASSETS, bearer, KEY_ID, play, setUpPlayback, type PlaybackFixture } from './helpers.js';

const resolve = (base: string, relative: string) => new URL(relative, `http://x${base}`).pathname;

test('redactCredentials: a play token in a path, a token in a query string, a bearer token', () => {
  expect(redactCredentials('/play/abc.def/media/a/master.m3u8')).toBe('/play/[redacted]/media/a/master.m3u8');
  expect(redactCredentials('/x?a=1&token=abc.def&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
  expect(redactCredentials('/x?playToken=abc')).toBe('/x?playToken=[redacted]');
  expect(redactCredentials('Authorization: Bearer abc.def')).toBe('Authorization: Bearer [redacted]');
  expect(redactCredentials('/v1/customer/antenne/businessunit/monde/content/asset/a')).toBe(
    '/v1/customer/antenne/businessunit/monde/content/asset/a',
  );
});

/** The demo subscriber plays the ClearKey title: no line the server logs carries its play token. */
describe.each(engines)('play tokens stay out of the logs (%s)', (engine) => {
  let f: PlaybackFixture;
  let log: ReturnType<typeof memoryLogger>;
  let user: LoginResponse;

  beforeAll(async () => {
    log = memoryLogger();
    f = await setUpPlayback(engine, { logger: log.logger });
    await seedDemoSubscriber(f.app.identity, f.db);
    const signIn = await f.app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      headers: { origin: 'http://localhost:8080' },
      payload: { email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // The suite's apps check ID tokens with the test verifier: the demo subscriber's own identity user.
    user = await login(f.app, signIn.json<{ user: { id: string } }>().user.id, DEMO_SUBSCRIBER.email);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  test('play call → bumper, manifest and segment → licence: every request logged, its token redacted', async () => {
    const body = await play(f.app, ASSETS.encrypted, bearer(user.sessionToken));
    const token = body.playToken;
    // A ClearKey title plays in DASH only.
    const manifest = body.formats.find((format) => format.format === 'DASH')?.mediaLocator ?? '';
    const brand = body.bumpers.brand?.[0]?.mediaLocator ?? '';
    expect(brand).toContain(`/play/${token}/demo-media/`);
    const urls = [brand, manifest, resolve(manifest, 'v360/00001.m4s')];
    for (const url of urls) expect((await f.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // A file the token does not name, and the token in a query string: logged, redacted too.
    expect(
      (await f.app.inject({ method: 'GET', url: `${resolve(manifest, 'absent.mpd')}?token=${token}` }))
        .statusCode,
    ).toBe(404);
    const licence = await f.app.inject({
      method: 'POST',
      url: playbackPaths.clearKeyLicense(TENANT),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        kids: [Buffer.from(KEY_ID, 'hex').toString('base64url')],
        type: 'temporary',
      }),
    });
    expect(licence.statusCode, licence.body).toBe(200);

    const lines = log.lines().map((line) => JSON.stringify(line));
    const [payload, signature] = token.split('.') as [string, string];
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(payload.slice(0, 24));
      expect(line).not.toContain(signature);
    }
    const requests = log.lines().filter((line) => line.msg === 'request completed');
    const mediaLines = requests.filter((line) => String(line.url).startsWith('/play/'));
    expect(mediaLines).toHaveLength(urls.length + 1);
    for (const line of mediaLines) expect(line.url).toMatch(/^\/play\/\[redacted\]\/(media|demo-media)\//);
    expect(requests.some((line) => String(line.url).includes('token=[redacted]'))).toBe(true);
    expect(requests.some((line) => line.url === playbackPaths.clearKeyLicense(TENANT))).toBe(true);
  });
});
