import type { Asset, RegistrationDetails } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { WrongPinLimiter } from './pin-attempts.js';
import type { HouseholdRow, ProfileRow, SessionRow } from './repository.js';
import type { SessionTokens } from './session-token.js';

/**
 * What the accounts' services share: the shapes of their answers and dependencies (re-exported by
 * service.ts), the one set of dependencies every service of AccountsService is built with
 * (AccountsCore), and small helpers.
 */

/** What a verified ID token of the identity service says, plus the language sent at login. */
export interface IdentityLoginClaims {
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  language?: string;
  /**
   * When its person signed in at the identity service (ms since the epoch; the ID token's
   * auth_time): the session's `signed_in_at`. Absent: the login itself is the sign-in (a password
   * login, checked now).
   */
  signedInMs?: number;
}

/**
 * What the identity service says of one of its users: its address, whether it is verified, and
 * the details typed at registration (the identity module's directory; accounts never reads the
 * identity tables itself).
 */
export type FindIdentityUser = (
  identityUserId: string,
) => Promise<{ email: string; emailVerified: boolean; registration?: RegistrationDetails } | undefined>;

/** A checked, current session: its household (ACTIVE) and profile. */
export interface SessionContext {
  tokenHash: string;
  session: SessionRow;
  household: HouseholdRow;
  profile: ProfileRow;
}

export interface AccountLimits {
  maxProfiles: number;
  maxFavorites: number;
  maxPreferences: number;
  maxPreferenceLength: number;
}

/**
 * Checks the account's password with the identity service, for the household's identity user and
 * the caller's identity session (its cookie): true when it matches. Throws (an ApiError) when it
 * cannot be checked, e.g. without an identity session of that user.
 */
export type AccountPasswordCheck = (input: {
  identityUserId: string;
  password: string;
  identityCookie: string | undefined;
}) => Promise<boolean>;

/**
 * Checks an email and password with the identity service, with its rules (verified address, the
 * sign-in rate limit of the client's address): whose they are, or an ApiError (401
 * INCORRECT_CREDENTIALS, 403 EMAIL_NOT_VERIFIED, 429 TOO_MANY_REQUESTS).
 */
export type PasswordSignIn = (input: {
  username: string;
  password: string;
  clientIp: string;
}) => Promise<IdentityLoginClaims>;

/** What the accounts' rules ask of other modules (the identity service) and share with them (the PIN count). */
export interface AccountsDeps {
  /** Makes and checks the session tokens (Exposure's format, signed with the server's secret). */
  sessionTokens?: SessionTokens;
  pinAttempts?: WrongPinLimiter;
  checkPassword?: AccountPasswordCheck;
  /** The identity service's user of a household: its verified email and registration details. */
  identityUsers?: FindIdentityUser;
}

export interface FavoriteItem {
  assetId: string;
  asset: Asset;
  lastUpdated: string;
  order: number;
  metadata: Record<string, unknown>;
}

export type ContinueWatchingItem = Asset & {
  userData: { playHistory: { lastViewedOffset: number; lastViewedTime: number } };
};

/** The dependencies AccountsService builds each of its services with (one of each per app). */
export interface AccountsCore {
  db: Kysely<Database>;
  /** Serialises assets as the catalogue's content/asset endpoint does (published ones only). */
  catalogue: Pick<CatalogueService, 'snapshot' | 'getAsset'>;
  clock: () => number;
  limits: AccountLimits;
  pinAttempts: WrongPinLimiter;
  checkPassword: AccountPasswordCheck | undefined;
  identityUsers: FindIdentityUser;
  tokens: SessionTokens;
}

export const invalidSession = () => new ApiError(401, 'INVALID_SESSION_TOKEN');
// The id is not echoed: another household's profile is as unknown as a made-up one.
export const unknownUser = () => new ApiError(404, 'UNKNOWN_USER', 'no such profile in this household');

export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function refuseInactive(household: HouseholdRow): void {
  if (household.status === 'SUSPENDED_HOUSEHOLD' || household.status === 'INACTIVE_HOUSEHOLD') {
    throw new ApiError(403, household.status, `household is ${household.status}`);
  }
}

/** The published assets among these ids, serialised as content/asset/{id} does. */
export async function publishedAssetsById(
  catalogue: AccountsCore['catalogue'],
  ids: string[],
): Promise<Map<string, Asset>> {
  const out = new Map<string, Asset>();
  if (ids.length === 0) return out;
  const snapshot = await catalogue.snapshot();
  for (const id of ids) {
    try {
      out.set(id, catalogue.getAsset(snapshot, id, {}));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'UNKNOWN_ASSET')) throw error;
    }
  }
  return out;
}

/** The base of the accounts' services: the shared dependencies, under the names their rules use. */
export abstract class AccountsPart {
  protected readonly db: Kysely<Database>;
  protected readonly catalogue: AccountsCore['catalogue'];
  protected readonly clock: () => number;
  protected readonly limits: AccountLimits;
  protected readonly pinAttempts: WrongPinLimiter;
  protected readonly checkPassword: AccountPasswordCheck | undefined;
  protected readonly identityUsers: FindIdentityUser;
  protected readonly tokens: SessionTokens;

  constructor(core: AccountsCore) {
    this.tokens = core.tokens;
    this.db = core.db;
    this.catalogue = core.catalogue;
    this.clock = core.clock;
    this.limits = core.limits;
    this.pinAttempts = core.pinAttempts;
    this.checkPassword = core.checkPassword;
    this.identityUsers = core.identityUsers;
  }

  protected nowIso(): string {
    return new Date(this.clock()).toISOString();
  }
}
