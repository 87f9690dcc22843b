import { LANG_PREFERENCE_KEY } from '@antenne/contract';

/** Every key the app keeps in the browser's storage, in one place. */
export const storageKeys = {
  /** The interface language (spec part 1 §9). */
  language: LANG_PREFERENCE_KEY,
  /** The persisted session: token, user, profile. */
  session: 'antenne-session',
} as const;

/** localStorage that never throws (private mode, storage disabled, quota). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  },
};
