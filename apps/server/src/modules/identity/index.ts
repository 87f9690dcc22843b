/** The identity module: better-auth under /identity, its ID tokens, and the checks other modules ask of it (see README.md). */
export { createIdentity, identitySecret, type Identity } from './auth.js';
export { createAccountPasswordCheck } from './account-password.js';
export { createIdentityDirectory } from './directory.js';
export { identityRoutes, type IdentityRoutesOptions } from './routes.js';
export { guardSensitiveIdentityCalls } from './sensitive-guard.js';
export { createIdTokenVerifier } from './verify.js';
export { createPasswordSignIn } from './password-sign-in.js';
export { secretBox, type SecretBox } from './secret-box.js';
