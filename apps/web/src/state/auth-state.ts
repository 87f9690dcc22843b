import { AUTH_STATE_MAX_WAIT_MS } from '@antenne/contract';
import { whenSessionHydrated } from './session-store';

export type AuthStateOutcome = 'known' | 'timed-out';

/**
 * Startup waits until the authentication state is known, at most `maxWaitMs`
 * (SPEC-DECISIONS: an upper bound, never a fixed sleep). Today the state is known once the
 * persisted session is read back; the identity service adds its own signal in a later issue.
 */
export function waitForAuthState(
  known: Promise<unknown> = whenSessionHydrated(),
  maxWaitMs: number = AUTH_STATE_MAX_WAIT_MS,
): Promise<AuthStateOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timed-out'), maxWaitMs);
    const settle = () => {
      clearTimeout(timer);
      resolve('known');
    };
    known.then(settle, settle);
  });
}
