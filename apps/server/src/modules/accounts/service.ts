import {
  EMAIL_PATTERN,
  HOUSEHOLD_STATUSES,
  MAX_FAVORITES,
  MAX_PREFERENCE_LENGTH,
  MAX_PREFERENCES,
  MAX_PROFILES,
  PARENTAL_PIN_HEADER,
  PROFILE_PROPERTY,
  SESSION_TTL_MS,
  type Asset,
  type DeviceRegistration,
  type HouseholdStatus,
  type LastViewedOffsetResponse,
  type LoginResponse,
  type PreferencesResponse,
  type RegistrationDetails,
  type SessionResponse,
  type UserProfile,
  type UserProfiles,
  type UserProfileUpdate,
  type UserProfileWrite,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/service.js';
import { isRestrictedRow, parentalProfileOf, profileRestricted, refuseRestricted } from './parental.js';
import { WrongPinLimiter } from './pin-attempts.js';
import * as repo from './repository.js';
import type { HouseholdRow, ProfileRow, SessionRow } from './repository.js';
import { hashPin, hashToken, newId, newSessionToken, verifyPin } from './secrets.js';

/**
 * The accounts' rules: households and their profiles, Exposure sessions, and each profile's
 * preferences, favourites and play history. Every call after login acts on the household and
 * profile of a checked session (SessionContext) and nothing else. No HTTP here.
 */

/** What a verified ID token of the identity service says, plus the language sent at login. */
export interface IdentityLoginClaims {
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  language?: string;
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

/** What the parental rules need besides the database (app.ts shares one limiter with the play call). */
/** What the accounts' rules ask of other modules (the identity service) and share with them (the PIN count). */
export interface AccountsDeps {
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

/** A started asset is "finished" past this share of its duration. */
const FINISHED_SHARE = 0.95;
const LAST_VIEWED_DEFAULT_PAGE_SIZE = 200;

export const invalidSession = () => new ApiError(401, 'INVALID_SESSION_TOKEN');
// The id is not echoed: another household's profile is as unknown as a made-up one.
const unknownUser = () => new ApiError(404, 'UNKNOWN_USER', 'no such profile in this household');

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function refuseInactive(household: HouseholdRow): void {
  if (household.status === 'SUSPENDED_HOUSEHOLD' || household.status === 'INACTIVE_HOUSEHOLD') {
    throw new ApiError(403, household.status, `household is ${household.status}`);
  }
}

export class AccountsService {
  private readonly limits: AccountLimits;
  private readonly pinAttempts: WrongPinLimiter;
  private readonly checkPassword: AccountPasswordCheck | undefined;
  private readonly identityUsers: FindIdentityUser;

  constructor(
    private readonly db: Kysely<Database>,
    /** Serialises assets as the catalogue's content/asset endpoint does (published ones only). */
    private readonly catalogue: Pick<CatalogueService, 'snapshot' | 'getAsset'>,
    private readonly clock: () => number = Date.now,
    limits: Partial<AccountLimits> = {},
    deps: AccountsDeps = {},
  ) {
    this.pinAttempts = deps.pinAttempts ?? new WrongPinLimiter(clock);
    this.checkPassword = deps.checkPassword;
    this.identityUsers = deps.identityUsers ?? (async () => undefined);
    this.limits = {
      maxProfiles: limits.maxProfiles ?? MAX_PROFILES,
      maxFavorites: limits.maxFavorites ?? MAX_FAVORITES,
      maxPreferences: limits.maxPreferences ?? MAX_PREFERENCES,
      maxPreferenceLength: limits.maxPreferenceLength ?? MAX_PREFERENCE_LENGTH,
    };
  }

  private nowIso(): string {
    return new Date(this.clock()).toISOString();
  }

  // Sign-in and sessions ----------------------------------------------------------------------

  /**
   * Signs an identity-service user in: a verified email only; the household and its main profile
   * are made at the first login, the profile with the details typed at registration as its
   * preferences (whatever device signs in first); a suspended or inactive household is refused;
   * then a session on the main profile.
   */
  async loginIdentityUser(claims: IdentityLoginClaims, device: DeviceRegistration): Promise<LoginResponse> {
    if (!claims.emailVerified)
      throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'verify the email address first');
    // Asked before the transaction (another connection: SQLite has one writer).
    const registration =
      (await repo.findHouseholdByIdentityUser(this.db, claims.identityUserId)) === undefined
        ? (await this.identityUsers(claims.identityUserId))?.registration
        : undefined;
    return inTransaction(this.db, async (trx) => {
      let household = await repo.findHouseholdByIdentityUser(trx, claims.identityUserId);
      if (household === undefined) {
        const now = this.nowIso();
        const id = newId('acc');
        await repo.insertHouseholdIfAbsent(trx, {
          id,
          identity_user_id: claims.identityUserId,
          email: claims.email,
          status: 'ACTIVE',
          created_at: now,
        });
        household = await repo.findHouseholdByIdentityUser(trx, claims.identityUserId);
        if (household === undefined) throw new Error('household insert lost');
        if (household.id === id) {
          const displayName = claims.displayName?.trim() || claims.email.split('@')[0] || claims.email;
          const profileId = newId('usr');
          await repo.insertProfile(trx, {
            id: profileId,
            household_id: id,
            display_name: displayName.slice(0, 256),
            owner: 1,
            child: 0,
            profile_type: null,
            language: claims.language ?? null,
            metadata: '{}',
            pin_hash: null,
            created_at: now,
          });
          if (registration !== undefined) {
            await repo.savePreferences(trx, profileId, JSON.stringify(registrationPreferences(registration, claims.email)), now);
          }
        }
      }
      refuseInactive(household);
      if (household.email !== claims.email) {
        // The identity service owns the sign-in email: keep the household's in step.
        await repo.updateHouseholdEmail(trx, household.id, claims.email);
        household = { ...household, email: claims.email };
      }
      const profile = await repo.findOwnerProfile(trx, household.id);
      if (profile === undefined) throw new Error(`household ${household.id} has no main profile`);
      return this.openSession(trx, household, profile, {
        deviceId: device.deviceId,
        name: device.name,
        type: device.type,
      });
    });
  }

  private async openSession(
    db: Executor,
    household: HouseholdRow,
    profile: ProfileRow,
    device: { deviceId: string; name: string; type: string },
  ): Promise<LoginResponse> {
    const token = newSessionToken();
    const now = this.clock();
    const expires = new Date(now + SESSION_TTL_MS).toISOString();
    await repo.insertSession(db, {
      token_hash: hashToken(token),
      household_id: household.id,
      profile_id: profile.id,
      device_id: device.deviceId,
      device_name: device.name,
      device_type: device.type,
      created_at: new Date(now).toISOString(),
      expires_at: expires,
      revoked_at: null,
    });
    const response: LoginResponse = {
      sessionToken: token,
      expirationDateTime: expires,
      accountId: household.id,
      userId: profile.id,
      accountStatus: 'OK',
      crmToken: '',
      isOverDeviceLimit: false,
      userProfile: toUserProfile(household, profile, profile.id),
    };
    if (profile.language !== null) response.language = profile.language;
    return response;
  }

  /**
   * The session of a bearer token: unknown, expired or revoked tokens (and those of a deleted
   * household) → 401 INVALID_SESSION_TOKEN; a suspended or inactive household → 403 with its code.
   */
  async authenticate(token: string): Promise<SessionContext> {
    return authenticateSession(this.db, token, this.clock);
  }

  getSession(ctx: SessionContext): SessionResponse {
    return {
      accountId: ctx.household.id,
      userId: ctx.profile.id,
      crmToken: '',
      overTheDeviceLimit: false,
      expirationDateTime: ctx.session.expires_at,
      userProfile: toUserProfile(ctx.household, ctx.profile, ctx.profile.id),
    };
  }

  /**
   * Ends this session, or every session of the household: an account-level action, refused to a
   * restricted profile (403 PROFILE_RESTRICTED), which still ends its own.
   */
  async logout(ctx: SessionContext, fromAllDevice: boolean): Promise<void> {
    if (fromAllDevice) {
      refuseRestricted(ctx, 'sign every device of the household out');
      await repo.revokeHouseholdSessions(this.db, ctx.household.id, this.nowIso());
    } else await repo.revokeSession(this.db, ctx.tokenHash, this.nowIso());
  }

  // Profiles ----------------------------------------------------------------------------------

  async listProfiles(ctx: SessionContext): Promise<UserProfiles> {
    const rows = await repo.listProfiles(this.db, ctx.household.id);
    return { profiles: rows.map((p) => toUserProfile(ctx.household, p, ctx.profile.id)), pinCodes: [] };
  }

  async createProfile(ctx: SessionContext, input: UserProfileWrite): Promise<UserProfiles> {
    const displayName = input.displayName?.trim();
    if (!displayName) throw new ApiError(400, 'BAD_REQUEST', 'displayName: required');
    const pinHash = typeof input.pinCode === 'string' ? await hashPin(input.pinCode) : null;
    await inTransaction(this.db, async (trx) => {
      if ((await repo.countProfiles(trx, ctx.household.id)) >= this.limits.maxProfiles) {
        throw new ApiError(403, 'TOO_MANY_PROFILES', `at most ${this.limits.maxProfiles} profiles`);
      }
      await repo.insertProfile(trx, {
        id: newId('usr'),
        household_id: ctx.household.id,
        display_name: displayName,
        owner: 0,
        child: input.child ? 1 : 0,
        profile_type: input.profileType ?? null,
        language: input.language ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
        pin_hash: pinHash,
        created_at: this.nowIso(),
      });
    });
    return this.listProfiles(ctx);
  }

  /**
   * Changes the given fields; `metadata` replaces the whole map; `pinCode` sets (hashed) or removes
   * (null) the PIN. A restricted session changes only its own profile's name and metadata other
   * than PrLevel (403 PROFILE_RESTRICTED). Changing or removing a PIN the profile has needs its
   * current PIN or the account's password (ADR 0012).
   */
  async updateProfile(
    ctx: SessionContext,
    profileId: string,
    input: UserProfileUpdate,
    proof: { identityCookie?: string } = {},
  ): Promise<UserProfile> {
    const existing = await repo.findProfile(this.db, ctx.household.id, profileId);
    if (existing === undefined) throw unknownUser();
    if (isRestrictedRow(ctx.profile)) {
      if (existing.id !== ctx.profile.id) throw profileRestricted('change another profile');
      const refused = restrictedChanges(existing, input);
      if (refused.length > 0) throw profileRestricted(`change ${refused.join(', ')}`);
    }
    const changes: Parameters<typeof repo.updateProfile>[3] = {};
    if (input.displayName !== undefined) {
      const displayName = input.displayName.trim();
      if (displayName === '') throw new ApiError(400, 'BAD_REQUEST', 'displayName: must not be blank');
      changes.display_name = displayName;
    }
    if (input.child !== undefined) changes.child = input.child ? 1 : 0;
    if (input.profileType !== undefined) changes.profile_type = input.profileType;
    if (input.language !== undefined) changes.language = input.language;
    if (input.metadata !== undefined) changes.metadata = JSON.stringify(input.metadata);
    if (changesPin(existing, input)) {
      if (existing.pin_hash !== null) await this.provePinRight(ctx, existing.pin_hash, input, proof.identityCookie);
      changes.pin_hash = input.pinCode === null || input.pinCode === undefined ? null : await hashPin(input.pinCode);
    }
    await repo.updateProfile(this.db, ctx.household.id, profileId, changes);
    const updated = await repo.findProfile(this.db, ctx.household.id, profileId);
    if (updated === undefined) throw unknownUser();
    return toUserProfile(ctx.household, updated, ctx.profile.id);
  }

  /**
   * The right to change or remove a PIN: the current PIN (`currentPinCode`), else the account's
   * password (`currentPassword`, checked by the identity service). Wrong ones count towards the
   * household's PIN attempts (429 past them).
   */
  private async provePinRight(
    ctx: SessionContext,
    pinHash: string,
    input: UserProfileUpdate,
    identityCookie: string | undefined,
  ): Promise<void> {
    const { currentPinCode, currentPassword } = input;
    if (currentPinCode !== undefined) {
      if (!(await this.pinAttempts.attempt(ctx.household.id, () => verifyPin(currentPinCode, pinHash)))) {
        throw new ApiError(403, 'INVALID_PIN_CODE', 'currentPinCode: wrong PIN');
      }
      return;
    }
    const check = this.checkPassword;
    if (currentPassword === undefined || check === undefined) {
      throw new ApiError(
        403,
        'CURRENT_PIN_REQUIRED',
        'this profile has a PIN: send it in currentPinCode, or the account password in currentPassword',
      );
    }
    const matches = await this.pinAttempts.attempt(ctx.household.id, () =>
      check({ identityUserId: ctx.household.identity_user_id, password: currentPassword, identityCookie }),
    );
    if (!matches) throw new ApiError(403, 'INCORRECT_CREDENTIALS', 'currentPassword: wrong password');
  }

  /** Deletes a profile (never the owner) and its personal rows; its sessions, the caller's included, end. */
  async deleteProfile(ctx: SessionContext, profileId: string): Promise<UserProfiles> {
    await inTransaction(this.db, async (trx) => {
      const profile = await repo.findProfile(trx, ctx.household.id, profileId);
      if (profile === undefined) throw unknownUser();
      if (profile.owner === 1)
        throw new ApiError(403, 'CANNOT_DELETE_OWNER', 'the main profile cannot be deleted');
      await repo.deleteProfileRows(trx, ctx.household.id, profileId);
    });
    return this.listProfiles(ctx);
  }

  /**
   * A new session on another profile of the household; the current token is revoked. From a
   * restricted profile, a profile with a PIN opens only with that PIN (`pin`, the
   * x-parental-pin header): 403 PARENTAL_PIN_REQUIRED without it, INVALID_PIN_CODE when wrong.
   */
  async selectProfile(ctx: SessionContext, profileId: string, pin?: string): Promise<LoginResponse> {
    const target = await repo.findProfile(this.db, ctx.household.id, profileId);
    if (target === undefined) throw unknownUser();
    const targetPin = target.pin_hash;
    if (target.id !== ctx.profile.id && targetPin !== null && isRestrictedRow(ctx.profile)) {
      if (pin === undefined || pin === '') {
        throw new ApiError(403, 'PARENTAL_PIN_REQUIRED', `this profile has a PIN: send it in ${PARENTAL_PIN_HEADER}`);
      }
      if (!(await this.pinAttempts.attempt(ctx.household.id, () => verifyPin(pin, targetPin)))) {
        throw new ApiError(403, 'INVALID_PIN_CODE', 'wrong PIN');
      }
    }
    return inTransaction(this.db, async (trx) => {
      const profile = await repo.findProfile(trx, ctx.household.id, profileId);
      if (profile === undefined) throw unknownUser();
      await repo.revokeSession(trx, ctx.tokenHash, this.nowIso());
      return this.openSession(trx, ctx.household, profile, {
        deviceId: ctx.session.device_id,
        name: ctx.session.device_name,
        type: ctx.session.device_type,
      });
    });
  }

  // Household ---------------------------------------------------------------------------------

  /** Deletes the household and every personal row of it, in one transaction. */
  async deleteHousehold(ctx: SessionContext): Promise<void> {
    await inTransaction(this.db, (trx) => repo.deleteHouseholdRows(trx, ctx.household.id));
  }

  /**
   * The household's email follows the identity service's verified one only: the address must be
   * the one verified for this household's identity user (case ignored), else 403 UNVERIFIED_EMAIL
   * — an unconfirmed change, or another customer's address.
   */
  async changeEmail(ctx: SessionContext, newEmailAddress: string): Promise<void> {
    const email = newEmailAddress.trim();
    if (!EMAIL_PATTERN.test(email))
      throw new ApiError(400, 'BAD_REQUEST', 'newEmailAddress: not a valid email address');
    const identity = await this.identityUsers(ctx.household.identity_user_id);
    if (identity === undefined || !identity.emailVerified || identity.email.toLowerCase() !== email.toLowerCase()) {
      throw new ApiError(
        403,
        'UNVERIFIED_EMAIL',
        'newEmailAddress: not the address verified for this account; change it at the identity service (/identity/change-email) and follow the link of its mail first',
      );
    }
    await repo.updateHouseholdEmail(this.db, ctx.household.id, identity.email);
  }

  // Preferences -------------------------------------------------------------------------------

  async getPreferences(ctx: SessionContext): Promise<PreferencesResponse> {
    const row = await repo.findPreferences(this.db, ctx.profile.id);
    return row === undefined
      ? { lastUpdated: ctx.profile.created_at, preferences: {} }
      : { lastUpdated: row.last_updated, preferences: parseJson<Record<string, string>>(row.map, {}) };
  }

  /** Replaces the whole map; values are kept as text (`true` → 'true'). */
  async setPreferences(ctx: SessionContext, preferences: Record<string, unknown>): Promise<void> {
    const entries = Object.entries(preferences);
    if (entries.length > this.limits.maxPreferences) {
      throw new ApiError(403, 'TOO_MANY_PREFERENCES', `at most ${this.limits.maxPreferences} preferences`);
    }
    const map: Record<string, string> = {};
    for (const [key, value] of entries) {
      const text = typeof value === 'string' ? value : String(value);
      if (text.length > this.limits.maxPreferenceLength) {
        throw new ApiError(
          403,
          'TOO_LONG_PREFERENCES',
          `${key}: at most ${this.limits.maxPreferenceLength} characters`,
        );
      }
      map[key] = text;
    }
    await repo.savePreferences(this.db, ctx.profile.id, JSON.stringify(map), this.nowIso());
  }

  // Favourites --------------------------------------------------------------------------------

  /** The profile's favourites, newest first; assets no longer published are left out. */
  async listFavorites(ctx: SessionContext, limit?: number): Promise<FavoriteItem[]> {
    const rows = await repo.listFavorites(this.db, ctx.profile.id);
    const assets = await this.assetsById(rows.map((r) => r.asset_id));
    const items = rows.flatMap((row) => {
      const asset = assets.get(row.asset_id);
      return asset === undefined ? [] : [favoriteItem(row, asset)];
    });
    return limit === undefined ? items : items.slice(0, limit);
  }

  /** One favourite; 404 NOT_FOUND when it is not in the list (or no longer published). */
  async getFavorite(ctx: SessionContext, assetId: string): Promise<FavoriteItem> {
    const row = await repo.findFavorite(this.db, ctx.profile.id, assetId);
    const asset = row === undefined ? undefined : (await this.assetsById([row.asset_id])).get(row.asset_id);
    if (row === undefined || asset === undefined)
      throw new ApiError(404, 'NOT_FOUND', `${assetId} is not in the list`);
    return favoriteItem(row, asset);
  }

  /** Adds a published asset (unknown → 404 UNKNOWN_ASSET); adding twice changes nothing; past the limit → 409 LIMIT_REACHED. */
  async addFavorite(
    ctx: SessionContext,
    assetId: string,
    input: { order?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    const snapshot = await this.catalogue.snapshot();
    const asset = this.catalogue.getAsset(snapshot, assetId, {});
    const id = asset.assetId;
    await inTransaction(this.db, async (trx) => {
      if ((await repo.findFavorite(trx, ctx.profile.id, id)) !== undefined) return;
      if ((await repo.countFavorites(trx, ctx.profile.id)) >= this.limits.maxFavorites) {
        throw new ApiError(409, 'LIMIT_REACHED', `at most ${this.limits.maxFavorites} favourites`);
      }
      await repo.insertFavorite(trx, {
        profile_id: ctx.profile.id,
        asset_id: id,
        position: input.order ?? 0,
        metadata: JSON.stringify(input.metadata ?? {}),
        created_at: this.nowIso(),
      });
    });
  }

  async removeFavorite(ctx: SessionContext, assetId: string): Promise<void> {
    await repo.deleteFavorite(this.db, ctx.profile.id, assetId);
  }

  // Play history ------------------------------------------------------------------------------

  async lastViewedOffsets(
    ctx: SessionContext,
    query: { assetIds?: string[]; pageSize?: number; pageNumber?: number },
  ): Promise<LastViewedOffsetResponse> {
    const ids = query.assetIds
      ?.flatMap((v) => v.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const entries = await repo.listPlayHistory(
      this.db,
      ctx.profile.id,
      ids !== undefined && ids.length > 0 ? ids : undefined,
    );
    const pageSize = query.pageSize ?? LAST_VIEWED_DEFAULT_PAGE_SIZE;
    const pageNumber = query.pageNumber ?? 1;
    const start = (pageNumber - 1) * pageSize;
    return { count: entries.length, pageNumber, pageSize, items: entries.slice(start, start + pageSize) };
  }

  /** Started and not finished (0 < offset < 95 % of the duration), published assets, most recent first. */
  async continueWatching(ctx: SessionContext): Promise<{ items: ContinueWatchingItem[] }> {
    const entries = (await repo.listPlayHistory(this.db, ctx.profile.id)).filter(
      (e) => e.lastViewedOffset > 0,
    );
    const assets = await this.assetsById(entries.map((e) => e.assetId));
    const items = entries.flatMap((entry): ContinueWatchingItem[] => {
      const asset = assets.get(entry.assetId);
      if (asset === undefined) return [];
      if (
        asset.duration !== undefined &&
        asset.duration > 0 &&
        entry.lastViewedOffset >= asset.duration * FINISHED_SHARE
      )
        return [];
      return [
        {
          ...asset,
          userData: {
            playHistory: { lastViewedOffset: entry.lastViewedOffset, lastViewedTime: entry.lastViewedTime },
          },
        },
      ];
    });
    return { items };
  }

  /** The published assets among these ids, serialised as content/asset/{id} does. */
  private async assetsById(ids: string[]): Promise<Map<string, Asset>> {
    const out = new Map<string, Asset>();
    if (ids.length === 0) return out;
    const snapshot = await this.catalogue.snapshot();
    for (const id of ids) {
      try {
        out.set(id, this.catalogue.getAsset(snapshot, id, {}));
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'UNKNOWN_ASSET')) throw error;
      }
    }
    return out;
  }
}

function favoriteItem(row: repo.FavoriteRow, asset: Asset): FavoriteItem {
  return {
    assetId: row.asset_id,
    asset,
    lastUpdated: row.created_at,
    order: Number(row.position),
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  };
}

/** The main profile's first preferences: what was typed at registration (the keys the web app reads). */
function registrationPreferences(details: RegistrationDetails, email: string): Record<string, string> {
  return {
    firstname: details.firstName,
    lastname: details.lastName,
    email,
    dateofbirth: details.birthday,
    gender: details.gender,
    country: details.country,
    newsletter: 'false',
  };
}

/** A profile as the API shows it; `active` marks the session's own profile; the PIN is only `hasPinCode`. */
export function toUserProfile(
  household: HouseholdRow,
  profile: ProfileRow,
  currentProfileId: string,
): UserProfile {
  const owner = Number(profile.owner) === 1;
  const out: UserProfile = {
    userId: profile.id,
    username: household.email,
    displayName: profile.display_name,
    created: profile.created_at,
    metadata: parseJson<Record<string, string>>(profile.metadata, {}),
    active: profile.id === currentProfileId,
    owner,
    child: Number(profile.child) === 1,
    hasPinCode: profile.pin_hash !== null,
    restricted: isRestrictedRow(profile),
  };
  if (owner) out.emailAddress = household.email;
  if (profile.profile_type !== null) out.profileType = profile.profile_type;
  if (profile.language !== null) out.language = profile.language;
  return out;
}

/**
 * The session of a bearer token: unknown, expired or revoked tokens (and those of a deleted
 * household) → 401 INVALID_SESSION_TOKEN; a suspended or inactive household → 403 with its code.
 */
export async function authenticateSession(db: Executor, token: string, clock: () => number = Date.now): Promise<SessionContext> {
  const tokenHash = hashToken(token);
  const session = await repo.findSession(db, tokenHash);
  if (session === undefined || session.revoked_at !== null || Date.parse(session.expires_at) <= clock()) {
    throw invalidSession();
  }
  const household = await repo.findHouseholdById(db, session.household_id);
  if (household === undefined) throw invalidSession();
  refuseInactive(household);
  const profile = await repo.findProfile(db, household.id, session.profile_id);
  if (profile === undefined) throw invalidSession();
  return { tokenHash, session, household, profile };
}

/**
 * What a restricted profile asks to change of its own profile beyond its name and avatar (and its
 * other metadata, such as Reminders): the child flag, the PrLevel, the profile type, the language,
 * the PIN. A field sent with its current value is no change (a client may send the whole form).
 */
function restrictedChanges(existing: ProfileRow, input: UserProfileWrite): string[] {
  const refused: string[] = [];
  if (input.child !== undefined && (input.child ? 1 : 0) !== Number(existing.child)) refused.push('child');
  if (input.metadata !== undefined) {
    const current = parentalProfileOf(existing).prLevel;
    if (input.metadata[PROFILE_PROPERTY.prLevel] !== current) refused.push(PROFILE_PROPERTY.prLevel);
  }
  if (input.profileType !== undefined && input.profileType !== existing.profile_type) refused.push('profileType');
  if (input.language !== undefined && input.language !== existing.language) refused.push('language');
  if (changesPin(existing, input)) refused.push('pinCode');
  return refused;
}

/** Whether the write sets or removes a PIN (removing none is no change). */
function changesPin(existing: ProfileRow, input: UserProfileWrite): boolean {
  return input.pinCode !== undefined && !(input.pinCode === null && existing.pin_hash === null);
}

// Administration ------------------------------------------------------------------------------

/** A refusal of the household-status command (unknown status or email): its message is for the operator. */
export class HouseholdStatusError extends Error {
  override readonly name = 'HouseholdStatusError';
}

export function isHouseholdStatus(value: string): value is HouseholdStatus {
  return (HOUSEHOLD_STATUSES as readonly string[]).includes(value);
}

/**
 * Sets the status of the household of this email (case ignored): SUSPENDED_HOUSEHOLD and
 * INACTIVE_HOUSEHOLD refuse sign-in and every personal call (403 with that code); ACTIVE restores.
 */
export async function setHouseholdStatus(
  db: Kysely<Database>,
  email: string,
  status: string,
): Promise<{ householdId: string; previous: string; status: HouseholdStatus }> {
  if (!isHouseholdStatus(status)) {
    throw new HouseholdStatusError(
      `unknown status "${status}": expected one of ${HOUSEHOLD_STATUSES.join(', ')}`,
    );
  }
  const households = await repo.findHouseholdsByEmail(db, email.trim());
  if (households.length === 0) throw new HouseholdStatusError(`no household with the email ${email}`);
  if (households.length > 1) {
    throw new HouseholdStatusError(
      `${households.length} households have the email ${email}: ${households.map((h) => h.id).join(', ')}`,
    );
  }
  const household = households[0] as HouseholdRow;
  await repo.updateHouseholdStatus(db, household.id, status);
  return { householdId: household.id, previous: household.status, status };
}

/**
 * The identity's new address was verified (identity module's afterEmailVerification): the
 * household's email follows it. Returns whether there was a household.
 */
export async function followIdentityEmail(db: Kysely<Database>, identityUserId: string, email: string): Promise<boolean> {
  const household = await repo.findHouseholdByIdentityUser(db, identityUserId);
  if (household === undefined) return false;
  if (household.email !== email) await repo.updateHouseholdEmail(db, household.id, email);
  return true;
}

/**
 * The identity behind a household was deleted (identity module's afterDelete): the household and
 * every personal row go with it, so a later sign-up with the same address starts afresh.
 * Returns whether there was a household.
 */
export async function deleteHouseholdOfIdentityUser(db: Kysely<Database>, identityUserId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const household = await repo.findHouseholdByIdentityUser(trx, identityUserId);
    if (!household) return false;
    await repo.deleteHouseholdRows(trx, household.id);
    return true;
  });
}
