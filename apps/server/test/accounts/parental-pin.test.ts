import { beforeAll, describe, expect, test } from 'vitest';
import { PARENTAL_PIN_HEADER, playbackPaths, type UserProfile } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { MAX_WRONG_PINS, PIN_WINDOW_MS } from '../../src/modules/accounts/pin-attempts.js';
import { DEMO_SUBSCRIBER } from '../../src/modules/accounts/demo-subscriber.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { bearer } from './helpers.js';
import { ADULT_FILM, useParental } from './parental-helpers.js';

/**
 * Parental controls (ADR 0012), on the demo subscriber (parental-helpers.ts): changing a PIN a profile
 * already has, and wrong PINs adding up.
 */

describe.each(engines)('parental controls (%s)', (engine) => {
  const { state, clock, select, sessions, put, refusal } = useParental(engine);
  let app: App;
  let cookie: string;
  let ownerId: string;
  beforeAll(() => {
    ({ app, cookie, ownerId } = state());
  });

  describe('changing a PIN the profile already has needs the current PIN or the account password', () => {
    test('without either: 403 CURRENT_PIN_REQUIRED; a wrong PIN or password: refused; the right one: changed', async () => {
      const { owner } = await sessions();
      expect(refusal(await put(owner, ownerId, { pinCode: '5678' }))).toEqual([403, 'CURRENT_PIN_REQUIRED']);
      expect(refusal(await put(owner, ownerId, { pinCode: null }))).toEqual([403, 'CURRENT_PIN_REQUIRED']);
      expect(refusal(await put(owner, ownerId, { pinCode: '5678', currentPinCode: '0000' }))).toEqual([
        403,
        'INVALID_PIN_CODE',
      ]);
      expect(
        refusal(await put(owner, ownerId, { pinCode: null, currentPassword: 'Pas-le-bon-1' }, { cookie })),
      ).toEqual([403, 'INCORRECT_CREDENTIALS']);
      // The password is checked against the identity session: none sent, none to check.
      expect(
        refusal(await put(owner, ownerId, { pinCode: null, currentPassword: DEMO_SUBSCRIBER.password })),
      ).toEqual([403, 'INCORRECT_CREDENTIALS']);

      const changed = await put(owner, ownerId, { pinCode: '5678', currentPinCode: DEMO_SUBSCRIBER.pin });
      expect(changed.statusCode, changed.body).toBe(200);
      const { child } = await sessions();
      expect(refusal(await select(child, ownerId, DEMO_SUBSCRIBER.pin))).toEqual([403, 'INVALID_PIN_CODE']);
      expect((await select(child, ownerId, '5678')).statusCode).toBe(200);

      const removed = await put(
        owner,
        ownerId,
        { pinCode: null, currentPassword: DEMO_SUBSCRIBER.password },
        { cookie },
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<UserProfile>().hasPinCode).toBe(false);
      // A first PIN on a profile without one needs nothing more (the session is unrestricted).
      const restored = await put(owner, ownerId, { pinCode: DEMO_SUBSCRIBER.pin });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<UserProfile>().hasPinCode).toBe(true);
      clock.now += PIN_WINDOW_MS; // the wrong attempts above are forgotten
    });

    test('wrong PINs add up across switching, changing a PIN and playing: past the limit, even the right one waits', async () => {
      const { owner, child } = await sessions();
      expect(refusal(await select(child, ownerId, '0001'))).toEqual([403, 'INVALID_PIN_CODE']);
      expect(refusal(await select(child, ownerId, '0002'))).toEqual([403, 'INVALID_PIN_CODE']);
      for (let i = 2; i < MAX_WRONG_PINS; i++) {
        expect(
          refusal(await put(owner, ownerId, { pinCode: '9999', currentPinCode: `000${i + 1}` })),
        ).toEqual([403, 'INVALID_PIN_CODE']);
      }
      expect(refusal(await select(child, ownerId, DEMO_SUBSCRIBER.pin))).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(
        refusal(await put(owner, ownerId, { pinCode: '9999', currentPinCode: DEMO_SUBSCRIBER.pin })),
      ).toEqual([429, 'TOO_MANY_REQUESTS']);
      const play = await app.inject({
        url: playbackPaths.play(TENANT, ADULT_FILM),
        headers: { ...bearer(child), [PARENTAL_PIN_HEADER]: DEMO_SUBSCRIBER.pin },
      });
      expect(refusal(play)).toEqual([429, 'TOO_MANY_REQUESTS']);
      clock.now += PIN_WINDOW_MS;
      expect((await select(child, ownerId, DEMO_SUBSCRIBER.pin)).statusCode).toBe(200);
    });
  });
});
