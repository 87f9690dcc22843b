import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { createIdTokenVerifier } from '../../src/modules/identity/verify.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  type TestDatabase,
} from '../helpers/test-app.js';
import { startSmtpCapture } from '../helpers/smtp-capture.js';
import { IdentityClient as Client } from '../helpers/identity-client.js';

/** The identity service (better-auth under /identity) through the real app, mail through a real SMTP server. */

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

const PASSWORD = 'Motdepasse1!';

describe.each(engines)('identity service (%s)', (engine) => {
  let testDb: TestDatabase;
  let smtp: Smtp;
  let app: App;
  let log: ReturnType<typeof memoryLogger>;

  beforeAll(async () => {
    [testDb, smtp] = await Promise.all([createTestDatabase(engine), startSmtpCapture()]);
    log = memoryLogger();
    app = await buildTestApp(testDb, {
      config: { smtpUrl: smtp.url, social: { google: { clientId: 'g-id', clientSecret: 'g-secret' } } },
      logger: log.logger,
    });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await testDb?.cleanup();
  });

  /** Signs up, follows the verification link of the mail, signs in: a client with an identity session. */
  async function verifiedUser(email: string, ip: string, language = 'fr') {
    const client = new Client(app, ip);
    const signUp = await client.call('POST', identityPaths.signUpEmail, {
      email,
      password: PASSWORD,
      name: 'Awa Diallo',
      language,
      callbackURL: '/login',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await smtp.waitFor(email);
    const link = /https?:\/\/\S+verify-email\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const verify = await client.call('GET', new URL(link!).pathname + new URL(link!).search);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/login');
    const signIn = await client.call('POST', identityPaths.signInEmail, { email, password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    return { client, mail, userId: signIn.json<{ user: { id: string } }>().user.id };
  }

  test('a form posted from another origin is refused; with a localhost PUBLIC_URL, the loopback addresses are trusted too', async () => {
    const from = (origin: string) =>
      app.inject({
        method: 'POST',
        url: identityPaths.signInEmail,
        remoteAddress: '203.0.113.40',
        headers: { origin, cookie: 'x=1' },
        payload: { email: 'nobody@example.com', password: PASSWORD },
      });
    expect((await from('https://evil.example')).statusCode).toBe(403);
    expect((await from('http://127.0.0.1:8080')).statusCode).toBe(401);
    expect((await from('http://localhost:8080')).statusCode).toBe(401);
  });

  test('lists the sign-in providers configured: email, Google (the only one with a client id), no OIDC', async () => {
    const res = await app.inject(identityPaths.providers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: true, social: ['google'], oidc: null });
  });

  test('sign-up sends a verification mail in the user’s language; sign-in is refused until the link is followed; then an ID token verifies', async () => {
    const email = 'awa@example.com';
    const client = new Client(app, '203.0.113.1');
    const signUp = await client.call('POST', identityPaths.signUpEmail, {
      email,
      password: PASSWORD,
      name: 'Awa Diallo',
      language: 'fr',
      callbackURL: '/login',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Awa Diallo,');
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    const early = await client.call('POST', identityPaths.signInEmail, { email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ httpCode: 403, message: 'EMAIL_NOT_VERIFIED' });

    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail.text)![0]);
    expect((await client.call('GET', link.pathname + link.search)).statusCode).toBe(302);
    const signIn = await client.call('POST', identityPaths.signInEmail, { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);

    const token = await client.call('GET', identityPaths.token);
    expect(token.statusCode).toBe(200);
    const idToken = token.json<{ token: string }>().token;
    const verify = createIdTokenVerifier(app.identity, 'http://localhost:8080');
    const claims = await verify(idToken);
    // signedInMs: the identity session's sign-in (auth_time), the Exposure session's signed_in_at.
    const authTime = (
      JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number }
    ).auth_time;
    expect(claims).toEqual({
      identityUserId: signIn.json<{ user: { id: string } }>().user.id,
      email,
      emailVerified: true,
      displayName: 'Awa Diallo',
      signedInMs: authTime * 1000,
    });
    expect(Math.abs(claims.signedInMs - Date.now())).toBeLessThan(60_000);
    // A token whose payload was changed, or one from another issuer, is refused.
    const [header, payload, signature] = idToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        email: 'mallory@example.com',
      }),
    ).toString('base64url');
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toThrow();
    await expect(createIdTokenVerifier(app.identity, 'https://elsewhere.example')(idToken)).rejects.toThrow();
    // Without a session there is no token.
    expect((await new Client(app).call('GET', identityPaths.token)).statusCode).toBe(401);
  });

  test('signing up again with an existing address is refused with USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL (the web app shows EMAIL_EXISTS), whatever its case', async () => {
    await verifiedUser('double@example.com', '203.0.113.11');
    const again = await new Client(app, '203.0.113.12').call('POST', identityPaths.signUpEmail, {
      email: 'Double@Example.com',
      password: PASSWORD,
      name: 'Autre',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ httpCode: 422, message: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
  });

  test('mail goes out in Arabic for an Arabic sign-up', async () => {
    const { mail } = await verifiedUser('karim@example.com', '203.0.113.2', 'ar');
    expect(mail.subject).toBe('أكِّد عنوان بريدك الإلكتروني');
  });

  test('passwords and session tokens are stored hashed and never logged', async () => {
    const { client } = await verifiedUser('lina@example.com', '203.0.113.3');
    const token = (await client.call('GET', identityPaths.token)).json<{ token: string }>().token;
    const { rows } = await sql<{
      password: string | null;
    }>`select "password" from "identity_account" where "providerId" = 'credential'`.execute(testDbHandle());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.password).not.toContain(PASSWORD);
      expect(row.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // scrypt salt:hash
    }
    const logged = JSON.stringify(log.lines());
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain(token);
  });

  test('brute force on sign-in is throttled: the 6th attempt within a minute gets TOO_MANY_ATTEMPTS_TRY_LATER', async () => {
    const client = new Client(app, '198.51.100.7');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await client.call('POST', identityPaths.signInEmail, {
            email: 'awa@example.com',
            password: `Wrong${i}pass!`,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const last = await client.call('POST', identityPaths.signInEmail, {
      email: 'awa@example.com',
      password: PASSWORD,
    });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ httpCode: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' });
    // Another address is not affected; a client cannot pick its address with a header.
    const other = await new Client(app, '198.51.100.8').call(
      'POST',
      identityPaths.signInEmail,
      { email: 'awa@example.com', password: PASSWORD },
      { 'x-antenne-client-ip': '10.0.0.1' },
    );
    expect(other.statusCode).toBe(200);
  });

  test('password reset: the same answer for an unknown address (no mail), a link for a known one that sets a new password', async () => {
    const email = 'reset@example.com';
    await verifiedUser(email, '203.0.113.4');
    const before = smtp.mails.length;
    const client = new Client(app, '203.0.113.5');
    const unknown = await client.call('POST', identityPaths.requestPasswordReset, {
      email: 'nobody@example.com',
      redirectTo: '/login',
    });
    const known = await client.call('POST', identityPaths.requestPasswordReset, {
      email,
      redirectTo: '/login',
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.waitFor(email, 2);
    expect(smtp.mails.slice(before).every((m) => !m.to.includes('nobody@example.com'))).toBe(true);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.text)![0]);
    const callback = await client.call('GET', link.pathname + link.search);
    expect(callback.statusCode).toBe(302);
    const resetToken = new URL(callback.headers.location as string, 'http://localhost').searchParams.get(
      'token',
    );
    expect(resetToken).toBeTruthy();
    // The one-time token is stored hashed, never as the link carries it.
    const stored = await sql<{
      identifier: string;
      value: string;
    }>`select "identifier", "value" from "identity_verification"`.execute(testDbHandle());
    expect(JSON.stringify(stored.rows)).not.toContain(resetToken!);
    const reset = await client.call('POST', identityPaths.resetPassword, {
      token: resetToken,
      newPassword: 'Nouveau2?mdp',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await client.call('POST', identityPaths.signInEmail, { email, password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await client.call('POST', identityPaths.signInEmail, { email, password: 'Nouveau2?mdp' })).statusCode,
    ).toBe(200);
  });

  test('change password needs the current one; delete needs a recent sign-in', async () => {
    const { client } = await verifiedUser('omar@example.com', '203.0.113.6');
    const wrong = await client.call('POST', identityPaths.changePassword, {
      currentPassword: 'Pas1!lebon',
      newPassword: 'Autre3#motdepasse',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ httpCode: 400, message: 'INVALID_PASSWORD' });
    const right = await client.call('POST', identityPaths.changePassword, {
      currentPassword: PASSWORD,
      newPassword: 'Autre3#motdepasse',
    });
    expect(right.statusCode, right.body).toBe(200);

    // A sign-in older than the fresh age is not enough to delete.
    const db = testDbHandle();
    await sql`update "identity_session" set "createdAt" = ${engine === 'postgres' ? new Date(Date.now() - 3600_000) : new Date(Date.now() - 3600_000).toISOString()}`.execute(
      db,
    );
    const stale = await client.call('POST', identityPaths.deleteUser, {});
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ httpCode: 400, message: 'SESSION_EXPIRED' });
    const again = await client.call('POST', identityPaths.signInEmail, {
      email: 'omar@example.com',
      password: 'Autre3#motdepasse',
    });
    expect(again.statusCode).toBe(200);
    const deleted = await client.call('POST', identityPaths.deleteUser, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (
        await client.call('POST', identityPaths.signInEmail, {
          email: 'omar@example.com',
          password: 'Autre3#motdepasse',
        })
      ).statusCode,
    ).toBe(401);
  });

  let handle: ReturnType<TestDatabase['open']> | undefined;
  function testDbHandle() {
    handle ??= testDb.open();
    return handle.db;
  }
  afterAll(async () => handle?.destroy());
});
