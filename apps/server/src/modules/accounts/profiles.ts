import {
  DEFAULT_LOCALE,
  PARENTAL_PIN_HEADER,
  PROFILE_PROPERTY,
  type LoginResponse,
  type UserDetails,
  type UserDetailsUpdate,
  type UserProfile,
  type UserProfiles,
  type UserProfileUpdate,
  type UserProfileWrite,
} from '@antenne/contract';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { AccountsPart, unknownUser, type SessionContext } from './core.js';
import { isRestrictedRow, parentalProfileOf, profileRestricted } from './parental.js';
import { checkedMetadata } from './reminders.js';
import * as repo from './repository.js';
import type { ProfileRow } from './repository.js';
import { hashPin, newId, verifyPin } from './secrets.js';
import { openSession } from './sessions.js';
import { toUserProfile } from './user-profile.js';

/**
 * A household's profiles: list, create, change (the parental rules of ADR 0012: what a restricted
 * profile may change, the proof a PIN change needs) and delete them, and switch the session to
 * another profile (its PIN from a restricted one). Wrong PINs go through the household's count.
 */
export class ProfilesService extends AccountsPart {
  async listProfiles(ctx: SessionContext): Promise<UserProfiles> {
    const rows = await repo.listProfiles(this.db, ctx.household.id);
    return {
      profiles: rows.map((p) => toUserProfile(ctx.household, p, ctx.profile.id, this.clock())),
      pinCodes: [],
    };
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
        metadata: JSON.stringify(checkedMetadata(input.metadata ?? {}, this.clock())),
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
    if (input.metadata !== undefined)
      changes.metadata = JSON.stringify(checkedMetadata(input.metadata, this.clock()));
    if (changesPin(existing, input)) {
      if (existing.pin_hash !== null)
        await this.provePinRight(ctx, existing.pin_hash, input, proof.identityCookie);
      changes.pin_hash =
        input.pinCode === null || input.pinCode === undefined ? null : await hashPin(input.pinCode);
    }
    await repo.updateProfile(this.db, ctx.household.id, profileId, changes);
    const updated = await repo.findProfile(this.db, ctx.household.id, profileId);
    if (updated === undefined) throw unknownUser();
    return toUserProfile(ctx.household, updated, ctx.profile.id, this.clock());
  }

  /**
   * The session's own profile as Exposure's user details: its name, language, metadata and what
   * it may do (the owner manages the account; a restricted profile nothing of it).
   */
  userDetails(ctx: SessionContext): UserDetails {
    return toUserDetails(toUserProfile(ctx.household, ctx.profile, ctx.profile.id, this.clock()));
  }

  /**
   * Changes the session's own profile (PUT user/details): the rules of updateProfile (a restricted
   * profile changes only its name and metadata other than PrLevel; 403 PROFILE_RESTRICTED).
   */
  async updateUserDetails(ctx: SessionContext, input: UserDetailsUpdate): Promise<UserDetails> {
    return toUserDetails(await this.updateProfile(ctx, ctx.profile.id, input));
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
        throw new ApiError(
          403,
          'PARENTAL_PIN_REQUIRED',
          `this profile has a PIN: send it in ${PARENTAL_PIN_HEADER}`,
        );
      }
      if (!(await this.pinAttempts.attempt(ctx.household.id, () => verifyPin(pin, targetPin)))) {
        throw new ApiError(403, 'INVALID_PIN_CODE', 'wrong PIN');
      }
    }
    return inTransaction(this.db, async (trx) => {
      const profile = await repo.findProfile(trx, ctx.household.id, profileId);
      if (profile === undefined) throw unknownUser();
      await repo.revokeSession(trx, ctx.tokenHash, this.nowIso());
      // Not a sign-in: the new session stands on the one it replaces.
      return openSession(
        trx,
        this.clock,
        this.tokens,
        ctx.household,
        profile,
        { deviceId: ctx.session.device_id, name: ctx.session.device_name, type: ctx.session.device_type },
        ctx.session.signed_in_at,
      );
    });
  }
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
  if (input.profileType !== undefined && input.profileType !== existing.profile_type)
    refused.push('profileType');
  if (input.language !== undefined && input.language !== existing.language) refused.push('language');
  if (changesPin(existing, input)) refused.push('pinCode');
  return refused;
}

/** Whether the write sets or removes a PIN (removing none is no change). */
function changesPin(existing: ProfileRow, input: UserProfileWrite): boolean {
  return input.pinCode !== undefined && !(input.pinCode === null && existing.pin_hash === null);
}

/** A profile as Exposure's ApiUserDetailsResponse. */
function toUserDetails(profile: UserProfile): UserDetails {
  const manages = profile.owner && !profile.restricted;
  const details: UserDetails = {
    username: profile.username,
    displayName: profile.displayName,
    language: profile.language ?? DEFAULT_LOCALE,
    child: profile.child,
    metadata: profile.metadata,
    capabilities: {
      canChangePassword: manages,
      canChangeUserNameAndEmail: manages,
      canChangeEmail: manages,
      canManageAccount: manages,
      canManageDevices: manages,
      canManagePayments: false,
      canManagePurchases: false,
    },
    attributes: [],
  };
  if (profile.emailAddress !== undefined) details.email = profile.emailAddress;
  if (profile.profileType !== undefined) details.profileType = profile.profileType;
  return details;
}
