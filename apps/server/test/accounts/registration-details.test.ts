import { describe, expect, test } from 'vitest';
import {
  accountPaths,
  identityPaths,
  REGISTRATION_NAME_MAX_LENGTH,
  type PreferencesResponse,
} from '@antenne/contract';
import { IdentityClient, signUpAndSignIn, useIdentityApp } from '../helpers/identity-client.js';
import { engines, TENANT } from '../helpers/test-app.js';

/**
 * Issue 13 item 13: what registration step 2 asks (names, birthday, gender, country) is kept with
 * the account on the server from sign-up, so the first sign-in — from any device — gives it to the
 * household's main profile; nothing waits in the registering browser.
 */
describe.each(engines)('registration details (%s)', (engine) => {
  const fx = useIdentityApp(engine);

  const DETAILS = {
    firstName: 'Awa',
    lastName: 'Diallo',
    birthday: '01012000',
    gender: 'female',
    country: 'SN',
  };
  const preferencesOf = async (sessionToken: string) => {
    const res = await fx.app.inject({
      url: accountPaths.preferences(TENANT),
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<PreferencesResponse>().preferences;
  };

  test('signed up in one browser, signed in first from another device: the main profile has the name, birthday, gender and country', async () => {
    const otherDevice = new IdentityClient(fx.app, '198.51.100.77');
    const customer = await signUpAndSignIn(fx.app, fx.smtp, 'awa.diallo@example.com', {
      ip: '203.0.113.41',
      extra: { ...DETAILS, name: 'Awa Diallo' },
      signInFrom: otherDevice,
    });
    expect(await preferencesOf(customer.sessionToken)).toEqual({
      firstname: 'Awa',
      lastname: 'Diallo',
      email: 'awa.diallo@example.com',
      dateofbirth: '01012000',
      gender: 'female',
      country: 'SN',
      newsletter: 'false',
    });
    const profiles = await fx.app.inject({
      url: accountPaths.profiles(TENANT),
      headers: { authorization: `Bearer ${customer.sessionToken}` },
    });
    expect(profiles.json<{ profiles: { displayName: string; owner: boolean }[] }>().profiles).toEqual([
      expect.objectContaining({ displayName: 'Awa Diallo', owner: true }),
    ]);

    // Given once, at the first sign-in: what the person changes later is theirs.
    const saved = await fx.app.inject({
      method: 'POST',
      url: accountPaths.preferences(TENANT),
      headers: { authorization: `Bearer ${customer.sessionToken}` },
      payload: { preferences: { firstname: 'Awa-Marie' } },
    });
    expect(saved.statusCode).toBe(200);
    const again = await signInAgain(otherDevice, 'awa.diallo@example.com', customer.identityUserId);
    expect(await preferencesOf(again)).toEqual({ firstname: 'Awa-Marie' });
  });

  async function signInAgain(client: IdentityClient, email: string, identityUserId: string): Promise<string> {
    expect(
      (await client.call('POST', identityPaths.signInEmail, { email, password: 'Motdepasse1!' })).statusCode,
    ).toBe(200);
    const accessToken = (await client.call('GET', identityPaths.token)).json<{ token: string }>().token;
    const login = await client.call('POST', accountPaths.firebaseLogin(TENANT), {
      username: `firebase..${identityUserId}`,
      accessToken,
      device: { deviceId: 'device-2', name: 'web-11-firefox', type: 'WEB' },
    });
    expect(login.statusCode).toBe(200);
    return login.json<{ sessionToken: string }>().sessionToken;
  }

  test('the details are not given back by the identity service’s answers', async () => {
    const res = await new IdentityClient(fx.app, '203.0.113.42').call('POST', identityPaths.signUpEmail, {
      email: 'discret@example.com',
      password: 'Motdepasse1!',
      name: 'Awa Diallo',
      ...DETAILS,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('01012000');
  });

  let attempts = 0;
  test.each([
    ['firstName', { firstName: '   ' }, 'firstName: must not be blank'],
    ['firstName', { firstName: 'A\u0007wa' }, 'firstName: control characters'],
    [
      'lastName',
      { lastName: 'D'.repeat(REGISTRATION_NAME_MAX_LENGTH + 1) },
      `lastName: at most ${REGISTRATION_NAME_MAX_LENGTH} characters`,
    ],
    ['lastName', { lastName: 42 }, 'lastName: expected text'],
    ['birthday', { birthday: '31022000' }, 'birthday: not a real date'],
    ['birthday', { birthday: '2000-01-01' }, 'birthday: expected 8 digits, ddMMyyyy'],
    [
      'birthday',
      { birthday: `0101${new Date().getFullYear() - 10}` },
      'birthday: an account holder is at least 16',
    ],
    ['gender', { gender: 'other' }, 'gender: expected male or female'],
    ['country', { country: 'france' }, 'country: expected an ISO 3166 alpha-2 code'],
  ])(
    'a sign-up with a bad %s is refused with 400 naming it, and no account is made',
    async (_field, bad, problem) => {
      const n = attempts++;
      const email = `bad-${n}@example.com`;
      const client = new IdentityClient(fx.app, `203.0.113.${60 + n}`);
      const res = await client.call('POST', identityPaths.signUpEmail, {
        email,
        password: 'Motdepasse1!',
        name: 'X',
        ...DETAILS,
        ...bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(problem);
      const retry = await client.call('POST', identityPaths.signUpEmail, {
        email,
        password: 'Motdepasse1!',
        name: 'X',
        ...DETAILS,
      });
      expect(retry.statusCode, retry.body).toBe(200);
    },
  );
});
