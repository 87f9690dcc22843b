import { randomInt, randomUUID } from 'node:crypto';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_CODE_TTL_MS,
  isActivationCode,
  normaliseActivationCode,
  type ActivationCodeResponse,
  type ActivationRequest,
  type LoginResponse,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { openSessionForDevice, type SessionTokens } from '../accounts/index.js';
import * as repo from './repository.js';

/** How many guesses and codes a client may spend, per window (ADR 0040). */
export interface ActivationLimits {
  /** The window every count is over (ms). */
  windowMs: number;
  /** Wrong codes (confirm or consume) one client address may send per window; then 429. */
  wrongCodesPerClient: number;
  /** Wrong codes every client together may send per window (the code space's guard); then 429. */
  wrongCodesInAll: number;
  /** Codes one client address may ask for per window; then 429. */
  codesPerClient: number;
}

export const DEFAULT_ACTIVATION_LIMITS: ActivationLimits = {
  windowMs: 15 * 60 * 1000,
  wrongCodesPerClient: 10,
  wrongCodesInAll: 1000,
  codesPerClient: 30,
};

export interface ActivationServiceOptions {
  db: Kysely<Database>;
  /** The app's clock (ms since the epoch): expiry and the throttle's windows follow it. */
  clock?: () => number;
  /** The session tokens the accounts module issues (the TV's session is one of them). */
  tokens: SessionTokens;
  /** How long a code lives (ms). */
  codeTtlMs?: number;
  limits?: Partial<ActivationLimits>;
}

/** Who confirms a code: the bearer session's household and profile. */
export interface Confirmer {
  householdId: string;
  profileId: string;
}

const tooMany = (what: string) =>
  new ApiError(429, 'TOO_MANY_REQUESTS', `too many ${what}; try again in a few minutes`);
const invalidCode = () =>
  new ApiError(400, 'INVALID_ACTIVATION_CODE', 'unknown, expired or already used activation code');
const ISSUE_TRIES = 8;

/**
 * Device activation (Exposure notes §10): codes issued to a big screen, confirmed by a signed-in
 * person, consumed once by the device that polls them, which then holds a session of that
 * person's household and profile. Wrong codes count per client address and for everyone (429
 * past either limit), so that nobody walks the 15⁶ codes. No HTTP here: `client` is the caller's
 * address as the route read it (Fastify's request.ip, TRUST_PROXY applied).
 */
export class ActivationService {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly tokens: SessionTokens;
  private readonly ttlMs: number;
  readonly limits: ActivationLimits;

  constructor(options: ActivationServiceOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.tokens = options.tokens;
    this.ttlMs = options.codeTtlMs ?? ACTIVATION_CODE_TTL_MS;
    this.limits = { ...DEFAULT_ACTIVATION_LIMITS, ...options.limits };
  }

  /** A new code for a big screen: random, unique among the live ones, expiring after the TTL. */
  async issue(client: string): Promise<ActivationCodeResponse> {
    const now = this.clock();
    const since = now - this.limits.windowMs;
    await repo.deleteAttemptsUntil(this.db, since);
    await repo.deleteCodesExpiredBy(this.db, now);
    const scope = `issue:${client}`;
    if ((await repo.countAttemptsSince(this.db, scope, since)) >= this.limits.codesPerClient)
      throw tooMany('activation codes asked');
    await repo.insertAttempt(this.db, { id: randomUUID(), scope, at: now });
    const expiresAt = now + this.ttlMs;
    for (let i = 0; i < ISSUE_TRIES; i++) {
      const code = randomCode();
      if (await repo.insertCodeIfAbsent(this.db, { code, createdAt: now, expiresAt }))
        return { code, expires: new Date(expiresAt).toISOString() };
    }
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'no free activation code; try again later');
  }

  /**
   * Confirms a code for the confirmer's household and profile (the code is read in upper case).
   * Unknown, expired, used or confirmed by another profile → 400 INVALID_ACTIVATION_CODE, counted
   * as a wrong guess; confirming again from the same profile is no change.
   */
  async confirm(client: string, by: Confirmer, typed: string): Promise<void> {
    const now = this.clock();
    await this.refuseGuessers(client, now);
    const code = normaliseActivationCode(typed);
    const row = isActivationCode(code) ? await repo.findCode(this.db, code) : undefined;
    if (row !== undefined && row.expiresAt > now && row.consumedAt === null) {
      if (await repo.confirmCode(this.db, code, { ...by, at: now })) return;
      const again = await repo.findCode(this.db, code);
      if (
        again?.householdId === by.householdId &&
        again.profileId === by.profileId &&
        again.consumedAt === null
      )
        return;
    }
    await this.countWrong(client, now);
    throw invalidCode();
  }

  /**
   * The device's poll: 401 CODE_NOT_CONFIRMED until the code is confirmed, then a login (a new
   * session of the confirmer's profile on this device), once. The first device that polls a code
   * owns it: another device's poll, or an unknown, expired or used code → 400, counted as a wrong guess.
   */
  async consume(client: string, request: ActivationRequest): Promise<LoginResponse> {
    const now = this.clock();
    await this.refuseGuessers(client, now);
    const code = normaliseActivationCode(request.activationCode);
    const row = isActivationCode(code) ? await repo.findCode(this.db, code) : undefined;
    if (
      row === undefined ||
      row.expiresAt <= now ||
      row.consumedAt !== null ||
      !(await repo.bindDevice(this.db, code, request.device.deviceId))
    ) {
      await this.countWrong(client, now);
      throw invalidCode();
    }
    if (row.confirmedAt === null || row.householdId === null || row.profileId === null)
      throw new ApiError(401, 'CODE_NOT_CONFIRMED', 'Code not yet confirmed. Try again after a few seconds');
    const { householdId, profileId } = row;
    return inTransaction(this.db, async (trx) => {
      if (!(await repo.consumeCode(trx, code, now))) throw invalidCode();
      return openSessionForDevice(trx, this.clock, this.tokens, { householdId, profileId }, request.device);
    });
  }

  private async refuseGuessers(client: string, now: number): Promise<void> {
    const since = now - this.limits.windowMs;
    if ((await repo.countAttemptsSince(this.db, `addr:${client}`, since)) >= this.limits.wrongCodesPerClient)
      throw tooMany('wrong activation codes from this address');
    if ((await repo.countAttemptsSince(this.db, 'space', since)) >= this.limits.wrongCodesInAll)
      throw tooMany('wrong activation codes');
  }

  private async countWrong(client: string, now: number): Promise<void> {
    await repo.insertAttempt(this.db, { id: randomUUID(), scope: `addr:${client}`, at: now });
    await repo.insertAttempt(this.db, { id: randomUUID(), scope: 'space', at: now });
  }
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i++)
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  return code;
}
