import { accountPaths, IDENTITY_USERNAME_PREFIX, identityPaths } from '@antenne/contract';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { Engine } from '../../src/db/database.js';
import { startSmtpCapture } from './smtp-capture.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from './test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser over inject(): its own address, cookie jar and Origin (a "device"). Identity calls
 * keep the cookies better-auth sets, as a browser does.
 */
export class IdentityClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    readonly ip = '203.0.113.10',
    private readonly origin = 'http://localhost:8080',
    /** Host header (inject's default is localhost:80). */
    private readonly host?: string,
  ) {}

  async call(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        'accept-language': 'fr-FR,fr;q=0.9',
        ...(this.host ? { host: this.host } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const set of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (/max-age=0/i.test(set) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** The first link of a mail's text whose path holds `kind` (verify-email, reset-password …). */
export function linkIn(text: string, kind: string): URL {
  const link = new RegExp(`https?://\\S+${kind}\\S+`).exec(text)?.[0];
  if (link === undefined) throw new Error(`no ${kind} link in:\n${text}`);
  return new URL(link);
}

type Smtp = { waitFor: (to: string, count?: number) => Promise<{ text: string }> };

export interface Customer {
  client: IdentityClient;
  identityUserId: string;
  /** The Exposure session of firebaseLogin (main profile). */
  sessionToken: string;
  accountId: string;
}

/**
 * A person the whole way: identity sign-up (with `extra` fields), the verification mail's link,
 * sign-in, the ID token exchanged at firebaseLogin. `client` may be a "device" of its own.
 */
export async function signUpAndSignIn(
  app: App,
  smtp: Smtp,
  email: string,
  {
    ip = '203.0.113.20',
    extra = {},
    signInFrom,
  }: { ip?: string; extra?: Record<string, unknown>; signInFrom?: IdentityClient } = {},
): Promise<Customer> {
  const registering = new IdentityClient(app, ip);
  const signUp = await registering.call('POST', identityPaths.signUpEmail, {
    email,
    password: CUSTOMER_PASSWORD,
    name: 'Client Test',
    ...extra,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up ${signUp.statusCode}: ${signUp.body}`);
  const link = linkIn((await smtp.waitFor(email)).text, 'verify-email');
  await registering.call('GET', link.pathname + link.search);
  const client = signInFrom ?? registering;
  const signIn = await client.call('POST', identityPaths.signInEmail, { email, password: CUSTOMER_PASSWORD });
  if (signIn.statusCode !== 200) throw new Error(`sign-in ${signIn.statusCode}: ${signIn.body}`);
  const identityUserId = signIn.json<{ user: { id: string } }>().user.id;
  const accessToken = (await client.call('GET', identityPaths.token)).json<{ token: string }>().token;
  const login = await client.call('POST', accountPaths.firebaseLogin(TENANT), {
    username: IDENTITY_USERNAME_PREFIX + identityUserId,
    accessToken,
    device: { deviceId: `device-${identityUserId}`, name: 'web-11-chromium', type: 'WEB' },
  });
  if (login.statusCode !== 200) throw new Error(`firebaseLogin ${login.statusCode}: ${login.body}`);
  const { sessionToken, accountId } = login.json<{ sessionToken: string; accountId: string }>();
  return { client, identityUserId, sessionToken, accountId };
}

export const CUSTOMER_PASSWORD = 'Motdepasse1!';

export interface IdentityAppFixture {
  testDb: TestDatabase;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  app: App;
}

/** A fresh database, a real SMTP server and the app sending to it, for the describe block that calls it. */
export function useIdentityApp(engine: Engine, config: Partial<Config> = {}): IdentityAppFixture {
  const fixture = {} as IdentityAppFixture;
  beforeAll(async () => {
    [fixture.testDb, fixture.smtp] = await Promise.all([createTestDatabase(engine), startSmtpCapture()]);
    fixture.app = await buildTestApp(fixture.testDb, { config: { smtpUrl: fixture.smtp.url, ...config } });
  });
  afterAll(async () => {
    await fixture.app?.close();
    await fixture.smtp?.stop();
    await fixture.testDb?.cleanup();
  });
  return fixture;
}
