import { beforeAll, describe, expect, test } from 'vitest';
import {
  accountPaths,
  identityPaths,
  NO_PASSWORD_CREDENTIALS,
  type LoginResponse,
  type UserProfile,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import { DEMO_SUBSCRIBER } from '../../src/modules/accounts/demo-subscriber.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { bearer } from './helpers.js';
import { ORIGIN, useParental } from './parental-helpers.js';

/**
 * Parental controls (ADR 0012), on the demo subscriber (parental-helpers.ts): what a restricted
 * profile (« Enfants ») cannot do, through the Exposure calls and the identity service.
 */

describe.each(engines)('parental controls (%s)', (engine) => {
  const { state, signInIdentity, signIn, select, sessions, profiles, put, refusal, createVerifiedAccount } =
    useParental(engine);
  let app: App;
  let cookie: string;
  let ownerId: string;
  let childId: string;
  beforeAll(() => {
    ({ app, cookie, ownerId, childId } = state());
  });

  describe('a restricted profile (« Enfants ») cannot switch the controls off', () => {
    test('it cannot change another profile, not even a PIN', async () => {
      const { child } = await sessions();
      for (const payload of [
        { pinCode: '0000' },
        { pinCode: null },
        { displayName: 'Moi' },
        { child: true },
      ]) {
        expect(refusal(await put(child, ownerId, payload)), JSON.stringify(payload)).toEqual([
          403,
          'PROFILE_RESTRICTED',
        ]);
      }
      const list = await profiles(child);
      expect(list.find((p) => p.userId === ownerId)).toMatchObject({
        displayName: 'Démo',
        hasPinCode: true,
        child: false,
        restricted: false,
      });
      // The profiles say which one is restricted (the web app follows it).
      expect(list.find((p) => p.userId === childId)).toMatchObject({ child: true, restricted: true });
    });

    test('on its own profile it changes its name and avatar only: not the child flag, PrLevel, language or a PIN', async () => {
      const { child } = await sessions();
      const refused = [
        { child: false },
        { metadata: { avatar: 'avatar-2' } },
        { metadata: { avatar: 'avatar-2', PrLevel: '7' } },
        { language: 'en' },
        { pinCode: '4321' },
        { profileType: 'adult' },
      ];
      for (const payload of refused) {
        const res = await put(child, childId, payload);
        expect(refusal(res), JSON.stringify(payload)).toEqual([403, 'PROFILE_RESTRICTED']);
      }
      // The whole form sent back, with a new name and avatar: allowed (unchanged fields are no change).
      const ok = await put(child, childId, {
        displayName: 'Les petits',
        child: true,
        metadata: { avatar: 'avatar-3', PrLevel: '1' },
        pinCode: null,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<UserProfile>()).toMatchObject({
        displayName: 'Les petits',
        child: true,
        metadata: { avatar: 'avatar-3', PrLevel: '1' },
        hasPinCode: false,
      });
      await put(child, childId, { displayName: 'Enfants', metadata: { avatar: 'avatar-2', PrLevel: '1' } });
    });

    test('it cannot create or delete profiles, change the email, nor delete the account', async () => {
      const { child } = await sessions();
      const calls = [
        app.inject({
          method: 'POST',
          url: accountPaths.profiles(TENANT),
          headers: bearer(child),
          payload: { displayName: 'Libre' },
        }),
        app.inject({ method: 'DELETE', url: accountPaths.profile(TENANT, childId), headers: bearer(child) }),
        app.inject({ method: 'DELETE', url: accountPaths.profile(TENANT, ownerId), headers: bearer(child) }),
        app.inject({
          method: 'PUT',
          url: accountPaths.changeEmail(TENANT),
          headers: bearer(child),
          payload: { newEmailAddress: 'enfant@example.com' },
        }),
        app.inject({
          method: 'POST',
          url: accountPaths.userDelete(TENANT),
          headers: bearer(child),
          payload: NO_PASSWORD_CREDENTIALS,
        }),
      ];
      for (const res of await Promise.all(calls)) expect(refusal(res)).toEqual([403, 'PROFILE_RESTRICTED']);
      const list = await profiles(child);
      expect(list.map((p) => p.displayName).sort()).toEqual(['Démo', 'Enfants']);
      expect(list.find((p) => p.owner)?.emailAddress).toBe(DEMO_SUBSCRIBER.email);
    });

    test('it cannot sign every device of the household out (fromAllDevice): 403 PROFILE_RESTRICTED; it still signs itself out', async () => {
      const { owner, child } = await sessions();
      const logout = (token: string, query = '') =>
        app.inject({
          method: 'DELETE',
          url: `${accountPaths.logout(TENANT)}${query}`,
          headers: bearer(token),
        });
      const sessionStatus = async (token: string) =>
        (await app.inject({ url: accountPaths.session(TENANT), headers: bearer(token) })).statusCode;

      expect(refusal(await logout(child, '?fromAllDevice=true'))).toEqual([403, 'PROFILE_RESTRICTED']);
      expect([await sessionStatus(owner), await sessionStatus(child)]).toEqual([200, 200]);

      const own = await logout(child, '?fromAllDevice=false');
      expect(own.statusCode, own.body).toBe(200);
      expect([await sessionStatus(owner), await sessionStatus(child)]).toEqual([200, 401]);
      const { child: again } = await sessions();
      expect((await logout(again)).statusCode).toBe(200);
      expect(await sessionStatus(again)).toBe(401);

      // The main profile may: every session of the household ends.
      const { child: third } = await sessions();
      expect((await logout(owner, '?fromAllDevice=true')).statusCode).toBe(200);
      expect([await sessionStatus(owner), await sessionStatus(third)]).toEqual([401, 401]);
    });

    test('switching to the main profile asks for its PIN: none, wrong, then right', async () => {
      const { child } = await sessions();
      expect(refusal(await select(child, ownerId))).toEqual([403, 'PARENTAL_PIN_REQUIRED']);
      expect(refusal(await select(child, ownerId, '0000'))).toEqual([403, 'INVALID_PIN_CODE']);
      // Still on « Enfants » after the refusals.
      const session = await app.inject({ url: accountPaths.session(TENANT), headers: bearer(child) });
      expect(session.json<{ userId: string }>().userId).toBe(childId);
      const right = await select(child, ownerId, DEMO_SUBSCRIBER.pin);
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json<LoginResponse>().userId).toBe(ownerId);
    });

    test('the identity service refuses its account changes without an unrestricted profile’s session', async () => {
      const { child, owner } = await sessions();
      const identityCall = (url: string, payload: object, headers: Record<string, string>) =>
        app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie, ...headers }, payload });
      const changePassword = {
        currentPassword: DEMO_SUBSCRIBER.password,
        newPassword: 'Enfant-libre-2026',
        revokeOtherSessions: false,
      };
      const changeEmail = { newEmail: 'enfant@example.com', callbackURL: '/login' };
      for (const [url, payload] of [
        [identityPaths.changePassword, changePassword],
        [identityPaths.changeEmail, changeEmail],
        [identityPaths.deleteUser, {}],
        // Linking a sign-in of one's own would sign in as the account later.
        ['/identity/link-social', { provider: 'google', callbackURL: '/login' }],
        // The spellings a router might still match are guarded too.
        [`${identityPaths.changePassword}/`, changePassword],
        [identityPaths.changePassword.replace('/identity/', '/identity//'), changePassword],
        [identityPaths.deleteUser.replace('delete', 'd%65lete'), {}],
      ] as const) {
        const withCookieOnly = await identityCall(url, payload, {});
        expect(refusal(withCookieOnly), url).toEqual([401, 'NO_SESSION_TOKEN']);
        const asChild = await identityCall(url, payload, bearer(child));
        expect(refusal(asChild), url).toEqual([403, 'PROFILE_RESTRICTED']);
      }
      // Nothing changed: the password still signs in, the account still exists.
      await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);

      // Another household's unrestricted session is no key to this account.
      const other = await createVerifiedAccount('autre@example.com', 'Autre-foyer-2026');
      const otherSession = await signIn(other.email, other.password);
      expect(
        refusal(await identityCall(identityPaths.changePassword, changePassword, bearer(otherSession.token))),
      ).toEqual([403, 'FORBIDDEN']);

      // The main profile's session passes: the password changes (and is set back).
      const changed = await identityCall(identityPaths.changePassword, changePassword, bearer(owner));
      expect(changed.statusCode, changed.body).toBe(200);
      const back = await identityCall(
        identityPaths.changePassword,
        {
          currentPassword: changePassword.newPassword,
          newPassword: DEMO_SUBSCRIBER.password,
          revokeOtherSessions: false,
        },
        bearer(owner),
      );
      expect(back.statusCode, back.body).toBe(200);
    });
  });
});
