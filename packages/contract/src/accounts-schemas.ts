import { Type, type Static, type TSchema } from 'typebox';
import { DEVICE_TYPES } from './constants.js';
import { MAX_PROFILE_METADATA, SOCIAL_PROVIDER_IDS } from './accounts.js';
import { MAX_PROFILE_METADATA_VALUE_LENGTH } from './reminders.js';

/**
 * The accounts calls' schemas (TypeBox): the server validates and documents with them; the web
 * app uses only their static types. Kept apart from accounts.ts so that importing a path or a
 * constant never brings TypeBox into the web app's bundle.
 */

/**
 * A map whose keys are bounded too: TypeBox's Record drops the key schema's lengths from the JSON
 * schema (any key would pass), so the key limits are stated as `propertyNames`.
 */
export const BoundedRecord = <V extends TSchema>(maxKeyLength: number, value: V, maxProperties?: number) =>
  Type.Record(Type.String(), value, {
    propertyNames: { minLength: 1, maxLength: maxKeyLength },
    ...(maxProperties === undefined ? {} : { maxProperties }),
  });

export const IdentityProvidersSchema = Type.Object(
  {
    email: Type.Boolean(),
    social: Type.Array(Type.Enum(SOCIAL_PROVIDER_IDS)),
    /** The generic OpenID Connect provider, when configured: its id and display name. */
    oidc: Type.Union([Type.Object({ providerId: Type.String(), name: Type.String() }), Type.Null()]),
  },
  { $id: 'IdentityProviders', title: 'IdentityProviders' },
);
export type IdentityProviders = Static<typeof IdentityProvidersSchema>;

export const DeviceRegistrationSchema = Type.Object(
  {
    deviceId: Type.String({ minLength: 1, maxLength: 128 }),
    name: Type.String({ minLength: 1, maxLength: 128 }),
    type: Type.Enum(DEVICE_TYPES),
  },
  { $id: 'DeviceRegistration', title: 'DeviceRegistration' },
);
export type DeviceRegistration = Static<typeof DeviceRegistrationSchema>;

/** POST auth/firebaseLogin (Exposure ApiFirebaseAuthenticationRequest). */
export const FirebaseLoginRequestSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 256 }),
    accessToken: Type.String({ minLength: 1, maxLength: 8192 }),
    device: DeviceRegistrationSchema,
    email: Type.Optional(Type.String({ maxLength: 320 })),
    displayName: Type.Optional(Type.String({ maxLength: 256 })),
    emailVerified: Type.Optional(Type.Boolean()),
    providerId: Type.Optional(Type.String({ maxLength: 64 })),
    language: Type.Optional(Type.String({ maxLength: 8 })),
  },
  { $id: 'FirebaseLoginRequest', title: 'FirebaseLoginRequest' },
);
export type FirebaseLoginRequest = Static<typeof FirebaseLoginRequestSchema>;

/** A household member (Exposure ApiUserProfile). `metadata` carries avatar, PrLevel, Reminders. */
export const UserProfileSchema = Type.Object(
  {
    userId: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    emailAddress: Type.Optional(Type.String()),
    created: Type.String({ description: 'ISO date' }),
    profileType: Type.Optional(Type.String()),
    metadata: Type.Record(Type.String(), Type.String()),
    active: Type.Boolean(),
    /** The main profile (the household's owner). */
    owner: Type.Boolean(),
    language: Type.Optional(Type.String()),
    child: Type.Boolean(),
    /** Antenne: a parental PIN is set (the PIN itself is never sent back). */
    hasPinCode: Type.Boolean(),
    /** Antenne: a restricted profile (isRestrictedProfile, ADR 0012): its catalogue is filtered, its account calls limited. */
    restricted: Type.Boolean(),
  },
  { $id: 'UserProfile', title: 'UserProfile' },
);
export type UserProfile = Static<typeof UserProfileSchema>;

/** Exposure ApiLoginResponse (the fields Antenne fills). */
export const LoginResponseSchema = Type.Object(
  {
    sessionToken: Type.String(),
    expirationDateTime: Type.String(),
    accountId: Type.String(),
    userId: Type.String(),
    accountStatus: Type.String(),
    crmToken: Type.String(),
    isOverDeviceLimit: Type.Boolean(),
    language: Type.Optional(Type.String()),
    userProfile: UserProfileSchema,
    /**
     * Antenne: the pay-TV distributor (ProviderItem.ID) the session is bound to — a US
     * subscriber's household, whichever way it signed in (provider, profile, activated screen).
     */
    tvProvider: Type.Optional(Type.String()),
  },
  { $id: 'LoginResponse', title: 'LoginResponse' },
);
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** GET auth/session (Exposure ApiSessionResponse). */
export const SessionResponseSchema = Type.Object(
  {
    accountId: Type.String(),
    userId: Type.String(),
    crmToken: Type.String(),
    overTheDeviceLimit: Type.Boolean(),
    expirationDateTime: Type.String(),
    userProfile: UserProfileSchema,
  },
  { $id: 'SessionResponse', title: 'SessionResponse' },
);
export type SessionResponse = Static<typeof SessionResponseSchema>;

