// Test fixtures for the sign-in and registration tests: the identity service's and Exposure's answers.
import {
  accountPaths,
  identityPaths,
  type IdentityProviders,
  type LoginResponse,
  type UserProfile,
} from '@antenne/contract';
import { config, json, type Handler } from '../../../test/fetch-mock';

export const IDENTITY_USER_ID = 'idu-1';
export const ID_TOKEN = 'id-token-jwt';

export function profileOf(
  userId: string,
  displayName: string,
  owner: boolean,
  metadata: Record<string, string> = {},
): UserProfile {
  return {
    userId,
    username: userId,
    displayName,
    emailAddress: 'viewer@example.com',
    created: '2026-01-01T00:00:00Z',
    metadata,
    active: true,
    owner,
    child: false,
    hasPinCode: false,
    restricted: false,
  };
}

export const owner = profileOf('alice', 'Alice', true);

export function loginResponse(sessionToken: string, profile: UserProfile = owner): LoginResponse {
  return {
    sessionToken,
    expirationDateTime: '2026-12-23T00:00:00Z',
    accountId: 'household-1',
    userId: profile.userId,
    accountStatus: 'ACTIVE',
    crmToken: '',
    isOverDeviceLimit: false,
    userProfile: profile,
  };
}

export const accountUrls = {
  firebaseLogin: accountPaths.firebaseLogin(config),
  logout: accountPaths.logout(config),
  profiles: accountPaths.profiles(config),
  preferences: accountPaths.preferences(config),
  selectProfile: (userId: string) => accountPaths.selectProfile(config, userId),
};

export const providers = (
  social: IdentityProviders['social'] = [],
  oidc: IdentityProviders['oidc'] = null,
): IdentityProviders => ({
  email: true,
  social,
  oidc,
});

/** A healthy identity service and Exposure: the email sign-in of a one-profile household works. */
export function accountHandlers(): Record<string, Handler> {
  return {
    [identityPaths.providers]: () => json(providers()),
    [identityPaths.signInEmail]: (_url, init) => {
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      return json({
        token: 'identity-session',
        user: { id: IDENTITY_USER_ID, email, name: 'Alice', emailVerified: true },
      });
    },
    [identityPaths.token]: () => json({ token: ID_TOKEN }),
    [identityPaths.signOut]: () => json({ success: true }),
    [identityPaths.requestPasswordReset]: () => json({ status: true }),
    [identityPaths.sendVerificationEmail]: () => json({ status: true }),
    [accountUrls.firebaseLogin]: () => json(loginResponse('session-1')),
    [accountUrls.profiles]: () => json({ profiles: [owner], pinCodes: [] }),
    [accountUrls.preferences]: () => json({ message: 'OK' }),
  };
}

/** The JSON body sent with the n-th call to `path`. */
export function bodyOf(fetchMock: { mock: { calls: unknown[][] } }, path: string, index = 0): unknown {
  const calls = fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === path,
  );
  const init = calls[index]?.[1] as RequestInit | undefined;
  return init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
}

/** The paths fetched, in order. */
export function pathsCalled(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}
