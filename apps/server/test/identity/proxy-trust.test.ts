import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import type { TrustProxy } from '../../src/config.js';
import { readOutbox, readOutboxKey } from '../../src/modules/mail/index.js';
import { IdentityClient, linkIn } from '../helpers/identity-client.js';
import { buildTestApp, createTestDatabase, engines, type TestDatabase } from '../helpers/test-app.js';

/**
 * Issue 13 item 1: who counts as "local" and whose address a rate limit counts. The outbox
 * (embedded mode, no SMTP_URL) holds reset links, so reading it is taking over any account: it
 * answers only a caller on this machine talking to the server directly — judged by the socket,
 * never by a header, and never through a proxy, even one on the same host. Issue 30 added the
 * outbox key on top (test/mail/outbox-key.test.ts): every request below carries it, so that what
 * refuses them here is the local rule alone.
 */

const PASSWORD = 'Motdepasse1!';
const STOLEN = 'Pirate1!motdepasse';
const VICTIM = 'victime@example.com';

interface OutboxRequest {
  remoteAddress: string;
  headers: Record<string, string>;
}

/** The direct, local call a person on the server makes (curl, or a browser through an SSH tunnel). */
const OWNER: OutboxRequest = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } };

/** Hostile or proxied ways to ask for /dev/outbox, whatever TRUST_PROXY says. */
const THROUGH_A_PROXY_OR_REMOTE: [string, OutboxRequest][] = [
  [
    'another machine writing X-Forwarded-For: 127.0.0.1',
    { remoteAddress: '203.0.113.66', headers: { host: 'localhost:8080', 'x-forwarded-for': '127.0.0.1' } },
  ],
  [
    'another machine writing Forwarded: for=127.0.0.1',
    { remoteAddress: '203.0.113.66', headers: { host: 'localhost:8080', forwarded: 'for=127.0.0.1' } },
  ],
  [
    'another machine with a loopback Host',
    { remoteAddress: '192.0.2.50', headers: { host: 'localhost:8080' } },
  ],
  [
    'a same-host proxy passing the public Host',
    { remoteAddress: '127.0.0.1', headers: { host: 'tv.example.com' } },
  ],
  [
    'a same-host proxy adding X-Forwarded-For',
    { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080', 'x-forwarded-for': '127.0.0.1' } },
  ],
  [
    'a same-host proxy adding X-Real-IP',
    { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080', 'x-real-ip': '127.0.0.1' } },
  ],
  [
    'a same-host proxy adding X-Forwarded-Host',
    { remoteAddress: '::1', headers: { host: 'localhost:8080', 'x-forwarded-host': 'localhost' } },
  ],
  [
    'a same-host proxy adding Via',
    { remoteAddress: '::ffff:127.0.0.1', headers: { host: '127.0.0.1:8080', via: '1.1 nginx' } },
  ],
];

describe.each(engines)('/dev/outbox and TRUST_PROXY (%s)', (engine) => {
  let testDb: TestDatabase;
  let attackers = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    // The victim: an account with a verified address.
    const app = await outboxApp(false);
    try {
      const victim = new IdentityClient(app, '198.51.100.1');
      expect(
        (
          await victim.call('POST', identityPaths.signUpEmail, {
            email: VICTIM,
            password: PASSWORD,
            name: 'Victime',
          })
        ).statusCode,
      ).toBe(200);
      const [mail] = await readOutbox(testDb.options.dataDir);
      const link = linkIn(mail!.text, 'verify-email');
      expect((await victim.call('GET', link.pathname + link.search)).statusCode).toBe(302);
    } finally {
      await app.close();
    }
  });

  afterAll(async () => testDb?.cleanup());

  const outboxApp = (trustProxy: TrustProxy) => buildTestApp(testDb, { config: { smtpUrl: '', trustProxy } });
  /** The cookie the outbox link's key is exchanged for (the key of this DATA_DIR, made by the first app). */
  const outboxCookie = () => `antenne_outbox_key=${readOutboxKey(testDb.options.dataDir)}`;

  /**
   * The attack of the issue, end to end: ask a reset of the victim's password, read the link on
   * /dev/outbox as `request`, follow it, set a password, sign in with it. True when it worked.
   */
  async function takeOver(
    app: App,
    request: OutboxRequest,
  ): Promise<{ tookOver: boolean; outboxStatus: number; outboxBody: string }> {
    // Each attempt from its own address (a reset request is limited to 3 a minute per address).
    const attacker = new IdentityClient(app, `203.0.113.${100 + attackers++}`);
    expect(
      (
        await attacker.call('POST', identityPaths.requestPasswordReset, {
          email: VICTIM,
          redirectTo: '/login',
        })
      ).statusCode,
    ).toBe(200);
    const page = await app.inject({
      url: '/dev/outbox',
      remoteAddress: request.remoteAddress,
      headers: { ...request.headers, cookie: outboxCookie() },
    });
    const link = /href="(https?:\/\/[^"]+reset-password[^"]+)"/.exec(page.body)?.[1];
    if (page.statusCode !== 200 || link === undefined)
      return { tookOver: false, outboxStatus: page.statusCode, outboxBody: page.body };
    const callback = await attacker.call('GET', new URL(link).pathname + new URL(link).search);
    const token = new URL(String(callback.headers.location), 'http://x').searchParams.get('token');
    const reset = await attacker.call('POST', identityPaths.resetPassword, { token, newPassword: STOLEN });
    const signIn = await attacker.call('POST', identityPaths.signInEmail, {
      email: VICTIM,
      password: STOLEN,
    });
    return {
      tookOver: reset.statusCode === 200 && signIn.statusCode === 200,
      outboxStatus: page.statusCode,
      outboxBody: page.body,
    };
  }

  const configurations: [string, TrustProxy][] = [
    ['off', false],
    ['a hop count (1)', 1],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback', ['loopback']],
  ];

  test.each(configurations)(
    'TRUST_PROXY %s: no request through a proxy or from another machine reads the outbox — the reset link of the issue cannot be stolen',
    async (_name, trustProxy) => {
      const app = await outboxApp(trustProxy);
      try {
        for (const [how, request] of THROUGH_A_PROXY_OR_REMOTE) {
          const attempt = await takeOver(app, request);
          expect({ how, ...attempt }).toEqual({
            how,
            tookOver: false,
            outboxStatus: 404,
            outboxBody: JSON.stringify({ httpCode: 404, message: 'NOT_FOUND' }),
          });
        }
        // When TRUST_PROXY names the loopback peer as a proxy, even a bare local request may be one.
        const local = await app.inject({
          url: '/dev/outbox',
          remoteAddress: OWNER.remoteAddress,
          headers: { ...OWNER.headers, cookie: outboxCookie() },
        });
        expect(local.statusCode).toBe(trustProxy === false ? 200 : 404);
      } finally {
        await app.close();
      }
    },
  );

  test('the person on the server itself (a direct loopback call, no proxy, the outbox key) reads the outbox — what the attacker was after', async () => {
    const app = await outboxApp(false);
    try {
      expect(await takeOver(app, OWNER)).toMatchObject({ tookOver: true, outboxStatus: 200 });
    } finally {
      await app.close();
    }
  });
});

