import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  accountPaths,
  DEVICE_NAME_PREFIX,
  IDENTITY_USERNAME_PREFIX,
  PARENTAL_PIN_HEADER,
  queryKeys,
  tvProviderPaths,
  type ConfigWeb,
  type DeviceRegistration,
  type FirebaseLoginRequest,
  type LoginResponse,
  type PrimetimeLoginRequest,
  type UserProfile,
  type UserProfiles,
  type UserProfileUpdate,
  type UserProfileWrite,
} from '@antenne/contract';
import { safeStorage } from '../lib/storage-keys';
import { useSessionStore, useUserToken } from '../state/session-store';
import { api } from './client';
import { signOut } from './identity';
import { useStartup } from './use-startup';

/**
 * The Exposure session calls (spec part 1 §7): firebaseLogin exchanges the identity service's ID
 * token for a session token; logout ends it; the household's profiles and the choice of one.
 */

/** Where the browser's stable device id is kept. */
export const DEVICE_ID_KEY = 'antenne-device-id';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A random id made once per browser and kept in localStorage. */
export function deviceId(): string {
  const known = safeStorage.get(DEVICE_ID_KEY);
  if (known) return known;
  const id = randomId();
  safeStorage.set(DEVICE_ID_KEY, id);
  return id;
}

/** The browser's name, from its user agent (the order matters: Edge and Opera say Chrome too). */
export function browserName(userAgent: string = globalThis.navigator?.userAgent ?? ''): string {
  const known: [RegExp, string][] = [
    [/Edg\//, 'edge'],
    [/OPR\/|Opera/, 'opera'],
    [/Firefox\//, 'firefox'],
    [/Chrome\/|CriOS\//, 'chrome'],
    [/Safari\//, 'safari'],
  ];
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'browser';
}

/** This browser as Exposure registers it: `web-11-<browser>`, type WEB. */
export function webDevice(): DeviceRegistration {
  return { deviceId: deviceId(), name: `${DEVICE_NAME_PREFIX}${browserName()}`, type: 'WEB' };
}

type Bu = Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;

export interface FirebaseLoginInput {
  identityUserId: string;
  accessToken: string;
  /** At registration: the account's email, name, verification state and provider. */
  registration?: Pick<FirebaseLoginRequest, 'email' | 'displayName' | 'emailVerified' | 'providerId'>;
  language?: string;
}

export function firebaseLogin(config: Bu, input: FirebaseLoginInput): Promise<LoginResponse> {
  const body: FirebaseLoginRequest = {
    username: `${IDENTITY_USERNAME_PREFIX}${input.identityUserId}`,
    accessToken: input.accessToken,
    device: webDevice(),
    ...input.registration,
    ...(input.language ? { language: input.language } : {}),
  };
  return api.post<LoginResponse>(accountPaths.firebaseLogin(config), body, {
    baseUrl: config.exposureBaseUrl,
  });
}

/**
 * adobePrimetimeLogin (spec part 1 §4, §7): the US pay-TV provider's media token for a session
 * token, this browser registered as the other sign-ins register it. A refused token answers 401
 * (TV_PROVIDER_ERROR_CODES).
 */
export function adobePrimetimeLogin(
  config: Bu,
  input: { mediaToken: string; language?: string },
): Promise<LoginResponse> {
  const body: PrimetimeLoginRequest = {
    mediaToken: input.mediaToken,
    device: webDevice(),
    ...(input.language ? { language: input.language } : {}),
  };
  return api.post<LoginResponse>(tvProviderPaths.primetimeLogin(config), body, {
    baseUrl: config.exposureBaseUrl,
  });
}

/** DELETE auth/login: ends the session. */
export function logout(config: Bu, token: string): Promise<unknown> {
  return api.delete<unknown>(accountPaths.logout(config), { baseUrl: config.exposureBaseUrl, token });
}

export function getProfiles(
  config: Bu,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserProfiles> {
  return api.get<UserProfiles>(accountPaths.profiles(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    signal,
  });
}

/** The household's profiles, keyed by the session token (sign-out removes them). */
export const profilesQueryOptions = (config: Bu, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.profiles(token),
    queryFn: token ? ({ signal }) => getProfiles(config, token, { signal }) : skipToken,
  });

/** The signed-in household's profiles (nothing is asked for a visitor). */
export function useProfiles() {
  const { config } = useStartup();
  return useQuery(profilesQueryOptions(config, useUserToken()));
}

/**
 * Chooses a profile: the answer carries a new session token for it. From a restricted profile, a
 * profile with a PIN needs that `pin` (403 PARENTAL_PIN_REQUIRED / INVALID_PIN_CODE otherwise).
 */
export function selectProfile(
  config: Bu,
  token: string,
  userId: string,
  pin?: string,
): Promise<LoginResponse> {
  return api.get<LoginResponse>(accountPaths.selectProfile(config, userId), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    ...(pin === undefined ? {} : { headers: { [PARENTAL_PIN_HEADER]: pin } }),
  });
}

/**
 * Sign-out (spec part 1 §4): forgets the user, the token, the avatar and the provider token with
 * the selected provider, then ends the Exposure session (a failure is ignored: the user leaves
 * anyway) and signs out of the identity service.
 */
export async function logoutSequence(config: Bu): Promise<void> {
  const { token } = useSessionStore.getState();
  // Forgotten here first: a page left right after the click (a link, a reload) is signed out all
  // the same; the server's sessions are ended after, with the token read above.
  useSessionStore.getState().logout();
  if (token) await logout(config, token).catch(() => undefined);
  await signOut().catch(() => undefined);
}

/** Adds a profile to the household (403 TOO_MANY_PROFILES past MAX_PROFILES): the new list. */
export function createProfile(config: Bu, token: string, body: UserProfileWrite): Promise<UserProfiles> {
  return api.post<UserProfiles>(accountPaths.profiles(config), body, {
    baseUrl: config.exposureBaseUrl,
    token,
  });
}

/**
 * Changes a profile: `metadata` replaces the whole map (send every key back); `pinCode` sets
 * (4 digits) or removes (null) the parental PIN, with `currentPinCode` or `currentPassword` when
 * the profile has one. The answer is the updated profile.
 */
export function updateProfile(
  config: Bu,
  token: string,
  userId: string,
  body: UserProfileUpdate,
): Promise<UserProfile> {
  return api.put<UserProfile>(accountPaths.profile(config, userId), body, {
    baseUrl: config.exposureBaseUrl,
    token,
  });
}

/** Removes a profile (403 CANNOT_DELETE_OWNER for the main one): the remaining list. */
export function deleteProfile(config: Bu, token: string, userId: string): Promise<UserProfiles> {
  return api.delete<UserProfiles>(accountPaths.profile(config, userId), {
    baseUrl: config.exposureBaseUrl,
    token,
  });
}
