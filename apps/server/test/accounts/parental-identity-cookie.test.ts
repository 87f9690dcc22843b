import { beforeAll, describe, expect, test } from 'vitest';
import {
  accountPaths,
  IDENTITY_FRESH_SESSION_SECONDS,
  IDENTITY_USERNAME_PREFIX,
  identityPaths,
} from '@antenne/contract';
import type { App } from '../../src/app.js';
import { DEMO_SUBSCRIBER } from '../../src/modules/accounts/demo-subscriber.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { useParental } from './parental-helpers.js';

/**
 * Parental controls (ADR 0012), on the demo subscriber (parental-helpers.ts): the identity cookie of a
 * family browser mints no main-profile session.
 */

describe.each(engines)('parental controls (%s)', (engine) => {
  const { state, signInIdentity, refusal } = useParental(engine);
  let app: App;
  beforeAll(() => {
    ({ app } = state());
  });

  describe('the identity cookie is no way around the profile choice', () => {
    test('firebaseLogin takes only an ID token minted soon after the sign-in: an old identity session mints no main-profile session', async () => {
      const fresh = await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
      const stale = await signInIdentity(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
      // The second identity session signed in longer ago than IDENTITY_FRESH_SESSION_SECONDS (a family browser's cookie).
      const ctx = await app.identity.$context;
      const token = decodeURIComponent(/antenne\.session_token=([^;]+)/.exec(stale.cookie)![1]!).split(
        '.',
      )[0]!;
      await ctx.internalAdapter.updateSession(token, {
        createdAt: new Date(Date.now() - (IDENTITY_FRESH_SESSION_SECONDS + 60) * 1000),
      });
      const exchange = async (identityCookie: string) => {
        const idToken = await app.inject({ url: identityPaths.token, headers: { cookie: identityCookie } });
        expect(idToken.statusCode, idToken.body).toBe(200);
        return app.inject({
          method: 'POST',
          url: accountPaths.firebaseLogin(TENANT),
          payload: {
            username: IDENTITY_USERNAME_PREFIX + stale.userId,
            accessToken: idToken.json<{ token: string }>().token,
            device: { deviceId: 'd-2', name: 'web-11-chrome', type: 'WEB' },
          },
        });
      };
      expect(refusal(await exchange(stale.cookie))).toEqual([401, 'INCORRECT_CREDENTIALS']);
      expect((await exchange(fresh.cookie)).statusCode).toBe(200);
    });
  });
});
