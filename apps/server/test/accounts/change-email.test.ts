import { beforeAll, describe, expect, test } from 'vitest';
import { accountPaths, identityPaths, NO_PASSWORD_CREDENTIALS, type SessionResponse } from '@antenne/contract';
import { HouseholdStatusError, setHouseholdStatus } from '../../src/modules/accounts/index.js';
import { grantHousehold, GrantError } from '../../src/modules/playback/grants.js';
import { linkIn, signUpAndSignIn, type Customer, useIdentityApp } from '../helpers/identity-client.js';
import { engines, TENANT } from '../helpers/test-app.js';

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
      await fx.app.inject({ url: accountPaths.session(TENANT), headers: { authorization: `Bearer ${customer.sessionToken}` } })
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
    expect(res.json()).toEqual({ httpCode: 403, message: 'UNVERIFIED_EMAIL', extendedMessage: expect.stringContaining('newEmailAddress') });
    expect(await householdEmail(awa)).toBe('awa@example.com');
    expect(await households('bea@example.com')).toEqual([{ id: bea.accountId }]);

    const database = fx.testDb.open();
    try {
      expect(await setHouseholdStatus(database.db, 'bea@example.com', 'ACTIVE')).toMatchObject({ householdId: bea.accountId });
      expect(await setHouseholdStatus(database.db, 'awa@example.com', 'ACTIVE')).toMatchObject({ householdId: awa.accountId });
      // The grant command gets past the household lookup (one household) to the product check.
      await expect(grantHousehold(database.db, TENANT, 'bea@example.com', { kind: 'subscription', productId: 'no-such-product' })).rejects.toThrow(
        new GrantError('unknown product no-such-product'),
      );
    } finally {
      await database.destroy();
    }
  });

  test('an address the identity service has not verified (a change awaiting its confirmation) is refused', async () => {
    const asked = await awa.client.call(
      'POST',
      identityPaths.changeEmail,
      { newEmail: 'awa.pending@example.com', callbackURL: '/login' },
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
      { newEmail: 'bea.new@example.com', callbackURL: '/login' },
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
      expect(await setHouseholdStatus(database.db, 'bea.new@example.com', 'ACTIVE')).toMatchObject({ householdId: bea.accountId });
      await expect(setHouseholdStatus(database.db, 'bea@example.com', 'ACTIVE')).rejects.toThrow(HouseholdStatusError);
    } finally {
      await database.destroy();
    }
  });

  test('an address that is not one answers 400 naming the field', async () => {
    const res = await changeEmail(awa, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'BAD_REQUEST', extendedMessage: expect.stringContaining('newEmailAddress') });
  });
});
