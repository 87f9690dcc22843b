import {
  MAX_FAVORITES,
  MAX_PREFERENCE_LENGTH,
  MAX_PREFERENCES,
  MAX_PROFILES,
  type AnonymousSessionRequest,
  type AnonymousSessionResponse,
  type DeviceRegistration,
  type UserDetails,
  type UserDetailsUpdate,
  type LastViewedOffsetResponse,
  type LoginResponse,
  type PreferencesResponse,
  type TagListResponse,
  type SessionResponse,
  type UserProfile,
  type UserProfiles,
  type UserProfileUpdate,
  type UserProfileWrite,
} from '@antenne/contract';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CatalogueService } from '../catalogue/index.js';
import type {
  AccountLimits,
  AccountsCore,
  AccountsDeps,
  ContinueWatchingItem,
  FavoriteItem,
  IdentityLoginClaims,
  SessionContext,
} from './core.js';
import { HouseholdService } from './household.js';
import { PersonalService } from './personal.js';
import { WrongPinLimiter } from './pin-attempts.js';
import { PlayHistoryService } from './play-history.js';
import { ProfilesService } from './profiles.js';
import { SessionTokens, type AnonymousSession } from './session-token.js';
import { SessionsService, type TvProviderSubscriber } from './sessions.js';

/**
 * The accounts' rules: households and their profiles, Exposure sessions, and each profile's
 * preferences, favourites and play history. Every call after login acts on the household and
 * profile of a checked session (SessionContext) and nothing else. No HTTP here.
 *
 * AccountsService is the one object the routes (and the play call) hold; it is built once with
 * its dependencies and hands each call to the service of its part: sessions.ts, profiles.ts,
 * household.ts, personal.ts (preferences, favourites), play-history.ts (continue watching).
 */

export type {
  AccountLimits,
  AccountPasswordCheck,
  AccountsDeps,
  ContinueWatchingItem,
  FavoriteItem,
  FindIdentityUser,
  IdentityLoginClaims,
  PasswordSignIn,
  SessionContext,
} from './core.js';
export { invalidSession } from './core.js';
export {
  deleteHouseholdOfIdentityUser,
  followIdentityEmail,
  HouseholdStatusError,
  isHouseholdStatus,
  setHouseholdStatus,
} from './household.js';
export { authenticateSession } from './sessions.js';
export { toUserProfile } from './user-profile.js';

export class AccountsService {
  private readonly sessions: SessionsService;
  private readonly profiles: ProfilesService;
  private readonly household: HouseholdService;
  private readonly personal: PersonalService;
  private readonly history: PlayHistoryService;

  constructor(
    db: Kysely<Database>,
    /** Serialises assets as the catalogue's content/asset endpoint does (published ones only). */
    catalogue: Pick<CatalogueService, 'snapshot' | 'getAsset'>,
    clock: () => number = Date.now,
    limits: Partial<AccountLimits> = {},
    deps: AccountsDeps = {},
  ) {
    const core: AccountsCore = {
      db,
      catalogue,
      clock,
      limits: {
        maxProfiles: limits.maxProfiles ?? MAX_PROFILES,
        maxFavorites: limits.maxFavorites ?? MAX_FAVORITES,
        maxPreferences: limits.maxPreferences ?? MAX_PREFERENCES,
        maxPreferenceLength: limits.maxPreferenceLength ?? MAX_PREFERENCE_LENGTH,
      },
      pinAttempts: deps.pinAttempts ?? new WrongPinLimiter(db, clock),
      checkPassword: deps.checkPassword,
      identityUsers: deps.identityUsers ?? (async () => undefined),
      tokens: deps.sessionTokens ?? new SessionTokens(randomBytes(32).toString('base64url'), 'antenne'),
    };
    this.sessions = new SessionsService(core);
    this.profiles = new ProfilesService(core);
    this.household = new HouseholdService(core);
    this.personal = new PersonalService(core);
    this.history = new PlayHistoryService(core);
  }

  // Sign-in and sessions (sessions.ts) --------------------------------------------------------

  loginIdentityUser(claims: IdentityLoginClaims, device: DeviceRegistration): Promise<LoginResponse> {
    return this.sessions.loginIdentityUser(claims, device);
  }

