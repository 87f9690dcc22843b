/** The accounts module: households, profiles, Exposure sessions and personal calls (see README.md). */
export { accountsRoutes, type AccountsRoutesOptions, type VerifyIdToken } from './routes.js';
export { recordProgress } from './repository.js';
export {
  AccountsService,
  deleteHouseholdOfIdentityUser,
  HouseholdStatusError,
  setHouseholdStatus,
  type IdentityLoginClaims,
  type SessionContext,
} from './service.js';
