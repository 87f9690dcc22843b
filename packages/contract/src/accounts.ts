import { Type, type Static } from 'typebox';
import { DEVICE_TYPES } from './constants.js';

/**
 * Accounts: the Exposure session calls (spec part 1 §7, Exposure notes §5–§6), households and
 * profiles, and the identity service's paths. Shared by the server (schemas) and the web app
 * (types, constants, path builders).
 */

/** Prefix of the device name sent at sign-in (spec part 1 §9): `web-11-<browser>`. */
export const DEVICE_NAME_PREFIX = 'web-11-';
/** Prefix of the Exposure username of an identity-service user: `firebase..<uid>` (Exposure notes §5.2). */
export const IDENTITY_USERNAME_PREFIX = 'firebase..';
/** A household holds at most this many profiles (issue 6). */
export const MAX_PROFILES = 5;
/** At most this many favourites per profile; past it, 409 LIMIT_REACHED. */
export const MAX_FAVORITES = 500;
/** At most this many preference keys, each value at most this long (403 TOO_MANY_PREFERENCES / TOO_LONG_PREFERENCES). */
export const MAX_PREFERENCES = 100;
export const MAX_PREFERENCE_LENGTH = 4096;
/** Minimum age to hold an account (spec part 1 §5, §9). */
export const MINIMUM_AGE = 16;
/** Password length bounds (spec part 1 §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 99;
/** Deleting the identity needs a sign-in younger than this (seconds): the spec's "recent login". */
export const IDENTITY_FRESH_SESSION_SECONDS = 10 * 60;
/** Exposure sessions last this long (ms): 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The favourites list id (Exposure notes §6.2). */
export const FAVORITES_LIST = 'favorites';
/** Profile metadata keys the app reads (spec part 1 §3). */
export const PROFILE_PROPERTY = { avatar: 'avatar', prLevel: 'PrLevel', reminders: 'Reminders' } as const;

/** Household states; the last two refuse sign-in with the code of the same name (SPEC-DECISIONS). */
export const HOUSEHOLD_STATUSES = ['ACTIVE', 'SUSPENDED_HOUSEHOLD', 'INACTIVE_HOUSEHOLD'] as const;
export type HouseholdStatus = (typeof HOUSEHOLD_STATUSES)[number];

/** Error codes of the accounts calls (added to the error body's `message`). */
export const ACCOUNT_ERROR_CODES = [
  'INCORRECT_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'SUSPENDED_HOUSEHOLD',
  'INACTIVE_HOUSEHOLD',
  'LIMIT_REACHED',
  'UNKNOWN_LIST',
  'UNKNOWN_USER',
  'TOO_MANY_PROFILES',
  'CANNOT_DELETE_OWNER',
  'TOO_MANY_PREFERENCES',
  'TOO_LONG_PREFERENCES',
  'INVALID_PIN_CODE',
] as const;

const enc = encodeURIComponent;
interface Bu {
  customer: string;
  businessUnit: string;
}
const v1 = ({ customer, businessUnit }: Bu) => `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}`;
const v2 = ({ customer, businessUnit }: Bu) => `/v2/customer/${enc(customer)}/businessunit/${enc(businessUnit)}`;

/** The accounts calls' paths (Exposure shapes). */
export const accountPaths = {
  firebaseLogin: (bu: Bu) => `${v2(bu)}/auth/firebaseLogin`,
  /** DELETE: logout (`?fromAllDevice=true` ends every session of the household). */
  logout: (bu: Bu) => `${v2(bu)}/auth/login`,
  session: (bu: Bu) => `${v2(bu)}/auth/session`,
  preferences: (bu: Bu) => `${v1(bu)}/preferences`,
  listAssets: (bu: Bu, list = FAVORITES_LIST) => `${v1(bu)}/preferences/list/${enc(list)}/asset`,
  listAsset: (bu: Bu, assetId: string, list = FAVORITES_LIST) => `${v1(bu)}/preferences/list/${enc(list)}/asset/${enc(assetId)}`,
  lastViewedOffset: (bu: Bu) => `${v1(bu)}/userplayhistory/lastviewedoffset`,
  continueWatching: (bu: Bu) => `${v1(bu)}/recommend/continue`,
  userDelete: (bu: Bu) => `${v2(bu)}/user/delete`,
  changeEmail: (bu: Bu) => `${v2(bu)}/user/changeEmail`,
  profiles: (bu: Bu) => `${v2(bu)}/user/profile`,
  profile: (bu: Bu, userId: string) => `${v2(bu)}/user/profile/${enc(userId)}`,
  selectProfile: (bu: Bu, userId: string) => `${v2(bu)}/user/profile/${enc(userId)}/select`,
} as const;

/**
 * The identity service (better-auth, mounted under /identity). The web app signs in there, then
 * exchanges the ID token (GET `token`, a JWT checked against `jwks`) at firebaseLogin.
 */
