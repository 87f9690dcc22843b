import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { RESTRICTED_VIEWER_COOKIE, type UserProfile } from '@antenne/contract';
import { onSessionRejected } from '../api/client';
import { isServerRenderedPage } from '../lib/render-context';
import { storageKeys } from '../lib/storage-keys';

/** The signed-in user as the app keeps it; createdAt is when the session was stored (ms). */
export interface SessionUser {
  email?: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  /** The Exposure user id of the household's main profile. */
  userId?: string;
  accountId?: string;
  createdAt: number;
}

export interface ProfileProperty {
  name: string;
  value: string;
}

/** The selected profile (spec part 1 §3). */
export interface SessionProfile {
  externalId: string;
  profileProperties: ProfileProperty[];
  displayName?: string;
  /** The household's main profile. */
  owner?: boolean;
  /** A restricted profile, as the server says (a child profile, or one a PrLevel limits: ADR 0012). */
  restricted?: boolean;
}

/**
 * Login state (spec part 1 §4): anonymous → household connected (a session token) → profile
 * selected (connected). Logout or a failure goes back to anonymous.
 */
export type LoginStatus = 'anonymous' | 'household' | 'connected';

export interface SessionState {
  /** The user's session token (Exposure sessionToken); null for a visitor. */
  token: string | null;
  user: SessionUser | null;
  profile: SessionProfile | null;
  /** The household's profiles, replaced on household login and on profile changes. */
  profiles: UserProfile[];
  /** The profile image shown in the top bar. */
  avatar: string | null;
  /** The US pay-TV provider's media token (spec part 1 §4), kept with the provider it came from. */
  providerToken: string | null;
  /** The ID (ProviderItem.ID) of the pay-TV provider the token came from; null without one. */
  selectedProvider: string | null;
  status: LoginStatus;
  /** Raised on request, lowered on success or failure. */
  householdLoading: boolean;
  profileLoading: boolean;
  /** Error codes, kept separately for display. */
  householdError: string | null;
  profileError: string | null;
  /** The suspension popup is due (SUSPENDED_HOUSEHOLD / INACTIVE_HOUSEHOLD). */
  suspended: boolean;
  /** The server rejected the session token (signed out or replaced elsewhere): the app shell offers to sign in again. */
  sessionExpired: boolean;

  setSession: (token: string, user: Omit<SessionUser, 'createdAt'>) => void;
  setProfile: (profile: SessionProfile | null) => void;
  setAvatar: (avatar: string | null) => void;
  /** Stores the pay-TV provider's token with the provider chosen (both null: forgotten). */
  setProviderToken: (providerToken: string | null, selectedProvider?: string | null) => void;
  /** A session the server bound to a provider without a token here (LoginResponse.tvProvider). */
  setProviderBound: (selectedProvider: string | null) => void;
  householdLoginRequest: () => void;
  householdLoginSuccess: (token: string, user: Omit<SessionUser, 'createdAt'>) => void;
  householdLoginFailure: (code: string) => void;
  profileLoginRequest: () => void;
  /** The chosen profile; `token` replaces the session token when the server issued a new one. */
  profileLoginSuccess: (profile: SessionProfile, token?: string) => void;
  profileLoginFailure: (code: string) => void;
  profileListReplaced: (profiles: UserProfile[]) => void;
  /** Profile create, update, delete: raise the loading flag, then the new list (replaced) or the error. */
  profileChangeRequest: () => void;
  profileChangeSuccess: (profiles: UserProfile[]) => void;
  profileChangeFailure: (code: string) => void;
  dismissSuspension: () => void;
  /**
   * A personal call made with `token` answered 401 INVALID_SESSION_TOKEN / NO_SESSION_TOKEN: when
   * it is still the current token, the session is forgotten and sessionExpired raised (a late
   * answer to a token this tab already replaced changes nothing).
   */
  sessionRejected: (token: string) => void;
  dismissSessionExpired: () => void;
  /** Forgets the user, the token, the profiles, the avatar, the provider token and the selected provider. */
  logout: () => void;
  clear: () => void;
}

const empty = {
  token: null,
  user: null,
  profile: null,
  profiles: [],
  avatar: null,
  providerToken: null,
  selectedProvider: null,
  status: 'anonymous',
  householdLoading: false,
  profileLoading: false,
  householdError: null,
  profileError: null,
  suspended: false,
  sessionExpired: false,
} satisfies Partial<SessionState>;

const SUSPENSION_CODES = new Set(['SUSPENDED_HOUSEHOLD', 'INACTIVE_HOUSEHOLD']);

/** An Exposure profile as the session keeps it: its metadata become profile properties. */
export function toSessionProfile(profile: UserProfile): SessionProfile {
  return {
    externalId: profile.userId,
    displayName: profile.displayName,
    owner: profile.owner,
    restricted: profile.restricted,
    profileProperties: Object.entries(profile.metadata).map(([name, value]) => ({ name, value })),
  };
}

