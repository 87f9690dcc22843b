import {
  ANONYMOUS_SESSION_TTL_MS,
  SESSION_TTL_MS,
  type AnonymousSessionRequest,
  type AnonymousSessionResponse,
  type DeviceRegistration,
  type LoginResponse,
  type RegistrationDetails,
  type SessionResponse,
} from '@antenne/contract';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import {
  AccountsPart,
  invalidSession,
  refuseInactive,
  type IdentityLoginClaims,
  type SessionContext,
} from './core.js';
import { refuseRestricted } from './parental.js';
import * as repo from './repository.js';
import type { HouseholdRow, ProfileRow } from './repository.js';
import { hashToken, newId } from './secrets.js';
import {
  ANONYMOUS_ID,
  AnonymousSessionError,
  SessionTokens,
  type AnonymousSession,
} from './session-token.js';
import { toUserProfile } from './user-profile.js';

/**
 * Sign-in and Exposure sessions: the household and its main profile made at an identity user's
 * first login, the bearer token's session, sign-out.
 */
export class SessionsService extends AccountsPart {
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
      const displayName = claims.displayName?.trim() || claims.email.split('@')[0] || claims.email;
      let household = await findOrCreateHousehold(
        trx,
        this.nowIso(),
        { identity_user_id: claims.identityUserId, email: claims.email },
        { displayName, language: claims.language ?? null },
        async (profileId, now) => {
          if (registration !== undefined) {
            await repo.savePreferences(
              trx,
              profileId,
              JSON.stringify(registrationPreferences(registration, claims.email)),
              now,
            );
          }
        },
      );
      refuseInactive(household);
      if (household.email !== claims.email) {
        // The identity service owns the sign-in email: keep the household's in step.
        await repo.updateHouseholdEmail(trx, household.id, claims.email);
        household = { ...household, email: claims.email };
      }
      const profile = await repo.findOwnerProfile(trx, household.id);
      if (profile === undefined) throw new Error(`household ${household.id} has no main profile`);
      // The identity's sign-in (firebaseLogin: the ID token's auth_time), or this login's.
      const signedInMs = Math.min(claims.signedInMs ?? this.clock(), this.clock());
      return openSession(
        trx,
        this.clock,
        this.tokens,
        household,
        profile,
        { deviceId: device.deviceId, name: device.name, type: device.type },
        new Date(signedInMs).toISOString(),
      );
    });
  }

  /**
   * Signs a pay-TV distributor's subscriber in (adobePrimetimeLogin, issue 19), once its media
   * token is verified (modules/tv-provider): the household bound to (distributor, subscriber) is
   * made at its first login with one owner profile; a suspended or inactive household is refused;
   * then a provider-bound session (`sessions.tv_provider`), which US plays require.
   */
  async loginTvProviderSubscriber(
    subscriber: TvProviderSubscriber,
    device: DeviceRegistration,
  ): Promise<LoginResponse> {
    const { providerId, subscriberId } = subscriber;
    return inTransaction(this.db, async (trx) => {
      const household = await findOrCreateHousehold(
        trx,
        this.nowIso(),
        {
          // Unique like an identity user's id, and never one: the race of two first logins ends here.
          identity_user_id: `tv-provider:${providerId}:${subscriberId}`,
          email: '',
          tv_provider: providerId,
          tv_provider_subscriber: subscriberId,
        },
        { displayName: subscriber.displayName, language: subscriber.language ?? null },
      );
      refuseInactive(household);
      const profile = await repo.findOwnerProfile(trx, household.id);
      if (profile === undefined) throw new Error(`household ${household.id} has no main profile`);
      // The distributor's media token, just verified and spent: this login is the sign-in.
      const login = await openSession(
        trx,
        this.clock,
        this.tokens,
        household,
        profile,
        { deviceId: device.deviceId, name: device.name, type: device.type },
        this.nowIso(),
      );
      // The distributor authorized the network's US service: its products, for as long as this session.
      await repo.grantProviderSubscriptions(
        trx,
        household.id,
        subscriber.products,
        this.nowIso(),
        login.expirationDateTime,
      );
      return login;
    });
  }

  /**
   * The session of a bearer token: unknown, expired or revoked tokens (and those of a deleted
   * household) → 401 INVALID_SESSION_TOKEN; a suspended or inactive household → 403 with its code;
   * a current anonymous session → AnonymousSessionError (403 FORBIDDEN with a LOGIN action: it has
   * no account), which the public reads take for a visitor.
   */
  async authenticate(token: string): Promise<SessionContext> {
    if (SessionTokens.looksAnonymous(token)) {
      throw new AnonymousSessionError(this.tokens.checkAnonymous(token, this.clock()));
    }
    return authenticateSession(this.db, token, this.clock);
  }

  /**
   * A device session without an account (Exposure auth/anonymous): it browses and reads what a
   * visitor may; playing and every personal call need a login. Nothing is stored: the token is
   * signed and expires after ANONYMOUS_SESSION_TTL_MS.
   */
  anonymousSession(request: AnonymousSessionRequest): AnonymousSessionResponse {
    const now = this.clock();
    const expiresMs = now + ANONYMOUS_SESSION_TTL_MS;
    return {
      sessionToken: this.tokens.issue({
        accountId: ANONYMOUS_ID,
        userId: ANONYMOUS_ID,
        issuedMs: now,
        expiresMs,
        anonymous: true,
        deviceId: request.deviceId,
        deviceType: request.device.type,
      }),
      expirationDateTime: new Date(expiresMs).toISOString(),
    };
  }

  /**
   * GET auth/session with an anonymous session: valid, with no account (Red Bee's clients check a
   * stored session this way at start, and take anything but 200 or 401 for a failure).
   */
  anonymousSessionInfo(session: AnonymousSession): SessionResponse {
    return {
      accountId: ANONYMOUS_ID,
      userId: ANONYMOUS_ID,
      crmToken: '',
      overTheDeviceLimit: false,
      expirationDateTime: new Date(session.expiresMs).toISOString(),
      userProfile: {
        userId: ANONYMOUS_ID,
        username: '',
        displayName: '',
        created: new Date(
          Number.isFinite(session.issuedMs) ? session.issuedMs : session.expiresMs,
        ).toISOString(),
        metadata: {},
        active: true,
        owner: false,
        child: false,
        hasPinCode: false,
        restricted: false,
      },
    };
  }

  getSession(ctx: SessionContext): SessionResponse {
    return {
      accountId: ctx.household.id,
      userId: ctx.profile.id,
      crmToken: '',
      overTheDeviceLimit: false,
      expirationDateTime: ctx.session.expires_at,
      userProfile: toUserProfile(ctx.household, ctx.profile, ctx.profile.id, this.clock()),
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
}

/**
 * A new session of the household on this profile and device: its token, once, in a LoginResponse.
 * `signedInAt`: the sign-in it stands on (ISO-8601; a profile switch passes its session's on),
 * null when no sign-in made it (a big screen activated by a code).
 */
export async function openSession(
  db: Executor,
  clock: () => number,
  tokens: SessionTokens,
  household: HouseholdRow,
  profile: ProfileRow,
  device: { deviceId: string; name: string; type: string },
  signedInAt: string | null,
): Promise<LoginResponse> {
  const now = clock();
  const expires = new Date(now + SESSION_TTL_MS).toISOString();
  const token = tokens.issue({
    accountId: household.id,
    userId: profile.id,
    issuedMs: now,
    expiresMs: now + SESSION_TTL_MS,
    anonymous: false,
    deviceId: device.deviceId,
    deviceType: device.type,
  });
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
    // Every session of a distributor's subscriber's household is provider-bound (a profile chosen,
    // a big screen activated), and keeps the network's US service for as long as it lasts.
    tv_provider: household.tv_provider,
    signed_in_at: signedInAt,
  });
  if (household.tv_provider !== null) await repo.extendProviderSubscriptions(db, household.id, expires);
  const response: LoginResponse = {
    sessionToken: token,
    expirationDateTime: expires,
    accountId: household.id,
    userId: profile.id,
    accountStatus: 'OK',
    crmToken: '',
    isOverDeviceLimit: false,
    userProfile: toUserProfile(household, profile, profile.id, now),
    ...(household.tv_provider === null ? {} : { tvProvider: household.tv_provider }),
  };
  if (profile.language !== null) response.language = profile.language;
  return response;
}