export const IDENTITY_BASE_PATH = '/identity';
export const identityPaths = {
  signUpEmail: '/identity/sign-up/email',
  signInEmail: '/identity/sign-in/email',
  /** POST {provider, callbackURL}: Google, Facebook, X, and the generic OIDC provider (its providerId). */
  signInSocial: '/identity/sign-in/social',
  signOut: '/identity/sign-out',
  /** GET, with the identity session cookie: `{ token }`, the ID token (JWT, 15 min). */
  token: '/identity/token',
  jwks: '/identity/jwks',
  getSession: '/identity/get-session',
  sendVerificationEmail: '/identity/send-verification-email',
  verifyEmail: '/identity/verify-email',
  requestPasswordReset: '/identity/request-password-reset',
  resetPassword: '/identity/reset-password',
  changePassword: '/identity/change-password',
  changeEmail: '/identity/change-email',
  deleteUser: '/identity/delete-user',
  /** Antenne's own: which sign-in providers are configured (`IdentityProviders`). */
  providers: '/identity/providers',
} as const;

/** Social sign-in providers the identity service knows (each shown only when configured). */
export const SOCIAL_PROVIDER_IDS = ['google', 'facebook', 'twitter'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

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
    metadata: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 4096 }))),
    /** Antenne: set (4 digits) or remove (null) the profile's parental PIN; stored hashed. */
    pinCode: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{4}$' }), Type.Null()])),
  },
  { $id: 'UserProfileWrite', title: 'UserProfileWrite', additionalProperties: false },
);
export type UserProfileWrite = Static<typeof UserProfileWriteSchema>;

/** GET preferences (Exposure): the whole map, values as text. */
export const PreferencesResponseSchema = Type.Object(
  { lastUpdated: Type.String(), preferences: Type.Record(Type.String(), Type.String()) },
  { $id: 'PreferencesResponse', title: 'PreferencesResponse' },
);
export type PreferencesResponse = Static<typeof PreferencesResponseSchema>;

/** POST preferences: replaces the whole map. */
export const PreferencesRequestSchema = Type.Object(
  { preferences: Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.String()) },
  { $id: 'PreferencesRequest', title: 'PreferencesRequest' },
);
export type PreferencesRequest = Static<typeof PreferencesRequestSchema>;

/** The user preferences the web app keeps (spec part 1 §3); newsletter is read back as 'true'. */
export const USER_PREFERENCE_KEYS = ['firstname', 'lastname', 'email', 'dateofbirth', 'gender', 'avatar', 'country', 'city', 'newsletter'] as const;

/** `{ message }`: what Exposure answers to a write. */
export const MessageResponseSchema = Type.Object({ message: Type.String() }, { $id: 'MessageResponse', title: 'MessageResponse' });
export type MessageResponse = Static<typeof MessageResponseSchema>;

/** POST user/delete (spec part 1 §7): the NO_PASSWORD tuple; `{}` (v3 style) is accepted too. */
export const PasswordTupleSchema = Type.Object({
  algorithm: Type.Object({ algorithmName: Type.String(), pbkdf2Iterations: Type.Integer() }),
  value: Type.String(),
});
export const CredentialsSchema = Type.Object({ passwordTuples: Type.Array(PasswordTupleSchema) });
export const NO_PASSWORD_CREDENTIALS = {
  passwordTuples: [{ algorithm: { algorithmName: 'NO_PASSWORD', pbkdf2Iterations: 0 }, value: 'NO_PASSWORD' }],
} as const;

/** PUT user/changeEmail (spec part 1 §7). */
export const ChangeEmailRequestSchema = Type.Object(
  { credentials: Type.Optional(CredentialsSchema), newEmailAddress: Type.String({ minLength: 3, maxLength: 320 }) },
  { $id: 'ChangeEmailRequest', title: 'ChangeEmailRequest' },
);
export type ChangeEmailRequest = Static<typeof ChangeEmailRequestSchema>;

/** GET userplayhistory/lastviewedoffset (Exposure: `count`, not `totalCount`). */
export const LastViewedOffsetItemSchema = Type.Object({
  assetId: Type.String(),
  /** Milliseconds into the asset. */
  lastViewedOffset: Type.Integer(),
  /** Epoch milliseconds. */
  lastViewedTime: Type.Integer(),
});
export const LastViewedOffsetResponseSchema = Type.Object(
  { count: Type.Integer(), pageNumber: Type.Integer(), pageSize: Type.Integer(), items: Type.Array(LastViewedOffsetItemSchema) },
  { $id: 'LastViewedOffsetResponse', title: 'LastViewedOffsetResponse' },
);
export type LastViewedOffsetResponse = Static<typeof LastViewedOffsetResponseSchema>;

/** Validation patterns the web app and the identity service share. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** SPEC-DECISIONS: what the interface text says — 8–99, a digit, a special character, upper and lower case. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\d/.test(password) &&
    /[^\p{L}\p{N}]/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
}
