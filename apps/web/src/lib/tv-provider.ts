import { PAY_TV_COUNTRY, type ProviderItem } from '@antenne/contract';
import { useStartup } from '../api/use-startup';
import { useSessionStore, type SessionState } from '../state/session-store';
import { safeSessionStorage, storageKeys } from './storage-keys';

/**
 * The US pay-TV provider rules the web app shares (spec part 1 §2, §4; part 2 §4): who must sign
 * in with a provider, where the provider list is kept, whether the token can be kept at all.
 */

/** Whether visitors of `country` sign in and play through a pay-TV provider. */
export const isPayTvCountry = (country: string | null | undefined): boolean => country === PAY_TV_COUNTRY;

function isProviderItem(value: unknown): value is ProviderItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return ['ID', 'displayName', 'logoURL', 'loginURL'].every((key) => typeof item[key] === 'string');
}

/** The provider list kept in session storage (storageKeys.tvProviders), or null when none is readable. */
export function storedProviderList(): ProviderItem[] | null {
  const stored = safeSessionStorage.get(storageKeys.tvProviders);
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) && parsed.every(isProviderItem) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the config's providers in session storage, then lists them as read back from it (spec
 * part 1 §2); without a working session storage, the config's list itself.
 */
export function keepProviderList(providers: ProviderItem[]): ProviderItem[] {
  safeSessionStorage.set(storageKeys.tvProviders, JSON.stringify(providers));
  return storedProviderList() ?? providers;
}

/**
 * Whether the browser can keep the provider token (the spec's "token facility"): session storage
 * (the provider list) and local storage (the persisted session) both accept a write. Private modes
 * and disabled storage throw, or offer no storage at all.
 */
export function providerTokenFacility(): boolean {
  try {
    for (const storage of [globalThis.sessionStorage, globalThis.localStorage]) {
      if (!storage) return false;
      storage.setItem(storageKeys.storageProbe, '1');
      storage.removeItem(storageKeys.storageProbe);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the session came through a pay-TV provider: its token is kept, or the server said the
 * session is bound to one (LoginResponse.tvProvider: a big screen activated by a subscriber).
 */
export const signedInWithProvider = (state: Pick<SessionState, 'providerToken' | 'selectedProvider'>) =>
  state.providerToken !== null || state.selectedProvider !== null;

/**
 * True when this visitor must sign in with a pay-TV provider before playing: a US visitor without
 * a provider token, even when signed in by email (spec part 2 §4).
 */
export function useProviderTokenRequired(): boolean {
  const { location } = useStartup();
  const withProvider = useSessionStore(signedInWithProvider);
  return isPayTvCountry(location.country) && !withProvider;
}
