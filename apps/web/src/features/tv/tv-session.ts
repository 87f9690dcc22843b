import type { DeviceRegistration, LoginResponse } from '@antenne/contract';
import { browserName, deviceId } from '../../api/auth';
import { toSessionProfile, useSessionStore } from '../../state/session-store';

/** This browser as a big screen: its stable device id, `tv-<browser>`, type SMART_TV. */
export function tvDevice(): DeviceRegistration {
  return { deviceId: deviceId(), name: `tv-${browserName()}`, type: 'SMART_TV' };
}

/**
 * The login of an activated code, stored as every sign-in stores one (features/account's
 * completeSignIn): the session token and user, then the profile the code was confirmed from as
 * the only and current one.
 */
export function storeActivatedSession(answer: LoginResponse): void {
  const profile = answer.userProfile;
  const store = useSessionStore.getState();
  store.householdLoginSuccess(answer.sessionToken, {
    ...(profile.emailAddress ? { email: profile.emailAddress } : {}),
    displayName: profile.displayName,
    userId: answer.userId,
    accountId: answer.accountId,
  });
  store.profileListReplaced([profile]);
  store.profileLoginSuccess(toSessionProfile(profile));
  // Confirmed by a US pay-TV subscriber's household: the screen plays through its provider.
  store.setProviderBound(answer.tvProvider ?? null);
}
