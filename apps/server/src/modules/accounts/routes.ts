import {
  AssetSchema,
  BoundedRecord,
  ChangeEmailRequestSchema,
  CredentialsSchema,
  ErrorBodySchema,
  FAVORITES_LIST,
  FirebaseLoginRequestSchema,
  IDENTITY_USERNAME_PREFIX,
  LastViewedOffsetResponseSchema,
  LoginResponseSchema,
  MAX_PROFILE_METADATA,
  MessageResponseSchema,
  PARENTAL_PIN_HEADER,
  PreferencesResponseSchema,
  SessionResponseSchema,
  UserProfileSchema,
  UserProfilesSchema,
  UserProfileUpdateSchema,
  UserProfileWriteSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../../db/database.js';
import { assertTenant, type Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { CatalogueService } from '../catalogue/service.js';
import { unrestrictedOnly } from './parental.js';
import type { WrongPinLimiter } from './pin-attempts.js';
import {
  AccountsService,
  type AccountLimits,
  type AccountPasswordCheck,
  type FindIdentityUser,
  type IdentityLoginClaims,
} from './service.js';
import { requireSession, sessionOf } from './session-auth.js';

/** Checks an ID token of the identity service (throws when it is not valid) and says whose it is. */
export type VerifyIdToken = (token: string) => Promise<{
  identityUserId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
}>;

export interface AccountsRoutesOptions {
  database: DatabaseHandle;
  tenant: Tenant;
  /** The catalogue snapshot's cache (shared with the catalogue routes): favourites and continue watching show its assets. */
  snapshots: VersionedCache;
  verifyIdToken: VerifyIdToken;
  /** The identity service's users: their verified address (changeEmail) and registration details (first login). */
  identityUsers: FindIdentityUser;
  /** Sessions' and publications' clock (tests move it). */
  clock?: () => number;
  /** Lower limits for tests; the contract's by default. */
  limits?: Partial<AccountLimits>;
  /** Wrong parental PINs by household, shared with the play call (one per app). */
  pinAttempts?: WrongPinLimiter;
  /** Checks the account password with the identity service (changing a PIN without the current one). */
  checkPassword?: AccountPasswordCheck;
}

const V1 = '/v1/customer/:customer/businessunit/:businessUnit';
const V2 = '/v2/customer/:customer/businessunit/:businessUnit';

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const ProfileParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  userId: Type.String({ minLength: 1 }),
});
const ListParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  list: Type.String({ minLength: 1 }),
});
const ListAssetParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  list: Type.String({ minLength: 1 }),
  assetId: Type.String({ minLength: 1 }),
});

/** One item of an asset list (Exposure ApiAssetListItemResponse). */
const AssetListItemSchema = Type.Object(
  {
    assetId: Type.String(),
    asset: AssetSchema,
    lastUpdated: Type.String({ description: 'ISO date the asset was added' }),
    order: Type.Number(),
    metadata: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'AssetListItem', title: 'AssetListItem' },
);
const AssetListItemsSchema = Type.Array(AssetListItemSchema);
const ListAssetBodySchema = Type.Object({
  /** Stored in an integer column: a fraction or a number past 32 bits is refused (400), not a database error. */
  order: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  metadata: Type.Optional(BoundedRecord(64, Type.Unknown(), MAX_PROFILE_METADATA)),
});

/** POST preferences: values are text; booleans and numbers are accepted and kept as text ('true'). */
const PreferencesWriteSchema = Type.Object({
  preferences: BoundedRecord(128, Type.Union([Type.String(), Type.Boolean(), Type.Number()])),
});

const LastViewedQuerySchema = Type.Object({
  assetIds: Type.Optional(Type.Array(Type.String(), { description: 'comma separated or repeated' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  account: Type.Optional(Type.Boolean()),
});

const ContinueWatchingSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        ...AssetSchema.properties,
        userData: Type.Object({
          playHistory: Type.Object({ lastViewedOffset: Type.Integer(), lastViewedTime: Type.Integer() }),
        }),
      }),
    ),
  },
  { $id: 'ContinueWatching', title: 'ContinueWatching' },
);

/** POST user/delete: the NO_PASSWORD credentials, or `{}` (the value is ignored). */
const UserDeleteBodySchema = Type.Object({
  passwordTuples: Type.Optional(CredentialsSchema.properties.passwordTuples),
});

const authErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const personal = (summary: string, more = '') => ({
  tags: ['accounts'],
  summary,
  description: `Needs \`Authorization: Bearer <sessionToken>\` (401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN).${more}`,
});
/** The routes a restricted profile (a child profile, or one a PrLevel limits: ADR 0012) may not call. */
const UNRESTRICTED_ONLY = ' Refused to a restricted profile (403 PROFILE_RESTRICTED).';

/** An absent body is an empty one (clients post these without a body). */
async function emptyBodyIsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * The accounts' Exposure calls: firebaseLogin (the identity service's ID token for a session),
 * session and logout, profiles, preferences, favourites, play history, continue watching,
 * household deletion and email change. Every call but firebaseLogin needs a session's bearer
 * token and acts only on that session's household and profile.
 */
export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const { tenant } = options;
  const catalogue = new CatalogueService(options.database, tenant, options.snapshots, options.clock);
  const service = new AccountsService(options.database.db, catalogue, options.clock, options.limits, {
    identityUsers: options.identityUsers,
    ...(options.pinAttempts ? { pinAttempts: options.pinAttempts } : {}),
    ...(options.checkPassword ? { checkPassword: options.checkPassword } : {}),
  });

  app.post(
    `${V2}/auth/firebaseLogin`,
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Signs in with the identity service's ID token (username firebase..<uid>): a session on the main profile",
        params: TenantParams,
        body: FirebaseLoginRequestSchema,
        response: { 200: LoginResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      void reply.header('cache-control', 'private, no-store');
      const body = request.body;
      let verified: Awaited<ReturnType<VerifyIdToken>>;
      try {
        verified = await options.verifyIdToken(body.accessToken);
      } catch {
        throw new ApiError(401, 'INCORRECT_CREDENTIALS', 'the ID token is not valid');
      }
      if (body.username !== IDENTITY_USERNAME_PREFIX + verified.identityUserId) {
        throw new ApiError(401, 'INCORRECT_CREDENTIALS', 'the username is not the ID token’s');
      }
      const claims: IdentityLoginClaims = {
        identityUserId: verified.identityUserId,
        email: verified.email,
        emailVerified: verified.emailVerified,
      };
      const displayName = verified.displayName ?? body.displayName;
      if (displayName !== undefined) claims.displayName = displayName;
      if (body.language !== undefined) claims.language = body.language;
      return service.loginIdentityUser(claims, body.device);
    },
  );

  // Every other call is personal: the business unit, then the session, before anything else.
  await app.register(async (child) => {
    const scope = child.withTypeProvider<TypeBoxTypeProvider>();
    scope.decorateRequest('accountSession', null);
    scope.addHook('preValidation', async (request) => {
      assertTenant(tenant, request.params as { customer: string; businessUnit: string });
    });
    scope.addHook('preValidation', requireSession(service));

    scope.delete(
      `${V2}/auth/login`,
      {
        schema: {
          ...personal(
            'Logout: ends this session, or every session of the household with fromAllDevice=true',
            ' fromAllDevice=true is refused to a restricted profile (403 PROFILE_RESTRICTED); its own logout is not.',
          ),
          params: TenantParams,
          querystring: Type.Object({ fromAllDevice: Type.Optional(Type.Boolean()) }),
          response: { 200: MessageResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        await service.logout(sessionOf(request), request.query.fromAllDevice === true);
        return { message: 'OK' };
      },
    );

    scope.get(
      `${V2}/auth/session`,
      {
        schema: {
          ...personal('The current session, its household and profile'),
          params: TenantParams,
          response: { 200: SessionResponseSchema, ...authErrors },
        },
      },
      async (request) => service.getSession(sessionOf(request)),
    );

    // Profiles ------------------------------------------------------------------------------

    scope.get(
      `${V2}/user/profile`,
      {
        schema: {
          ...personal("The household's profiles (the owner first)"),
          params: TenantParams,
          response: { 200: UserProfilesSchema, ...authErrors },
        },
      },
      async (request) => service.listProfiles(sessionOf(request)),
    );

    scope.post(
      `${V2}/user/profile`,
      {
        preHandler: unrestrictedOnly('create profiles'),
        schema: {
          ...personal('Adds a profile to the household (at most MAX_PROFILES): the profiles', UNRESTRICTED_ONLY),
          params: TenantParams,
          body: UserProfileWriteSchema,
          response: { 200: UserProfilesSchema, ...authErrors },
        },
      },
      async (request) => service.createProfile(sessionOf(request), request.body),
    );

    scope.put(
      `${V2}/user/profile/:userId`,
      {
        schema: {
          ...personal(
            'Changes a profile; pinCode sets (4 digits) or removes (null) its PIN',
            ' A restricted profile changes only its own name and its metadata other than PrLevel (403 PROFILE_RESTRICTED).' +
              ' Changing or removing a PIN the profile has needs currentPinCode (its PIN) or currentPassword (the account password,' +
              ' checked against the identity session cookie): 403 CURRENT_PIN_REQUIRED without, INVALID_PIN_CODE / INCORRECT_CREDENTIALS' +
              ' when wrong, 429 TOO_MANY_REQUESTS after 5 wrong ones in 15 minutes.',
          ),
          params: ProfileParams,
          body: UserProfileUpdateSchema,
          response: { 200: UserProfileSchema, ...authErrors, 429: ErrorBodySchema },
        },
      },
      async (request) =>
        service.updateProfile(sessionOf(request), request.params.userId, request.body, {
          ...(request.headers.cookie === undefined ? {} : { identityCookie: request.headers.cookie }),
        }),
    );

    scope.delete(
      `${V2}/user/profile/:userId`,
      {
        preHandler: unrestrictedOnly('delete profiles'),
        schema: {
          ...personal('Deletes a profile (never the owner) and its data: the remaining profiles', UNRESTRICTED_ONLY),
          params: ProfileParams,
          response: { 200: UserProfilesSchema, ...authErrors },
        },
      },
      async (request) => service.deleteProfile(sessionOf(request), request.params.userId),
    );

    scope.get(
      `${V2}/user/profile/:userId/select`,
      {
        schema: {
          ...personal(
            'Switches to a profile: a new session; the current token is revoked',
            ` From a restricted profile, a profile with a PIN needs that PIN in ${PARENTAL_PIN_HEADER}:` +
              ' 403 PARENTAL_PIN_REQUIRED without it, INVALID_PIN_CODE when wrong, 429 TOO_MANY_REQUESTS after 5 wrong ones in 15 minutes.',
          ),
          params: ProfileParams,
          headers: Type.Object({ [PARENTAL_PIN_HEADER]: Type.Optional(Type.String({ maxLength: 32 })) }),
          response: { 200: LoginResponseSchema, ...authErrors, 429: ErrorBodySchema },
        },
      },
      async (request) =>
        service.selectProfile(sessionOf(request), request.params.userId, request.headers[PARENTAL_PIN_HEADER]),
    );

    // Household -----------------------------------------------------------------------------

    scope.post(
      `${V2}/user/delete`,
      {
        preValidation: emptyBodyIsObject,
        preHandler: unrestrictedOnly('delete the account'),
        schema: {
          ...personal('Deletes the household and all its data', UNRESTRICTED_ONLY),
          params: TenantParams,
          body: UserDeleteBodySchema,
          response: { 200: MessageResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        await service.deleteHousehold(sessionOf(request));
        return { message: 'OK' };
      },
    );

    scope.put(
      `${V2}/user/changeEmail`,
      {
        preHandler: unrestrictedOnly("change the household's email"),
        schema: {
          ...personal(
            "Sets the household's email to the address the identity service has verified for this account (403 UNVERIFIED_EMAIL otherwise)",
            ' The household email follows the identity: change it there first ' +
              '(POST /identity/change-email, then the link of the confirmation mail). 403 UNVERIFIED_EMAIL when `newEmailAddress` is ' +
              'not the verified address of this account (unconfirmed, or another customer’s); 400 when it is not an email address.' +
              UNRESTRICTED_ONLY,
          ),
          params: TenantParams,
          body: ChangeEmailRequestSchema,
          response: { 200: MessageResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        await service.changeEmail(sessionOf(request), request.body.newEmailAddress);
        return { message: 'OK' };
      },
    );

    // Preferences ---------------------------------------------------------------------------

    scope.get(
      `${V1}/preferences`,
      {
        schema: {
          ...personal("The profile's preferences"),
          params: TenantParams,
          response: { 200: PreferencesResponseSchema, ...authErrors },
        },
      },
      async (request) => service.getPreferences(sessionOf(request)),
    );

    scope.post(
      `${V1}/preferences`,
      {
        schema: {
          ...personal("Replaces the profile's whole preference map (values kept as text)"),
          params: TenantParams,
          body: PreferencesWriteSchema,
          response: { 200: MessageResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        await service.setPreferences(sessionOf(request), request.body.preferences);
        return { message: 'OK' };
      },
    );

    // Favourites ----------------------------------------------------------------------------

    const checkList = (list: string) => {
      if (list !== FAVORITES_LIST) throw new ApiError(404, 'UNKNOWN_LIST', `unknown list ${list}`);
    };

    scope.get(
      `${V1}/preferences/list/:list/asset`,
      {
        schema: {
          ...personal("The profile's favourites, newest first (assets no longer published left out)"),
          params: ListParams,
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer({ minimum: 1 })),
            tagIds: Type.Optional(Type.String()),
            service: Type.Optional(Type.String()),
          }),
          response: { 200: AssetListItemsSchema, ...authErrors },
        },
      },
      async (request) => {
        checkList(request.params.list);
        return service.listFavorites(sessionOf(request), request.query.limit);
      },
    );

    scope.get(
      `${V1}/preferences/list/:list/asset/:assetId`,
      {
        schema: {
          ...personal('One favourite; 404 NOT_FOUND means it is not in the list'),
          params: ListAssetParams,
          response: { 200: AssetListItemSchema, ...authErrors },
        },
      },
      async (request) => {
        checkList(request.params.list);
        return service.getFavorite(sessionOf(request), request.params.assetId);
      },
    );

    scope.post(
      `${V1}/preferences/list/:list/asset/:assetId`,
      {
        preValidation: emptyBodyIsObject,
        schema: {
          ...personal(
            'Adds an asset to the favourites (twice changes nothing; 409 LIMIT_REACHED past the limit)',
          ),
          params: ListAssetParams,
          body: ListAssetBodySchema,
          response: { 200: MessageResponseSchema, 409: ErrorBodySchema, ...authErrors },
        },
      },
      async (request) => {
        checkList(request.params.list);
        const input: { order?: number; metadata?: Record<string, unknown> } = {};
        if (request.body.order !== undefined) input.order = request.body.order;
        if (request.body.metadata !== undefined) input.metadata = request.body.metadata;
        await service.addFavorite(sessionOf(request), request.params.assetId, input);
        return { message: 'OK' };
      },
    );

    scope.delete(
      `${V1}/preferences/list/:list/asset/:assetId`,
      {
        schema: {
          ...personal('Removes an asset from the favourites'),
          params: ListAssetParams,
          response: { 200: MessageResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        checkList(request.params.list);
        await service.removeFavorite(sessionOf(request), request.params.assetId);
        return { message: 'OK' };
      },
    );

    // Play history --------------------------------------------------------------------------

    scope.get(
      `${V1}/userplayhistory/lastviewedoffset`,
      {
        schema: {
          ...personal('Where the profile stopped in assets (ms), most recent first; `count` is the total'),
          params: TenantParams,
          querystring: LastViewedQuerySchema,
          response: { 200: LastViewedOffsetResponseSchema, ...authErrors },
        },
      },
      async (request) => {
        const query: { assetIds?: string[]; pageSize?: number; pageNumber?: number } = {};
        if (request.query.assetIds !== undefined) query.assetIds = request.query.assetIds;
        if (request.query.pageSize !== undefined) query.pageSize = request.query.pageSize;
        if (request.query.pageNumber !== undefined) query.pageNumber = request.query.pageNumber;
        return service.lastViewedOffsets(sessionOf(request), query);
      },
    );

    scope.get(
      `${V1}/recommend/continue`,
      {
        schema: {
          ...personal('Continue watching: started, unfinished assets, most recent first'),
          params: TenantParams,
          querystring: Type.Object({
            tagIds: Type.Optional(Type.String()),
            service: Type.Optional(Type.String()),
            assetTypes: Type.Optional(Type.String()),
          }),
          response: { 200: ContinueWatchingSchema, ...authErrors },
        },
      },
      async (request) => service.continueWatching(sessionOf(request)),
    );
  });
};
