import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from '../lib/storage-keys';

/** The signed-in user as the app keeps it; createdAt is when the session was stored (ms). */
export interface SessionUser {
  email?: string;
  firstName?: string;
  lastName?: string;
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
}

export interface SessionState {
  /** The user's session token (Exposure sessionToken); null for a visitor. */
  token: string | null;
  user: SessionUser | null;
  profile: SessionProfile | null;
  setSession: (token: string, user: Omit<SessionUser, 'createdAt'>) => void;
  setProfile: (profile: SessionProfile | null) => void;
  clear: () => void;
}

const empty = { token: null, user: null, profile: null } satisfies Partial<SessionState>;

/**
 * The session, persisted to localStorage so a reload keeps the user signed in.
 * Sign-in fills it in a later issue; for now it starts (and stays) empty.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      setSession: (token, user) => set({ token, user: { ...user, createdAt: Date.now() } }),
      setProfile: (profile) => set({ profile }),
      clear: () => set(empty),
    }),
    {
      name: storageKeys.session,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, profile }) => ({ token, user, profile }),
    },
  ),
);

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

/** The stored sign-in token, or null. */
export const useUserToken = () => useSessionStore((state) => state.token);
