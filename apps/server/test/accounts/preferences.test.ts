import {
  accountPaths,
  MAX_PREFERENCE_LENGTH,
  MAX_PREFERENCES,
  PreferencesResponseSchema,
  type PreferencesResponse,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { accountsCalls, login, useAccounts } from './helpers.js';

const isPreferences = Compile(PreferencesResponseSchema);

describe.each(engines)('accounts (%s)', (engine) => {
  const fx = useAccounts(engine);
  const { tick, call, expectError } = accountsCalls(fx);

  describe('preferences', () => {
    test('POST replaces the whole map; a boolean is read back as text', async () => {
      const session = await login(fx.app, 'uid-prefs', 'prefs@example.com');
      const url = accountPaths.preferences(TENANT);
      const empty = await call('GET', url, session.sessionToken);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json<PreferencesResponse>().preferences).toEqual({});

      tick();
      const saved = await call('POST', url, session.sessionToken, {
        preferences: { firstname: 'Awa', newsletter: true, city: 'Dakar' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ message: 'OK' });
      const read = (await call('GET', url, session.sessionToken)).json<PreferencesResponse>();
      expect(isPreferences.Check(read)).toBe(true);
      expect(read).toEqual({
        lastUpdated: new Date(fx.clock.now).toISOString(),
        preferences: { firstname: 'Awa', newsletter: 'true', city: 'Dakar' },
      });

      await call('POST', url, session.sessionToken, { preferences: { newsletter: false } });
      expect((await call('GET', url, session.sessionToken)).json<PreferencesResponse>().preferences).toEqual({
        newsletter: 'false',
      });
    });

    test(`more than ${MAX_PREFERENCES} keys → 403 TOO_MANY_PREFERENCES; a value over ${MAX_PREFERENCE_LENGTH} → 403 TOO_LONG_PREFERENCES`, async () => {
      const session = await login(fx.app, 'uid-prefs-limits', 'prefs.limits@example.com');
      const url = accountPaths.preferences(TENANT);
      await call('POST', url, session.sessionToken, { preferences: { keep: 'me' } });
      const many = Object.fromEntries(Array.from({ length: MAX_PREFERENCES + 1 }, (_, i) => [`k${i}`, 'v']));
      expectError(
        await call('POST', url, session.sessionToken, { preferences: many }),
        403,
        'TOO_MANY_PREFERENCES',
      );
      expectError(
        await call('POST', url, session.sessionToken, {
          preferences: { long: 'x'.repeat(MAX_PREFERENCE_LENGTH + 1) },
        }),
        403,
        'TOO_LONG_PREFERENCES',
      );
      // At the limits exactly: accepted.
      const atLimit = Object.fromEntries(
        Array.from({ length: MAX_PREFERENCES }, (_, i) => [
          `k${i}`,
          i === 0 ? 'x'.repeat(MAX_PREFERENCE_LENGTH) : 'v',
        ]),
      );
      expect((await call('POST', url, session.sessionToken, { preferences: atLimit })).statusCode).toBe(200);
      expect(
        Object.keys((await call('GET', url, session.sessionToken)).json<PreferencesResponse>().preferences),
      ).toHaveLength(MAX_PREFERENCES);
    });
  });
});
