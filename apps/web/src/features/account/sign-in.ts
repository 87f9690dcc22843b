import type { ConfigWeb, LoginResponse, UserProfile } from '@antenne/contract';
import {
  adobePrimetimeLogin,
  firebaseLogin,
  getProfiles,
  logoutSequence,
  selectProfile,
  type FirebaseLoginInput,
} from '../../api/auth';
import { isApiError } from '../../api/client';
import { takeReturnTo } from '../../lib/return-to';
import type { NavigateFunction } from '../../lib/router';
import { getIdToken, isIdentityError } from '../../api/identity';
import { toSessionProfile, useSessionStore } from '../../state/session-store';

type Bu = Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;

/** The code of a failure of the sign-in calls (Exposure's `message`, better-auth's `code`). */
export function errorCode(error: unknown): string {
  if (isApiError(error)) return error.httpCode === 0 ? 'NETWORK' : error.message;
  if (isIdentityError(error)) return error.code;
  return 'UNKNOWN';
}

/**
 * After the identity sign-in (spec part 1 §4): its ID token → firebaseLogin → the session token
 * and the user are stored (with createdAt) → the household's profiles (the registration details
 * reach the main profile on the server, at the first firebaseLogin). With one profile it becomes
 * the current one; with more, the caller shows the picker. Failures are recorded in the store and
 * thrown.
 */
export async function completeSignIn(
  config: Bu,
  identityUserId: string,
  options: Pick<FirebaseLoginInput, 'registration' | 'language'> = {},
): Promise<{ profiles: UserProfile[] }> {
  return openHouseholdSession(config, async () => {
    const accessToken = await getIdToken();
    return firebaseLogin(config, { identityUserId, accessToken, ...options });
  });
}

/**
 * The US pay-TV sign-in (spec part 1 §4): the provider's media token is stored with the provider
 * chosen, then adobePrimetimeLogin opens the household's session, as completeSignIn goes on. A
 * refusal forgets the token and the provider (the store's failure empties the session) and throws.
 * A session opened otherwise (an email sign-in in the US) is signed out first: the provider's
 * household replaces it.
 */
export async function completeProviderSignIn(
  config: Bu,
  providerId: string,
  mediaToken: string,
  options: { language?: string } = {},
): Promise<{ profiles: UserProfile[] }> {
  if (useSessionStore.getState().token) await logoutSequence(config);
  useSessionStore.getState().setProviderToken(mediaToken, providerId);
  return openHouseholdSession(config, () => adobePrimetimeLogin(config, { mediaToken, ...options }));
}

/**
 * The part every sign-in shares: `login` answers the session → stored with the user → the
 * household's profiles; one becomes the current profile.
 */
async function openHouseholdSession(
  config: Bu,
  login: () => Promise<LoginResponse>,
): Promise<{ profiles: UserProfile[] }> {
  useSessionStore.getState().householdLoginRequest();
  let token: string;
  let main: UserProfile;
  try {
    const answer = await login();
    token = answer.sessionToken;
    main = answer.userProfile;
    useSessionStore.getState().householdLoginSuccess(token, {
      email: main.emailAddress,
      displayName: main.displayName,
      userId: answer.userId,
      accountId: answer.accountId,
    });
  } catch (error) {
    useSessionStore.getState().householdLoginFailure(errorCode(error));
    throw error;
  }

  let profiles: UserProfile[];
  try {
    profiles = (await getProfiles(config, token)).profiles;
  } catch {
    profiles = [];
  }
  if (profiles.length === 0) profiles = [main];
  useSessionStore.getState().profileListReplaced(profiles);
  if (profiles.length === 1) {
    const only = profiles.find((profile) => profile.owner) ?? profiles[0] ?? main;
    useSessionStore.getState().profileLoginSuccess(toSessionProfile(only));
  }
  return { profiles };
}

/**
 * Watching as another profile of the household: its own session replaces the current one
 * (the selectProfile answer), and it becomes the current profile. `pin`: that profile's PIN, which
 * a restricted profile must give to switch to a protected one.
 */
export async function switchToProfile(
  config: ConfigWeb,
  token: string,
  profile: UserProfile,
  pin?: string,
): Promise<void> {
  const answer = await selectProfile(config, token, profile.userId, pin);
  useSessionStore
    .getState()
    .profileLoginSuccess(toSessionProfile(answer.userProfile ?? profile), answer.sessionToken);
}

/**
 * Once signed in (and the profile chosen): back where a play button sent the visitor from, the
 * remembered player path, used once (lib/return-to.ts); else home. The return replaces /login in
 * the history, so leaving the player goes back to the page that asked, not to the account page.
 */
export function goOnAfterSignIn(navigate: NavigateFunction): void {
  const back = takeReturnTo();
  if (back) navigate(back, { replace: true });
  else navigate('/');
}

/**
 * After a sign-in's session is open: the profile picker for a household of several profiles (via
 * `onProfiles`), else on to where the visitor was going (goOnAfterSignIn).
 */
export function continueAfterSignIn(
  { profiles }: { profiles: UserProfile[] },
  onProfiles: (profiles: UserProfile[]) => void,
  navigate: NavigateFunction,
): void {
  if (profiles.length > 1) onProfiles(profiles);
  else goOnAfterSignIn(navigate);
}
