/** The accounts module: households, profiles, Exposure sessions and personal calls (see README.md). */
export { accountsRoutes, type AccountsRoutesOptions, type VerifyIdToken } from './routes.js';
export { recordProgress } from './repository.js';
export {
  AccountsService,
  deleteHouseholdOfIdentityUser,
  followIdentityEmail,
  HouseholdStatusError,
  setHouseholdStatus,
  type FindIdentityUser,
  type IdentityLoginClaims,
  type SessionContext,
} from './service.js';
