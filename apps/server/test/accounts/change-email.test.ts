import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuth2Server } from 'oauth2-mock-server';
import {
  accountPaths,
  IDENTITY_FRESH_SESSION_SECONDS,
  identityPaths,
  NO_PASSWORD_CREDENTIALS,
  type SessionResponse,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import { HouseholdStatusError, setHouseholdStatus } from '../../src/modules/accounts/index.js';
import { MAX_WRONG_PINS } from '../../src/modules/accounts/pin-attempts.js';
import { grantHousehold, GrantError } from '../../src/modules/playback/grants.js';
import {
  CUSTOMER_PASSWORD,
  IdentityClient,
  linkIn,
  signUpAndSignIn,
  type Customer,
  useIdentityApp,
} from '../helpers/identity-client.js';
import { startOidcProvider } from '../helpers/oidc-provider.js';
import { startSmtpCapture } from '../helpers/smtp-capture.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

/**
 * Issue 13 item 3: PUT user/changeEmail sets the household's email to the address the identity
 * service has verified for this account, and to nothing else — not another customer's, not one
 * awaiting confirmation. The household follows the identity's email once a change is confirmed,
 * so the administrator commands (household:status, household:grant) find the right household.
 */
describe.each(engines)('PUT user/changeEmail (%s)', (engine) => {
  const fx = useIdentityApp(engine);
  let awa: Customer;
  let bea: Customer;
  beforeAll(async () => {
    awa = await signUpAndSignIn(fx.app, fx.smtp, 'awa@example.com', { ip: '203.0.113.31' });
    bea = await signUpAndSignIn(fx.app, fx.smtp, 'bea@example.com', { ip: '203.0.113.32' });
  });

  const changeEmail = (customer: Customer, newEmailAddress: string) =>
    fx.app.inject({
      method: 'PUT',
      url: accountPaths.changeEmail(TENANT),
      headers: { authorization: `Bearer ${customer.sessionToken}` },
      payload: { credentials: NO_PASSWORD_CREDENTIALS, newEmailAddress },
    });
  const householdEmail = async (customer: Customer) =>
    (
      await fx.app.inject({
        url: accountPaths.session(TENANT),
        headers: { authorization: `Bearer ${customer.sessionToken}` },
      })
    ).json<SessionResponse>().userProfile.emailAddress;
  const households = async (email: string) => {
    const database = fx.testDb.open();
    try {
      return await database.db.selectFrom('households').select('id').where('email', '=', email).execute();
    } finally {
      await database.destroy();
    }
  };

  test("another customer's address is refused with 403 UNVERIFIED_EMAIL; the admin commands still find each household", async () => {
    const res = await changeEmail(awa, 'bea@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      httpCode: 403,
      message: 'UNVERIFIED_EMAIL',
      extendedMessage: expect.stringContaining('newEmailAddress'),
    });
    expect(await householdEmail(awa)).toBe('awa@example.com');
    expect(await households('bea@example.com')).toEqual([{ id: bea.accountId }]);

    const database = fx.testDb.open();
    try {
      expect(await setHouseholdStatus(database.db, 'bea@example.com', 'ACTIVE')).toMatchObject({
        householdId: bea.accountId,
      });
      expect(await setHouseholdStatus(database.db, 'awa@example.com', 'ACTIVE')).toMatchObject({
        householdId: awa.accountId,
      });
      // The grant command gets past the household lookup (one household) to the product check.
      await expect(
        grantHousehold(database.db, TENANT, 'bea@example.com', {
          kind: 'subscription',
          productId: 'no-such-product',
        }),
      ).rejects.toThrow(new GrantError('unknown product no-such-product'));
    } finally {
      await database.destroy();
    }
  });

  test('an address the identity service has not verified (a change awaiting its confirmation) is refused', async () => {
    const asked = await awa.client.call(
      'POST',
      identityPaths.changeEmail,
      { newEmail: 'awa.pending@example.com', password: CUSTOMER_PASSWORD, callbackURL: '/login' },
      // The identity's account changes carry the session of an unrestricted profile (ADR 0012).
      { authorization: `Bearer ${awa.sessionToken}` },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    await fx.smtp.waitFor('awa.pending@example.com');
    const res = await changeEmail(awa, 'awa.pending@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'UNVERIFIED_EMAIL' });
    expect(await householdEmail(awa)).toBe('awa@example.com');
    expect(await households('awa.pending@example.com')).toEqual([]);
  });

  test('a confirmed change: the household follows the identity at once, and changeEmail with that address (any case) is accepted', async () => {
    const asked = await bea.client.call(
      'POST',
      identityPaths.changeEmail,
      { newEmail: 'bea.new@example.com', password: CUSTOMER_PASSWORD, callbackURL: '/login' },
      { authorization: `Bearer ${bea.sessionToken}` },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    // better-auth's two steps: the confirmation mail, then the verification of the new address.
    const confirmation = linkIn((await fx.smtp.waitFor('bea.new@example.com')).text, 'verify-email');
    expect((await bea.client.call('GET', confirmation.pathname + confirmation.search)).statusCode).toBe(302);
    expect(await householdEmail(bea)).toBe('bea@example.com');
    const verification = linkIn((await fx.smtp.waitFor('bea.new@example.com', 2)).text, 'verify-email');
    expect((await bea.client.call('GET', verification.pathname + verification.search)).statusCode).toBe(302);
    expect(await householdEmail(bea)).toBe('bea.new@example.com');

    const res = await changeEmail(bea, 'Bea.New@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    expect(await householdEmail(bea)).toBe('bea.new@example.com');
    // The old address is nobody's any more; the new one is Bea's household only.
    expect(await changeEmail(awa, 'bea.new@example.com').then((r) => r.statusCode)).toBe(403);
    const database = fx.testDb.open();
    try {
      expect(await setHouseholdStatus(database.db, 'bea.new@example.com', 'ACTIVE')).toMatchObject({
        householdId: bea.accountId,
      });
      await expect(setHouseholdStatus(database.db, 'bea@example.com', 'ACTIVE')).rejects.toThrow(
        HouseholdStatusError,
      );
    } finally {
      await database.destroy();
    }
  });

  test('an address that is not one answers 400 naming the field', async () => {
    const res = await changeEmail(awa, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'BAD_REQUEST',
      extendedMessage: expect.stringContaining('newEmailAddress'),
    });
  });
});

/**
 * The identity's email change needs the account password (spec part 1 §4; issue 13, second round):
 * the identity cookie — and the profile's session beside it in the same browser — is not enough,
 * else whoever holds a signed-in browser moves the address to theirs and resets the password.
 */
describe.each(engines)('POST /identity/change-email needs the account password (%s)', (engine) => {
  const fx = useIdentityApp(engine);
  const askChange = (
    customer: Customer,
    body: Record<string, unknown>,
    headers: Record<string, string> = { authorization: `Bearer ${customer.sessionToken}` },
  ) => customer.client.call('POST', identityPaths.changeEmail, { callbackURL: '/login', ...body }, headers);
  const refusal = (res: { statusCode: number; json: <T>() => T }) => [
    res.statusCode,
    res.json<{ message: string }>().message,
  ];
  const mailsTo = (address: string) => fx.smtp.mails.filter((mail) => mail.to.includes(address));

  test('the identity cookie alone, or with the profile’s session but no password, is refused', async () => {
    const cle = await signUpAndSignIn(fx.app, fx.smtp, 'cle@example.com', { ip: '203.0.113.41' });
    expect(refusal(await askChange(cle, { newEmail: 'voleur@example.com' }, {}))).toEqual([
      401,
      'NO_SESSION_TOKEN',
    ]);
    const withoutPassword = await askChange(cle, { newEmail: 'voleur@example.com' });
    expect(withoutPassword.statusCode, withoutPassword.body).toBe(400);
    expect(withoutPassword.json()).toEqual({
      httpCode: 400,
      message: 'BAD_REQUEST',
      extendedMessage: expect.stringContaining('password'),
    });
    expect(refusal(await askChange(cle, { newEmail: 'voleur@example.com', password: '' }))).toEqual([
      400,
      'BAD_REQUEST',
    ]);

    // The account's own change, with its password, goes through; none went to the other address.
    expect(
      (await askChange(cle, { newEmail: 'cle.nouvelle@example.com', password: CUSTOMER_PASSWORD }))
        .statusCode,
    ).toBe(200);
    await fx.smtp.waitFor('cle.nouvelle@example.com');
    expect(mailsTo('voleur@example.com')).toEqual([]);
  });

  test('a wrong password: 403 INCORRECT_CREDENTIALS, counted with the household’s wrong PINs — past the limit even the right one waits', async () => {
    const compte = await signUpAndSignIn(fx.app, fx.smtp, 'compte@example.com', { ip: '203.0.113.42' });
    for (let i = 1; i < MAX_WRONG_PINS; i++) {
      const wrong = await askChange(compte, {
        newEmail: 'ailleurs@example.com',
        password: `Pas-le-bon-${i}`,
      });
      expect(wrong.json(), wrong.body).toEqual({
        httpCode: 403,
        message: 'INCORRECT_CREDENTIALS',
        extendedMessage: expect.stringContaining('password'),
      });
    }
    // The last wrong attempt is a PIN: one count for the household.
    const bearer = { authorization: `Bearer ${compte.sessionToken}` };
    const owner = (
      await fx.app.inject({ url: accountPaths.session(TENANT), headers: bearer })
    ).json<SessionResponse>().userId;
    const putProfile = (payload: object) =>
      fx.app.inject({ method: 'PUT', url: accountPaths.profile(TENANT, owner), headers: bearer, payload });
    expect((await putProfile({ pinCode: '1234' })).statusCode).toBe(200);
    expect(refusal(await putProfile({ pinCode: '5678', currentPinCode: '0000' }))).toEqual([
      403,
      'INVALID_PIN_CODE',
    ]);

    expect(
      refusal(await askChange(compte, { newEmail: 'ailleurs@example.com', password: CUSTOMER_PASSWORD })),
    ).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(refusal(await putProfile({ pinCode: '5678', currentPinCode: '1234' }))).toEqual([
      429,
      'TOO_MANY_REQUESTS',
    ]);
    expect(mailsTo('ailleurs@example.com')).toEqual([]);
  });

  test('the right password: the confirmation mail goes to the new address, as before', async () => {
    const juste = await signUpAndSignIn(fx.app, fx.smtp, 'juste@example.com', { ip: '203.0.113.43' });
    const res = await askChange(juste, {
      newEmail: 'juste.nouvelle@example.com',
      password: CUSTOMER_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const confirmation = linkIn((await fx.smtp.waitFor('juste.nouvelle@example.com')).text, 'verify-email');
    expect((await juste.client.call('GET', confirmation.pathname + confirmation.search)).statusCode).toBe(
      302,
    );
  });
});

/** An account made with an OpenID Connect sign-in has no password: its email change needs a recent sign-in, as its deletion does. */
describe.each(engines)('POST /identity/change-email of an account without a password (%s)', (engine) => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let provider: OAuth2Server;
  let app: App;
  const clock = { offset: 0 };

  beforeAll(async () => {
    [provider, testDb, smtp] = await Promise.all([
      startOidcProvider({
        sub: 'oidc-sans-mot-de-passe',
        email: 'sans.mot@example.org',
        email_verified: true,
        name: 'Sans Mot',
      }),
      createTestDatabase(engine),
      startSmtpCapture(),
    ]);
    app = await buildTestApp(testDb, {
      config: {
        smtpUrl: smtp.url,
        oidc: {
          issuerUrl: provider.issuer.url!,
          clientId: 'antenne',
          clientSecret: 'secret',
          name: 'Fournisseur',
        },
      },
      clock: () => Date.now() + clock.offset,
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await provider?.stop();
    await testDb?.cleanup();
  });

  test('a sign-in younger than IDENTITY_FRESH_SESSION_SECONDS: the change goes through without a password; an older one: 400 SESSION_EXPIRED', async () => {
    const browser = new IdentityClient(app, '203.0.113.44');
    const start = await browser.call('POST', identityPaths.signInSocial, {
      provider: 'oidc',
      callbackURL: '/',
    });
    expect(start.statusCode, start.body).toBe(200);
    const atProvider = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    expect((await browser.call('GET', back.pathname + back.search)).statusCode).toBe(302);

    const fresh = await browser.call('POST', identityPaths.changeEmail, {
      newEmail: 'sans.mot.nouveau@example.org',
      callbackURL: '/login',
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    await smtp.waitFor('sans.mot.nouveau@example.org');

    clock.offset = IDENTITY_FRESH_SESSION_SECONDS * 1000;
    const stale = await browser.call('POST', identityPaths.changeEmail, {
      newEmail: 'sans.mot.autre@example.org',
      callbackURL: '/login',
      password: 'Nimporte-quoi-1',
    });
    expect(stale.json(), stale.body).toEqual({
      httpCode: 400,
      message: 'SESSION_EXPIRED',
      extendedMessage: expect.stringContaining('sign in again'),
    });
  });
});
