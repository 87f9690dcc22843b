/** The accounts module: households, profiles, Exposure sessions and personal calls (see README.md). */
export { accountsRoutes, type AccountsRoutesOptions, type VerifyIdToken } from './routes.js';
export { recordProgress } from './repository.js';
export { isRestrictedRow, restrictedLevelOf } from './parental.js';
export { WrongPinLimiter } from './pin-attempts.js';
export { bearerToken, requireUnrestrictedBearer, restrictedViewer } from './session-auth.js';
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
  type SessionContext,
} from './service.js';