/** Who adobePrimetimeLogin signs in: a distributor's subscriber, from its verified media token. */
export interface TvProviderSubscriber {
  providerId: string;
  /** The distributor's opaque id of its subscriber (the token's `sub`). */
  subscriberId: string;
  /** The main profile's name at the first login. */
  displayName: string;
  language?: string;
  /** The subscription products the distributor's authorization stands for (TV_PROVIDER_PRODUCTS). */
  products: readonly string[];
}

/**
 * The household of `keys` (an identity user's id; for a distributor's subscriber also its pair),
 * made with its main profile when absent; `onCreated` runs on the new profile (in the caller's
 * transaction). Two first logins at once make one household: the other insert does nothing.
 */
async function findOrCreateHousehold(
  trx: Executor,
  now: string,
  keys: { identity_user_id: string; email: string; tv_provider?: string; tv_provider_subscriber?: string },
  owner: { displayName: string; language: string | null },
  onCreated?: (profileId: string, now: string) => Promise<void>,
): Promise<HouseholdRow> {
  const existing = await repo.findHouseholdByIdentityUser(trx, keys.identity_user_id);
  if (existing !== undefined) return existing;
  const id = newId('acc');
  await repo.insertHouseholdIfAbsent(trx, { id, ...keys, status: 'ACTIVE', created_at: now });
  const household = await repo.findHouseholdByIdentityUser(trx, keys.identity_user_id);
  if (household === undefined) throw new Error('household insert lost');
  if (household.id === id) {
    const profileId = newId('usr');
    await repo.insertProfile(trx, {
      id: profileId,
      household_id: id,
      display_name: owner.displayName.slice(0, 256),
      owner: 1,
      child: 0,
      profile_type: null,
      language: owner.language,
      metadata: '{}',
      pin_hash: null,
      created_at: now,
    });
    await onCreated?.(profileId, now);
  }
  return household;
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

/**
 * The session of a bearer token: unknown, expired or revoked tokens (and those of a deleted
 * household) → 401 INVALID_SESSION_TOKEN; a suspended or inactive household → 403 with its code.
 */
export async function authenticateSession(
  db: Executor,
  token: string,
  clock: () => number = Date.now,
): Promise<SessionContext> {
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
 * A new session of an existing household's profile on another device (device activation, issue
 * 18): the household must still be active (403 with its code) and the profile still exist (401
 * INVALID_SESSION_TOKEN, as a session of a deleted profile). No sign-in made it (`signed_in_at`
 * NULL: it cannot delete the account). The caller's executor owns the transaction.
 */
export async function openSessionForDevice(
  db: Executor,
  clock: () => number,
  tokens: SessionTokens,
  ids: { householdId: string; profileId: string },
  device: { deviceId: string; name: string; type: string },
): Promise<LoginResponse> {
  const household = await repo.findHouseholdById(db, ids.householdId);
  if (household === undefined) throw invalidSession();
  refuseInactive(household);
  const profile = await repo.findProfile(db, household.id, ids.profileId);
  if (profile === undefined) throw invalidSession();
  return openSession(db, clock, tokens, household, profile, device, null);
}