/**
 * The session, persisted to localStorage so a reload keeps the user signed in: the token, the
 * user (with createdAt), the profile, the avatar, the provider token and the selected provider.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...empty,
      setSession: (token, user) =>
        set({
          token,
          user: { ...user, createdAt: Date.now() },
          status: get().profile ? 'connected' : 'household',
        }),
      setProfile: (profile) => set({ profile }),
      setAvatar: (avatar) => set({ avatar }),
      setProviderToken: (providerToken, selectedProvider = null) =>
        set({ providerToken, selectedProvider: providerToken === null ? null : selectedProvider }),
      setProviderBound: (selectedProvider) => set({ selectedProvider }),
      householdLoginRequest: () => set({ householdLoading: true, householdError: null, suspended: false }),
      householdLoginSuccess: (token, user) =>
        set({
          token,
          user: { ...user, createdAt: Date.now() },
          status: 'household',
          householdLoading: false,
          householdError: null,
        }),
      householdLoginFailure: (code) =>
        set({
          ...empty,
          householdError: code,
          suspended: SUSPENSION_CODES.has(code),
        }),
      profileLoginRequest: () => set({ profileLoading: true, profileError: null }),
      profileLoginSuccess: (profile, token) =>
        set((state) => ({
          profile,
          token: token ?? state.token,
          status: 'connected',
          profileLoading: false,
          profileError: null,
          avatar: profile.profileProperties.find((property) => property.name === 'avatar')?.value ?? null,
        })),
      profileLoginFailure: (code) => set({ profile: null, profileLoading: false, profileError: code }),
      profileListReplaced: (profiles) =>
        set((state) => {
          const current =
            state.profile && profiles.find((profile) => profile.userId === state.profile?.externalId);
          return { profiles, profile: current ? toSessionProfile(current) : state.profile };
        }),
      profileChangeRequest: () => set({ profileLoading: true, profileError: null }),
      profileChangeSuccess: (profiles) => {
        get().profileListReplaced(profiles);
        set({ profileLoading: false, profileError: null });
      },
      profileChangeFailure: (code) => set({ profileLoading: false, profileError: code }),
      dismissSuspension: () => set({ suspended: false }),
      sessionRejected: (token) => {
        if (get().token === token) set({ ...empty, sessionExpired: true });
      },
      dismissSessionExpired: () => set({ sessionExpired: false }),
      logout: () => set(empty),
      clear: () => set(empty),
    }),
    {
      name: storageKeys.session,
      version: 1,
      // A server render is a visitor's; a server-rendered page hydrates as the visitor it was
      // rendered for, then restores the session (restoreSessionAfterHydration): docs/adr/0030.
      skipHydration: typeof window === 'undefined' || isServerRenderedPage(),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, profile, avatar, providerToken, selectedProvider }) => ({
        token,
        user,
        profile,
        avatar,
        providerToken,
        selectedProvider,
      }),
      merge: (persisted, current) => {
        const state = { ...current, ...(persisted as Partial<SessionState>) };
        return { ...state, status: !state.token ? 'anonymous' : state.profile ? 'connected' : 'household' };
      },
    },
  ),
);

/** After a server-rendered page has hydrated: the persisted session comes back (personal parts fill in). */
export function restoreSessionAfterHydration(): void {
  if (!useSessionStore.persist.hasHydrated()) void useSessionStore.persist.rehydrate();
}

/** Resolves once the persisted session has been read back (at once for localStorage). */
export function whenSessionHydrated(): Promise<void> {
  return new Promise((resolve) => {
    if (useSessionStore.persist.hasHydrated()) {
      resolve();
      return;
    }
    const unsubscribe = useSessionStore.persist.onFinishHydration(() => {
      unsubscribe();
      resolve();
    });
  });
}

// The one fetch wrapper tells which session tokens the server rejects (api/client.ts).
onSessionRejected((token) => useSessionStore.getState().sessionRejected(token));

/**
 * Another tab signed in, out or switched profile (the persisted session changed): this tab reads
 * it back at once, instead of going on with a token the server no longer accepts. Returns the
 * unsubscribe.
 */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.session) return;
    if (event.newValue === null) useSessionStore.getState().clear();
    else void useSessionStore.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * A restricted profile is mirrored into a cookie (RESTRICTED_VIEWER_COOKIE): the server then sends
 * its pages unrendered rather than the public catalogue's HTML, with titles above the profile's
 * level (docs/adr/0030).
 */
if (typeof document !== 'undefined') {
  const mirror = (state: SessionState) => {
    const restricted = state.token !== null && state.profile?.restricted === true;
    const present = document.cookie.split(/;\s*/).includes(`${RESTRICTED_VIEWER_COOKIE}=1`);
    if (restricted === present) return;
    document.cookie = restricted
      ? `${RESTRICTED_VIEWER_COOKIE}=1; Path=/; SameSite=Lax`
      : `${RESTRICTED_VIEWER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  };
  useSessionStore.subscribe(mirror);
  mirror(useSessionStore.getState());
}

/** The stored sign-in token, or null. */
export const useUserToken = () => useSessionStore((state) => state.token);

/** Whether the selected profile is restricted (a child profile, or one a PrLevel limits): ADR 0012. */
export const useRestrictedProfile = () => useSessionStore((state) => state.profile?.restricted === true);
