import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import * as repo from './pin-attempts-repository.js';

/**
 * The limit on guessing a household's secrets: a 4-digit PIN is easy to guess. Every check of a
 * parental PIN (the play call, switching profile, changing a PIN) and of the account password
 * standing for one goes through the WrongPinLimiter built once per app (app.ts), so the guesses a
 * household makes add up whichever call they go to. The attempts are rows of the database
 * (pin_attempts), so every node of a cluster on one database counts the same guesses (ADR 0018).
 */

/** Wrong PINs (or passwords) a household may send in PIN_WINDOW_MS before every check refuses. */
export const MAX_WRONG_PINS = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

export const tooManyWrongPins = () =>
  new ApiError(429, 'TOO_MANY_REQUESTS', 'too many wrong parental PINs or passwords: try again later');

export class WrongPinLimiter {
  /**
   * @param db the database every node shares
   * @param clock the injected clock (ms since the epoch) the window is measured on
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Runs `check` (does the secret match?) unless the household sent MAX_WRONG_PINS wrong ones in
   * the last PIN_WINDOW_MS: then 429 TOO_MANY_REQUESTS, and `check` is not run. A false answer
   * counts as a wrong attempt; a true one clears the count; a thrown error counts as nothing and is
   * passed on. The caller refuses a false answer with its own code.
   */
  async attempt(householdId: string, check: () => Promise<boolean>): Promise<boolean> {
    const now = this.clock();
    const since = now - PIN_WINDOW_MS;
    await repo.deletePinAttemptsUntil(this.db, since);
    // Counted as wrong before the (slow) check, and counted after the insert: guesses sent at once,
    // to one node or to several, cannot all pass the limit.
    const id = `pin_${randomBytes(12).toString('hex')}`;
    await repo.insertPinAttempt(this.db, { id, householdKey: householdId, at: now });
    if ((await repo.countPinAttemptsSince(this.db, householdId, since)) > MAX_WRONG_PINS) {
      await repo.deletePinAttempt(this.db, id);
      throw tooManyWrongPins();
    }
    let matches: boolean;
    try {
      matches = await check();
    } catch (error) {
      // A check that could not run (no identity session…) is not a guess: the count goes back.
      await repo.deletePinAttempt(this.db, id);
      throw error;
    }
    if (!matches) return false;
    await repo.deletePinAttemptsOf(this.db, householdId);
    return true;
  }
}
