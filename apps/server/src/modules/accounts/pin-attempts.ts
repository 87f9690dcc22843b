import { ApiError } from '../../lib/errors.js';

/**
 * The limit on guessing a household's secrets: a 4-digit PIN is easy to guess. Every check of a
 * parental PIN (the play call, switching profile, changing a PIN) and of the account password
 * standing for one goes through one WrongPinLimiter per process (app.ts), so the guesses a
 * household makes add up whichever call they go to.
 */

/** Wrong PINs (or passwords) a household may send in PIN_WINDOW_MS before every check refuses. */
export const MAX_WRONG_PINS = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;
/** Past this many households in the map, the ones whose window ended are dropped. */
const SWEEP_ABOVE = 10_000;

export const tooManyWrongPins = () =>
  new ApiError(429, 'TOO_MANY_REQUESTS', 'too many wrong parental PINs or passwords: try again later');

export class WrongPinLimiter {
  /** Wrong attempts by household (this process only; a shared store would be needed across nodes). */
  private readonly wrong = new Map<string, { count: number; since: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Runs `check` (does the secret match?) unless the household is past MAX_WRONG_PINS in the
   * window: then 429 TOO_MANY_REQUESTS, and `check` is not run. A false answer counts as a wrong
   * attempt; a true one clears the count; a thrown error counts as nothing and is passed on. The
   * caller refuses a false answer with its own code.
   */
  async attempt(householdId: string, check: () => Promise<boolean>): Promise<boolean> {
    const now = this.clock();
    const tries = this.wrong.get(householdId);
    const current = tries !== undefined && now - tries.since < PIN_WINDOW_MS ? tries : { count: 0, since: now };
    if (current.count >= MAX_WRONG_PINS) throw tooManyWrongPins();
    // Counted as wrong before the (slow) check: guesses sent at once cannot all pass the limit.
    this.wrong.set(householdId, { count: current.count + 1, since: current.since });
    if (this.wrong.size > SWEEP_ABOVE) this.sweep(now);
    let matches: boolean;
    try {
      matches = await check();
    } catch (error) {
      // A check that could not run (no identity session…) is not a guess: the count goes back.
      const after = this.wrong.get(householdId);
      if (after !== undefined) this.wrong.set(householdId, { ...after, count: Math.max(0, after.count - 1) });
      throw error;
    }
    if (!matches) return false;
    this.wrong.delete(householdId);
    return true;
  }

  private sweep(now: number): void {
    for (const [household, tries] of this.wrong) if (now - tries.since >= PIN_WINDOW_MS) this.wrong.delete(household);
  }
}