  loginTvProviderSubscriber(
    subscriber: TvProviderSubscriber,
    device: DeviceRegistration,
  ): Promise<LoginResponse> {
    return this.sessions.loginTvProviderSubscriber(subscriber, device);
  }

  authenticate(token: string): Promise<SessionContext> {
    return this.sessions.authenticate(token);
  }

  anonymousSession(request: AnonymousSessionRequest): AnonymousSessionResponse {
    return this.sessions.anonymousSession(request);
  }

  anonymousSessionInfo(session: AnonymousSession): SessionResponse {
    return this.sessions.anonymousSessionInfo(session);
  }

  userDetails(ctx: SessionContext): UserDetails {
    return this.profiles.userDetails(ctx);
  }

  updateUserDetails(ctx: SessionContext, input: UserDetailsUpdate): Promise<UserDetails> {
    return this.profiles.updateUserDetails(ctx, input);
  }

  getSession(ctx: SessionContext): SessionResponse {
    return this.sessions.getSession(ctx);
  }

  logout(ctx: SessionContext, fromAllDevice: boolean): Promise<void> {
    return this.sessions.logout(ctx, fromAllDevice);
  }

  // Profiles (profiles.ts) --------------------------------------------------------------------

  listProfiles(ctx: SessionContext): Promise<UserProfiles> {
    return this.profiles.listProfiles(ctx);
  }

  createProfile(ctx: SessionContext, input: UserProfileWrite): Promise<UserProfiles> {
    return this.profiles.createProfile(ctx, input);
  }

  updateProfile(
    ctx: SessionContext,
    profileId: string,
    input: UserProfileUpdate,
    proof: { identityCookie?: string } = {},
  ): Promise<UserProfile> {
    return this.profiles.updateProfile(ctx, profileId, input, proof);
  }

  deleteProfile(ctx: SessionContext, profileId: string): Promise<UserProfiles> {
    return this.profiles.deleteProfile(ctx, profileId);
  }

  selectProfile(ctx: SessionContext, profileId: string, pin?: string): Promise<LoginResponse> {
    return this.profiles.selectProfile(ctx, profileId, pin);
  }

  // Household (household.ts) ------------------------------------------------------------------

  deleteHousehold(ctx: SessionContext): Promise<void> {
    return this.household.deleteHousehold(ctx);
  }

  changeEmail(ctx: SessionContext, newEmailAddress: string): Promise<void> {
    return this.household.changeEmail(ctx, newEmailAddress);
  }

  // Preferences and favourites (personal.ts) --------------------------------------------------

  getPreferences(ctx: SessionContext): Promise<PreferencesResponse> {
    return this.personal.getPreferences(ctx);
  }

  setPreferences(ctx: SessionContext, preferences: Record<string, unknown>): Promise<void> {
    return this.personal.setPreferences(ctx, preferences);
  }

  listFavorites(ctx: SessionContext, limit?: number): Promise<FavoriteItem[]> {
    return this.personal.listFavorites(ctx, limit);
  }

  getFavorite(ctx: SessionContext, assetId: string): Promise<FavoriteItem> {
    return this.personal.getFavorite(ctx, assetId);
  }

  addFavorite(
    ctx: SessionContext,
    assetId: string,
    input: { order?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    return this.personal.addFavorite(ctx, assetId, input);
  }

  removeFavorite(ctx: SessionContext, assetId: string): Promise<void> {
    return this.personal.removeFavorite(ctx, assetId);
  }

  listFollowedTags(ctx: SessionContext): Promise<TagListResponse> {
    return this.personal.listFollowedTags(ctx);
  }

  followTag(
    ctx: SessionContext,
    tagId: string,
    input: { order?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    return this.personal.followTag(ctx, tagId, input);
  }

  unfollowTag(ctx: SessionContext, tagId: string): Promise<void> {
    return this.personal.unfollowTag(ctx, tagId);
  }

  // Play history (play-history.ts) ------------------------------------------------------------

  lastViewedOffsets(
    ctx: SessionContext,
    query: { assetIds?: string[]; pageSize?: number; pageNumber?: number },
  ): Promise<LastViewedOffsetResponse> {
    return this.history.lastViewedOffsets(ctx, query);
  }

  continueWatching(ctx: SessionContext): Promise<{ items: ContinueWatchingItem[] }> {
    return this.history.continueWatching(ctx);
  }
}
