import { LANG_PREFERENCE_KEY } from '@antenne/contract';

/** Every key the app keeps in the browser's storage, in one place. */
export const storageKeys = {
  /** The interface language (spec part 1 §9). */
  language: LANG_PREFERENCE_KEY,
  /** The persisted session: token, user, profile, and the pay-TV provider's token and ID. */
  session: 'antenne-session',
  /** A throwaway key written and removed to learn whether storage works at all (lib/tv-provider.ts). */
  storageProbe: 'antenne-storage-probe',
  /**
   * sessionStorage: the in-app path to open after signing in (a player URL), set when a visitor
   * presses play (details page) or the play call answers 401 (player page); read and cleared by
   * the sign-in (lib/return-to.ts). sessionStorage, so it survives a social provider's round
   * trip in this tab and never leaks into another one.
   */
  returnTo: 'antenne-return-to',
  /**
   * sessionStorage: the US pay-TV providers (the config's ProviderItem list) the login page lists,
   * as the spec keeps them (part 1 §2); written when the page opens, read back to list them.
   */
  tvProviders: 'antenne-tv-providers',
  /**
   * The random audience-measurement visitor id (lib/analytics/batching-transport.ts): written only
   * once analytics consent is given, removed when it is withdrawn (docs/analytics.md).
   */
  analyticsVisitor: 'antenne_visitor_id',
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
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing stored then.
    }
  },
};

/** sessionStorage that never throws, as safeStorage. */
export const safeSessionStorage = {
  get(key: string): string | null {
    try {
      return globalThis.sessionStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.sessionStorage?.setItem(key, value);
    } catch {
      // Storage unavailable: the value lasts for this page only (here: no return after sign-in).
    }
  },
  remove(key: string): void {
    try {
      globalThis.sessionStorage?.removeItem(key);
    } catch {
      // Nothing stored then.
    }
  },
};