describe.each(engines)('the sign-in rate limit counts the address a trusted proxy reports (%s)', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine, { seed: false });
  });
  afterAll(async () => testDb?.cleanup());

  const signIn = (app: App, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      remoteAddress,
      headers: {
        origin: 'http://localhost:8080',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: { email: 'awa@example.com', password: 'Faux1!motdepasse' },
    });

  test.each([
    ['127.0.0.1', ['127.0.0.1'] as TrustProxy, '198.51.100.20'],
    ['1 (a hop count)', 1 as TrustProxy, '198.51.100.30'],
  ])(
    'TRUST_PROXY=%s: a client rotating its own X-Forwarded-For entries behind the proxy still gets TOO_MANY_ATTEMPTS_TRY_LATER after AUTH_SIGN_IN_LIMIT attempts',
    async (_name, trustProxy, realAddress) => {
      const app = await buildTestApp(testDb, { config: { trustProxy, authSignInLimit: 5 } });
      try {
        const statuses: number[] = [];
        // The client writes a new first entry each time; the proxy (127.0.0.1) appends the address it saw.
        for (let i = 0; i < 6; i++)
          statuses.push((await signIn(app, '127.0.0.1', `10.${i}.${i}.${i}, ${realAddress}`)).statusCode);
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
        expect((await signIn(app, '127.0.0.1', `10.99.99.99, ${realAddress}`)).json()).toMatchObject({
          message: 'TOO_MANY_ATTEMPTS_TRY_LATER',
        });
        // Another visitor behind the same proxy is counted apart.
        expect((await signIn(app, '127.0.0.1', `${realAddress.replace(/\d+$/, '99')}`)).statusCode).toBe(401);
      } finally {
        await app.close();
      }
    },
  );

  test('X-Forwarded-For from a socket that is not a configured proxy is ignored: the socket address is counted', async () => {
    const app = await buildTestApp(testDb, { config: { trustProxy: ['127.0.0.1'], authSignInLimit: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn(app, '198.51.100.50', `10.${i}.0.1`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});
