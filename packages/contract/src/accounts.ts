/**
 * Accounts (no TypeBox here: the schemas and their types are in accounts-schemas.ts): the Exposure session calls (spec part 1 §7, Exposure notes §5–§6), households and
 * profiles, and the identity service's paths. Shared by the server (schemas) and the web app
 * (types, constants, path builders), and the server the route patterns beside them.
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

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
/** At most this many metadata keys on a profile, and on a favourite. */
export const MAX_PROFILE_METADATA = 32;
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
/** The followed tags' list id (Red Bee's SDK's `tagfeed`, Exposure notes §6.2). */
export const TAGFEED_LIST = 'tagfeed';
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
  /** changeEmail: not the address the identity service has verified for this account. */
  'UNVERIFIED_EMAIL',
  /** An identity call from a browser origin the server does not trust (set PUBLIC_URL). */
  'UNTRUSTED_ORIGIN',
  /** 403: a restricted profile (isRestrictedProfile, parental.ts) asked for what only an unrestricted one may do. */
  'PROFILE_RESTRICTED',
  /** 403: changing or removing a PIN needs the current one (currentPinCode) or the account's password (currentPassword). */
  'CURRENT_PIN_REQUIRED',
  /** 400: deleting the account (user/delete), or an email change of an account without a password, needs a recent sign-in (the identity's delete-user answers it too). */
  'SESSION_EXPIRED',
] as const;

const enc = encodeURIComponent;
type Bu = BusinessUnitRef;
const v1 = (bu: Bu) => exposurePrefix('v1', bu);
const v2 = (bu: Bu) => exposurePrefix('v2', bu);

/** The accounts calls' paths (Exposure shapes). */
export const accountPaths = {
  firebaseLogin: (bu: Bu) => `${v2(bu)}/auth/firebaseLogin`,
  /** DELETE: logout (`?fromAllDevice=true` ends every session of the household). */
  logout: (bu: Bu) => `${v2(bu)}/auth/login`,
  session: (bu: Bu) => `${v2(bu)}/auth/session`,
  preferences: (bu: Bu) => `${v1(bu)}/preferences`,
  listAssets: (bu: Bu, list = FAVORITES_LIST) => `${v1(bu)}/preferences/list/${enc(list)}/asset`,
  listAsset: (bu: Bu, assetId: string, list = FAVORITES_LIST) =>
    `${v1(bu)}/preferences/list/${enc(list)}/asset/${enc(assetId)}`,
  /** GET: the followed tags `{query, items}`; POST/DELETE `…/tag/{tagId}` follow and unfollow one. */
  listTags: (bu: Bu, list = TAGFEED_LIST) => `${v1(bu)}/preferences/list/${enc(list)}/tag`,
  listTag: (bu: Bu, tagId: string, list = TAGFEED_LIST) =>
    `${v1(bu)}/preferences/list/${enc(list)}/tag/${enc(tagId)}`,
  lastViewedOffset: (bu: Bu) => `${v1(bu)}/userplayhistory/lastviewedoffset`,
  continueWatching: (bu: Bu) => `${v1(bu)}/recommend/continue`,
  userDelete: (bu: Bu) => `${v2(bu)}/user/delete`,
  changeEmail: (bu: Bu) => `${v2(bu)}/user/changeEmail`,
  profiles: (bu: Bu) => `${v2(bu)}/user/profile`,
  profile: (bu: Bu, userId: string) => `${v2(bu)}/user/profile/${enc(userId)}`,
  selectProfile: (bu: Bu, userId: string) => `${v2(bu)}/user/profile/${enc(userId)}/select`,
} as const;

/** The accounts calls' route patterns (the server's), keyed as `accountPaths`. */
export const accountPatterns = {
  firebaseLogin: { version: 'v2', pattern: '/auth/firebaseLogin' },
  logout: { version: 'v2', pattern: '/auth/login' },
  session: { version: 'v2', pattern: '/auth/session' },
  preferences: { version: 'v1', pattern: '/preferences' },
  listAssets: { version: 'v1', pattern: '/preferences/list/:list/asset' },
  listAsset: { version: 'v1', pattern: '/preferences/list/:list/asset/:assetId' },
  listTags: { version: 'v1', pattern: '/preferences/list/:list/tag' },
  listTag: { version: 'v1', pattern: '/preferences/list/:list/tag/:tagId' },
  lastViewedOffset: { version: 'v1', pattern: '/userplayhistory/lastviewedoffset' },
  continueWatching: { version: 'v1', pattern: '/recommend/continue' },
  userDelete: { version: 'v2', pattern: '/user/delete' },
  changeEmail: { version: 'v2', pattern: '/user/changeEmail' },
  profiles: { version: 'v2', pattern: '/user/profile' },
  profile: { version: 'v2', pattern: '/user/profile/:userId' },
  selectProfile: { version: 'v2', pattern: '/user/profile/:userId/select' },
} as const satisfies Record<string, ExposureRoute>;

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

/**
 * The web app's pages a browser comes back to from the identity service: after a verification
 * link (`&error=…` when it expired or was used), a reset link (`&token=…`, or
 * `&error=INVALID_TOKEN`), a provider's sign-in (done, or failed with `&error=…`). The web app
 * names them in its calls; the server sends better-auth's error page (`/identity/error?error=…`)
 * to the one of its code, where the visitor reads it in their language.
 */
export const identityReturnPaths = {
  verified: '/login?verified=1',
  reset: '/login?reset=1',
  socialDone: '/login?social=done',
  socialFailed: '/login?social=failed',
} as const;

/** Social sign-in providers the identity service knows (each shown only when configured). */
export const SOCIAL_PROVIDER_IDS = ['google', 'facebook', 'twitter'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** The user preferences the web app keeps (spec part 1 §3); newsletter is read back as 'true'. */
export const USER_PREFERENCE_KEYS = [
  'firstname',
  'lastname',
  'email',
  'dateofbirth',
  'gender',
  'avatar',
  'country',
  'city',
  'newsletter',
] as const;

/** POST user/delete (spec part 1 §7): the NO_PASSWORD tuple; `{}` (v3 style) is accepted too. */
export const NO_PASSWORD_CREDENTIALS = {
  passwordTuples: [
    { algorithm: { algorithmName: 'NO_PASSWORD', pbkdf2Iterations: 0 }, value: 'NO_PASSWORD' },
  ],
} as const;

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
