import { randomInt, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
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
import { normaliseAddress } from '../../lib/geo.js';
import { openSessionForDevice, type SessionTokens } from '../accounts/index.js';
import * as repo from './repository.js';

/** How many guesses and codes each guesser may spend, per window (ADR 0040). No limit is shared by everyone. */
export interface ActivationLimits {
  /** The window every count is over (ms). */
  windowMs: number;
  /** Wrong codes (confirm or consume) one client address (an IPv6 /64) may send per window; then 429. */
  wrongCodesPerAddress: number;
  /** Wrong codes one signed-in household may confirm per window, from wherever; then 429. */
  wrongCodesPerAccount: number;
  /** Wrong codes polled in one device's name (its deviceId) per window; then 429. */
  wrongCodesPerDevice: number;
  /** Codes one client address may ask for per window; then 429. */
  codesPerAddress: number;
}

export const DEFAULT_ACTIVATION_LIMITS: ActivationLimits = {
  windowMs: 15 * 60 * 1000,
  wrongCodesPerAddress: 10,
  wrongCodesPerAccount: 10,
  wrongCodesPerDevice: 10,
  codesPerAddress: 30,
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

/** The throttle's scopes (rows of activation_attempts). */
const scopes = {
  address: (client: string) => `addr:${addressKey(client)}`,
  account: (householdId: string) => `acct:${householdId}`,
  device: (deviceId: string) => `dev:${deviceId}`,
  issue: (client: string) => `issue:${addressKey(client)}`,
};

/**
 * Device activation (Exposure notes §10): codes issued to a big screen, confirmed by a signed-in
 * person, consumed once by the device that polls them, which then holds a session of that
 * person's household and profile. Guessing is bounded per guesser, never for everyone (ADR 0040):
 * wrong codes count per client address and per household on confirm, per address and per device
 * on consume. No HTTP here: `client` is the caller's address as the route read it (Fastify's
 * request.ip, TRUST_PROXY applied).
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

  /** A new code for a big screen: random, unique among the kept ones, expiring after the TTL. */
  async issue(client: string): Promise<ActivationCodeResponse> {
    const now = this.clock();
    const since = now - this.limits.windowMs;
    await repo.deleteAttemptsUntil(this.db, since);
    // Kept a window past their expiry, so that the device polling one late is told so without counting a guess.
    await repo.deleteCodesExpiredBy(this.db, since);
    const scope = scopes.issue(client);
    if ((await repo.countAttemptsSince(this.db, scope, since)) >= this.limits.codesPerAddress)
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
   * Past the wrong codes of its address or of its household in the window → 429, before the code
   * is looked at (else the answer would tell a right code from a wrong one). Unknown, expired,
   * used or confirmed by another profile → 400 INVALID_ACTIVATION_CODE, counted for the address
   * and the household; confirming again from the same profile is no change.
   */
  async confirm(client: string, by: Confirmer, typed: string): Promise<void> {
    const now = this.clock();
    const counted = [scopes.address(client), scopes.account(by.householdId)];
    if (await this.anyOver(counted, now)) throw tooMany('wrong activation codes');
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
    await this.countWrong(counted, now);
    throw invalidCode();
  }

  /**
   * The device's poll: 401 CODE_NOT_CONFIRMED until the code is confirmed, then a login (a new
   * session of the confirmer's profile on this device), once. The first device that polls a code
   * owns it. A device polling its own code is a guesser of nothing: its address's count is not
   * asked (an address shared with guessers never holds it back) and a late or repeated poll of it
   * counts nothing; only wrong codes sent in its own name (its deviceId) can. Any other poll is
   * refused 429 past its address's or its device's wrong codes, before the code is used; another
   * device's, an unknown, expired or used code → 400, counted for the address and the device.
   */
  async consume(client: string, request: ActivationRequest): Promise<LoginResponse> {
    const now = this.clock();
    const { deviceId } = request.device;
    const device = scopes.device(deviceId);
    const address = scopes.address(client);
    const code = normaliseActivationCode(request.activationCode);
    const row = isActivationCode(code) ? await repo.findCode(this.db, code) : undefined;
    const live = row !== undefined && row.expiresAt > now && row.consumedAt === null ? row : undefined;

    if (row?.deviceId === deviceId) {
      // Its own code: held back only by guesses made in its name (else anyone knowing its
      // deviceId could use this path to tell its live code from wrong ones without end).
      if (await this.anyOver([device], now)) throw tooMany('wrong activation codes');
      if (live === undefined) throw invalidCode();
      return this.login(live, request, now);
    }
    if (await this.anyOver([device], now)) throw tooMany('wrong activation codes');
    if (await this.anyOver([address], now)) {
      // Refused for its address, still counted in the device's name: guesses in a device's name
      // from addresses past their limit end up refused for that device too.
      await this.countWrong([device], now);
      throw tooMany('wrong activation codes');
    }
    if (live?.deviceId === null && (await repo.bindDevice(this.db, code, deviceId)))
      return this.login(live, request, now);
    await this.countWrong([address, device], now);
    throw invalidCode();
  }

  /** The bound, live code's answer: not yet confirmed (401), or the device's session, once. */
  private async login(
    row: repo.ActivationCodeRow,
    request: ActivationRequest,
    now: number,
  ): Promise<LoginResponse> {
    if (row.confirmedAt === null || row.householdId === null || row.profileId === null)
      throw new ApiError(401, 'CODE_NOT_CONFIRMED', 'Code not yet confirmed. Try again after a few seconds');
    const { code, householdId, profileId } = row;
    return inTransaction(this.db, async (trx) => {
      if (!(await repo.consumeCode(trx, code, now))) throw invalidCode();
      return openSessionForDevice(trx, this.clock, this.tokens, { householdId, profileId }, request.device);
    });
  }

  private limitOf(scope: string): number {
    if (scope.startsWith('acct:')) return this.limits.wrongCodesPerAccount;
    if (scope.startsWith('dev:')) return this.limits.wrongCodesPerDevice;
    return this.limits.wrongCodesPerAddress;
  }

  /** Whether any of the scopes has sent its limit of wrong codes in the window. */
  private async anyOver(counted: readonly string[], now: number): Promise<boolean> {
    const since = now - this.limits.windowMs;
    for (const scope of counted)
      if ((await repo.countAttemptsSince(this.db, scope, since)) >= this.limitOf(scope)) return true;
    return false;
  }

  private async countWrong(counted: readonly string[], now: number): Promise<void> {
    for (const scope of counted) await repo.insertAttempt(this.db, { id: randomUUID(), scope, at: now });
  }
}

/**
 * The address a limit counts: an IPv4 address (IPv4-mapped IPv6 as IPv4), or the /64 of an IPv6
 * address (one host or household commonly holds a whole /64: counting single addresses would give
 * it 2⁶⁴ allowances).
 */
export function addressKey(ip: string): string {
  const address = normaliseAddress(ip);
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::', 2);
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // An embedded IPv4 tail (::1.2.3.4 forms) sits in the last 32 bits: never in the first 64.
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i++)
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  return code;
}
