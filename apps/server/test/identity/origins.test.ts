import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { accountPaths, IDENTITY_USERNAME_PREFIX, identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import {
  createOriginPolicy,
  linkOnOrigin,
  machineAddresses,
  publicUrlWarning,
} from '../../src/modules/identity/origins.js';
import { IdentityClient, linkIn } from '../helpers/identity-client.js';
import { startSmtpCapture } from '../helpers/smtp-capture.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  TENANT,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * Issue 13 item 9: a visitor who opens the app at another address than PUBLIC_URL (127.0.0.1, the
 * server's LAN address, another port) signs in in the embedded mode when the request reaches this
 * server directly at one of its own addresses, and the mails link back there; any other origin is
 * refused with UNTRUSTED_ORIGIN (the web app says to set PUBLIC_URL). Production trusts PUBLIC_URL only.
 */

const PUBLIC_URL = 'http://localhost:8080';
const EMBEDDED = { publicUrl: PUBLIC_URL, databaseUrl: '', trustProxy: false } satisfies Pick<
  Config,
  'publicUrl' | 'databaseUrl' | 'trustProxy'
>;
const PRODUCTION = { ...EMBEDDED, databaseUrl: 'postgres://db.example/antenne' };

/** A request as Fastify hands it: headers, scheme, and the socket's own addresses. */
function request(
  host: string,
  {
    headers = {},
    remoteAddress = '192.0.2.77',
    localPort,
  }: { headers?: Record<string, string>; remoteAddress?: string; localPort?: number } = {},
) {
  return {
    headers: { host, ...headers },
    protocol: 'http',
    raw: { socket: { remoteAddress, localPort } },
  } as unknown as FastifyRequest;
}

describe('which origins the identity service trusts (origins.ts)', () => {
  const addresses = () => new Set(['127.0.0.1', '::1', '192.0.2.2', 'fd00::2']);

  test('embedded mode: the scheme and Host of a direct request to an address of this machine, any port', () => {
    const policy = createOriginPolicy(EMBEDDED, addresses);
    expect(policy.directOrigin(request('127.0.0.1:9123'))).toBe('http://127.0.0.1:9123');
    expect(policy.directOrigin(request('192.0.2.2:8080'))).toBe('http://192.0.2.2:8080');
    expect(policy.directOrigin(request('[fd00::2]:8080'))).toBe('http://[fd00::2]:8080');
    expect(policy.directOrigin(request('localhost:5000', { localPort: 5000 }))).toBe('http://localhost:5000');
    expect(policy.directOrigin(request('192.0.2.2'))).toBe('http://192.0.2.2');
    expect(policy.isTrusted('http://192.0.2.2:8080', 'http://192.0.2.2:8080')).toBe(true);
  });

  test('never a name or an address that is not this machine (a forged Host would send reset links elsewhere), nor another port than the connection’s', () => {
    const policy = createOriginPolicy(EMBEDDED, addresses);
    expect(policy.directOrigin(request('tv.example:8080'))).toBeNull();
    expect(policy.directOrigin(request('203.0.113.9:8080'))).toBeNull();
    expect(policy.directOrigin(request('192.0.2.2:9999', { localPort: 8080 }))).toBeNull();
    expect(policy.directOrigin(request(''))).toBeNull();
    // A page elsewhere: its Origin is not the request's own scheme and Host.
    expect(
      policy.directOrigin(request('127.0.0.1:9123', { headers: { origin: 'http://192.0.2.2:9123' } })),
    ).toBeNull();
    expect(
      policy.directOrigin(request('127.0.0.1:9123', { headers: { origin: 'http://127.0.0.1:9123' } })),
    ).toBe('http://127.0.0.1:9123');
  });

  test('never through a proxy: a forwarding header, or a socket peer TRUST_PROXY names', () => {
    const policy = createOriginPolicy(EMBEDDED, addresses);
    expect(
      policy.directOrigin(request('192.0.2.2:8080', { headers: { 'x-forwarded-for': '203.0.113.9' } })),
    ).toBeNull();
    expect(
      policy.directOrigin(request('192.0.2.2:8080', { headers: { forwarded: 'for=203.0.113.9' } })),
    ).toBeNull();
    expect(
      policy.directOrigin(request('192.0.2.2:8080', { headers: { 'x-forwarded-host': '192.0.2.2:8080' } })),
    ).toBeNull();
    const behindProxy = createOriginPolicy({ ...EMBEDDED, trustProxy: ['192.0.2.77'] }, addresses);
    expect(behindProxy.directOrigin(request('192.0.2.2:8080'))).toBeNull();
    expect(
      createOriginPolicy({ ...EMBEDDED, trustProxy: 1 }, addresses).directOrigin(request('192.0.2.2:8080')),
    ).toBeNull();
  });

  test('production (DATABASE_URL): PUBLIC_URL only', () => {
    const policy = createOriginPolicy(PRODUCTION, addresses);
    expect(policy.directOrigin(request('127.0.0.1:9123'))).toBeNull();
    expect(policy.isTrusted('http://localhost:8080', null)).toBe(true);
    expect(policy.isTrusted('http://127.0.0.1:9123', null)).toBe(false);
  });

  test('a mail link (and an absolute callback in it) moves to the trusted origin of the request; a relative callback stays', () => {
    expect(
      linkOnOrigin(
        'http://localhost:8080/identity/verify-email?token=t&callbackURL=%2Flogin',
        PUBLIC_URL,
        'http://192.0.2.2:8080',
      ),
    ).toBe('http://192.0.2.2:8080/identity/verify-email?token=t&callbackURL=%2Flogin');
    expect(
      linkOnOrigin(
        'http://localhost:8080/identity/reset-password/t?callbackURL=http%3A%2F%2Flocalhost%3A8080%2Flogin',
        PUBLIC_URL,
        'http://127.0.0.1:9123',
      ),
    ).toBe(
      'http://127.0.0.1:9123/identity/reset-password/t?callbackURL=http%3A%2F%2F127.0.0.1%3A9123%2Flogin',
    );
    expect(linkOnOrigin('http://localhost:8080/identity/verify-email?token=t', PUBLIC_URL, null)).toBe(
      'http://localhost:8080/identity/verify-email?token=t',
    );
  });

  test('the warning at start: a localhost PUBLIC_URL on a server listening beyond loopback', () => {
    expect(publicUrlWarning({ publicUrl: PUBLIC_URL, host: '0.0.0.0', databaseUrl: '' })).toMatch(
      /^PUBLIC_URL is http:\/\/localhost:8080 but the server listens on 0\.0\.0\.0: visitors from other machines .*need PUBLIC_URL/,
    );
    expect(
      publicUrlWarning({ publicUrl: PUBLIC_URL, host: '0.0.0.0', databaseUrl: 'postgres://db/antenne' }),
    ).toMatch(/set PUBLIC_URL to the address visitors use$/);
    expect(publicUrlWarning({ publicUrl: PUBLIC_URL, host: '127.0.0.1', databaseUrl: '' })).toBeNull();
    expect(
      publicUrlWarning({ publicUrl: 'https://tv.example.com', host: '0.0.0.0', databaseUrl: '' }),
    ).toBeNull();
  });
});

/** An address of this machine other than loopback (its LAN address), if it has one. */
const lanAddress = [...machineAddresses()].find(
  (address) => /^\d+\.\d+\.\d+\.\d+$/.test(address) && !address.startsWith('127.'),
);

describe.each(engines)('signing in at another address than PUBLIC_URL (%s)', (engine) => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let embedded: App;
  let production: App;
  let log: ReturnType<typeof memoryLogger>;

  beforeAll(async () => {
    [testDb, smtp] = await Promise.all([createTestDatabase(engine), startSmtpCapture()]);
    log = memoryLogger();
    // The mode is the configuration's (DATABASE_URL empty or not), whatever engine serves the tables.
    embedded = await buildTestApp(testDb, {
      config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, databaseUrl: '' },
      logger: log.logger,
    });
    production = await buildTestApp(testDb, {
      config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, databaseUrl: 'postgres://db.example/antenne' },
    });
  });

  afterAll(async () => {
    await embedded?.close();
    await production?.close();
    await smtp?.stop();
    await testDb?.cleanup();
  });

  /** Sign-up, the verification mail's link, sign-in and firebaseLogin, all at `origin`: the link's origin. */
  async function journey(app: App, email: string, host: string) {
    const origin = `http://${host}`;
    const browser = new IdentityClient(app, '192.0.2.200', origin, host);
    const signUp = await browser.call('POST', identityPaths.signUpEmail, {
      email,
      password: 'Motdepasse1!',
      name: 'Awa',
      callbackURL: '/login?verified=1',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const link = linkIn((await smtp.waitFor(email)).text, 'verify-email');
    expect((await browser.call('GET', link.pathname + link.search)).headers.location).toBe(
      '/login?verified=1',
    );
    const signIn = await browser.call('POST', identityPaths.signInEmail, { email, password: 'Motdepasse1!' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const accessToken = (await browser.call('GET', identityPaths.token)).json<{ token: string }>().token;
    const login = await browser.call('POST', accountPaths.firebaseLogin(TENANT), {
      username: IDENTITY_USERNAME_PREFIX + signIn.json<{ user: { id: string } }>().user.id,
      accessToken,
      device: { deviceId: 'd1', name: 'web-11-chromium', type: 'WEB' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return link;
  }

  test('embedded mode: sign-up, verification and sign-in at http://127.0.0.1:<another port> work, and the mail links there', async () => {
    const link = await journey(embedded, 'loopback@example.com', '127.0.0.1:9123');
    expect(link.origin).toBe('http://127.0.0.1:9123');
  });

  test.runIf(lanAddress !== undefined)(
    'embedded mode: at the server’s LAN address, the same, the mail linking to that address',
    async () => {
      const link = await journey(embedded, 'lan@example.com', `${lanAddress}:8080`);
      expect(link.origin).toBe(`http://${lanAddress}:8080`);
    },
  );

  test('an Origin that is not the request’s own Host, a name the server cannot vouch for, or a request through a proxy: 403 UNTRUSTED_ORIGIN, naming PUBLIC_URL, no mail', async () => {
    const before = smtp.mails.length;
    const refused = [
      // A page elsewhere posting to this server.
      new IdentityClient(embedded, '192.0.2.201', 'http://192.0.2.99:9123', '127.0.0.1:9123'),
      // Host and Origin both forged (reset-link poisoning): a name is never taken from the Host.
      new IdentityClient(embedded, '192.0.2.202', 'http://evil.example', 'evil.example'),
    ];
    for (const client of refused) {
      const res = await client.call('POST', identityPaths.requestPasswordReset, {
        email: 'loopback@example.com',
        redirectTo: '/login',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        httpCode: 403,
        message: 'UNTRUSTED_ORIGIN',
        extendedMessage: expect.stringContaining('set PUBLIC_URL to the address visitors use'),
      });
    }
    const proxied = await new IdentityClient(
      embedded,
      '127.0.0.1',
      'http://127.0.0.1:9123',
      '127.0.0.1:9123',
    ).call(
      'POST',
      identityPaths.signInEmail,
      { email: 'loopback@example.com', password: 'Motdepasse1!' },
      { 'x-forwarded-for': '203.0.113.5' },
    );
    expect(proxied.json()).toMatchObject({ httpCode: 403, message: 'UNTRUSTED_ORIGIN' });
    expect(smtp.mails.length).toBe(before);
    expect(
      log
        .lines()
        .some((line) => line.origin === 'http://evil.example' && String(line.msg).includes('PUBLIC_URL')),
    ).toBe(true);
  });

  test('production mode (DATABASE_URL): only PUBLIC_URL is trusted', async () => {
    const elsewhere = await new IdentityClient(
      production,
      '192.0.2.203',
      'http://127.0.0.1:9123',
      '127.0.0.1:9123',
    ).call('POST', identityPaths.signInEmail, {
      email: 'loopback@example.com',
      password: 'Motdepasse1!',
    });
    expect(elsewhere.json()).toMatchObject({ httpCode: 403, message: 'UNTRUSTED_ORIGIN' });
    const atPublicUrl = await new IdentityClient(
      production,
      '192.0.2.203',
      PUBLIC_URL,
      'localhost:8080',
    ).call('POST', identityPaths.signInEmail, {
      email: 'loopback@example.com',
      password: 'Motdepasse1!',
    });
    expect(atPublicUrl.statusCode, atPublicUrl.body).toBe(200);
  });
});
