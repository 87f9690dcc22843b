/** The accounts module: households, profiles, Exposure sessions and personal calls (see README.md). */
export { accountsRoutes, type AccountsRoutesOptions, type VerifyIdToken } from './routes.js';
// findHouseholdsByEmail, findOwnerProfile, listPlayHistory, parentalProfileOf, verifyPin: what the
// playback module reads of a household (the play call's bookmark and parental PIN, the grant command).
export { findHouseholdsByEmail, findOwnerProfile, listPlayHistory, recordProgress } from './repository.js';
export { isRestrictedRow, parentalProfileOf, restrictedLevelOf } from './parental.js';
// hashPin, verifyPin: scrypt with a salt, also the test distributor's subscriber passwords (tv-provider).
export { hashPin, verifyPin } from './secrets.js';
// openSessionForDevice: device activation's session (the confirming profile's, on the big screen).
export { openSessionForDevice, type TvProviderSubscriber } from './sessions.js';
export { WrongPinLimiter } from './pin-attempts.js';
export {
  bearerToken,
  requireSession,
  requireUnrestrictedBearer,
  restrictedViewer,
  sessionOf,
  type SessionCheck,
} from './session-auth.js';
export {
  AccountsService,
  authenticateSession,
  deleteHouseholdOfIdentityUser,
  followIdentityEmail,
  HouseholdStatusError,
  setHouseholdStatus,
  type AccountPasswordCheck,
  type FindIdentityUser,
  type IdentityLoginClaims,
  type PasswordSignIn,
  type SessionContext,
} from './service.js';
export { AnonymousSessionError, SessionTokens } from './session-token.js';