/** GET/POST user/profile (Exposure ApiUserProfiles). */
export const UserProfilesSchema = Type.Object(
  { profiles: Type.Array(UserProfileSchema), pinCodes: Type.Array(Type.Unknown()) },
  { $id: 'UserProfiles', title: 'UserProfiles' },
);
export type UserProfiles = Static<typeof UserProfilesSchema>;

/** POST user/profile (Exposure ApiUserProfileCreateRequest) and PUT user/profile/{userId}. */
export const UserProfileWriteSchema = Type.Object(
  {
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    child: Type.Optional(Type.Boolean()),
    profileType: Type.Optional(Type.String({ maxLength: 64 })),
    language: Type.Optional(Type.String({ maxLength: 8 })),
    metadata: Type.Optional(
      BoundedRecord(64, Type.String({ maxLength: MAX_PROFILE_METADATA_VALUE_LENGTH }), MAX_PROFILE_METADATA),
    ),
    /** Antenne: set (4 digits) or remove (null) the profile's parental PIN; stored hashed. */
    pinCode: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{4}$' }), Type.Null()])),
  },
  { $id: 'UserProfileWrite', title: 'UserProfileWrite', additionalProperties: false },
);
export type UserProfileWrite = Static<typeof UserProfileWriteSchema>;

/**
 * PUT user/profile/{userId}: the write body, plus what proves the right to change or remove a PIN
 * the profile already has: its current PIN, or the account's password (ADR 0012).
 */
export const UserProfileUpdateSchema = Type.Object(
  {
    ...UserProfileWriteSchema.properties,
    currentPinCode: Type.Optional(
      Type.String({ pattern: '^[0-9]{4}$', description: "The profile's current PIN" }),
    ),
    currentPassword: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: "The account's password (the identity service's)",
      }),
    ),
  },
  { $id: 'UserProfileUpdate', title: 'UserProfileUpdate', additionalProperties: false },
);
export type UserProfileUpdate = Static<typeof UserProfileUpdateSchema>;

/** GET preferences (Exposure): the whole map, values as text. */
export const PreferencesResponseSchema = Type.Object(
  { lastUpdated: Type.String(), preferences: Type.Record(Type.String(), Type.String()) },
  { $id: 'PreferencesResponse', title: 'PreferencesResponse' },
);
export type PreferencesResponse = Static<typeof PreferencesResponseSchema>;

/** POST preferences: replaces the whole map. */
export const PreferencesRequestSchema = Type.Object(
  { preferences: BoundedRecord(128, Type.String()) },
  { $id: 'PreferencesRequest', title: 'PreferencesRequest' },
);
export type PreferencesRequest = Static<typeof PreferencesRequestSchema>;

/** `{ message }`: what Exposure answers to a write. */
export const MessageResponseSchema = Type.Object(
  { message: Type.String() },
  { $id: 'MessageResponse', title: 'MessageResponse' },
);
export type MessageResponse = Static<typeof MessageResponseSchema>;

export const PasswordTupleSchema = Type.Object({
  algorithm: Type.Object({ algorithmName: Type.String(), pbkdf2Iterations: Type.Integer() }),
  value: Type.String(),
});
export const CredentialsSchema = Type.Object({ passwordTuples: Type.Array(PasswordTupleSchema) });
/** PUT user/changeEmail (spec part 1 §7). */
export const ChangeEmailRequestSchema = Type.Object(
  {
    credentials: Type.Optional(CredentialsSchema),
    newEmailAddress: Type.String({ minLength: 3, maxLength: 320 }),
  },
  { $id: 'ChangeEmailRequest', title: 'ChangeEmailRequest' },
);
export type ChangeEmailRequest = Static<typeof ChangeEmailRequestSchema>;

/** POST user/delete: the NO_PASSWORD credentials, or `{}` (the value is ignored). */
export const UserDeleteBodySchema = Type.Object({
  passwordTuples: Type.Optional(CredentialsSchema.properties.passwordTuples),
});
export type UserDeleteBody = Static<typeof UserDeleteBodySchema>;

/** GET userplayhistory/lastviewedoffset (Exposure: `count`, not `totalCount`). */
export const LastViewedOffsetItemSchema = Type.Object({
  assetId: Type.String(),
  /** Milliseconds into the asset. */
  lastViewedOffset: Type.Integer(),
  /** Epoch milliseconds. */
  lastViewedTime: Type.Integer(),
});
export const LastViewedOffsetResponseSchema = Type.Object(
  {
    count: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    items: Type.Array(LastViewedOffsetItemSchema),
  },
  { $id: 'LastViewedOffsetResponse', title: 'LastViewedOffsetResponse' },
);
export type LastViewedOffsetResponse = Static<typeof LastViewedOffsetResponseSchema>;
