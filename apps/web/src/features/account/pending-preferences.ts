import { accountPaths, type ConfigWeb } from '@antenne/contract';
import { api } from '../../api/client';
import { safeStorage } from '../../lib/storage-keys';

/**
 * The preferences typed at registration (names, birthday, gender, country, newsletter). There is
 * no session until the email is verified and the user signs in, so they wait in localStorage and
 * are posted right after the first successful sign-in of that email, then forgotten.
 */
export const PENDING_PREFERENCES_KEY = 'antenne-pending-registration';

interface Pending {
  email: string;
  preferences: Record<string, string>;
}

export function keepPendingPreferences(email: string, preferences: Record<string, string>): void {
  safeStorage.set(
    PENDING_PREFERENCES_KEY,
    JSON.stringify({ email: email.toLowerCase(), preferences } satisfies Pending),
  );
}

export function readPendingPreferences(): Pending | null {
  const raw = safeStorage.get(PENDING_PREFERENCES_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Pending>;
    return typeof value.email === 'string' && value.preferences && typeof value.preferences === 'object'
      ? { email: value.email, preferences: value.preferences }
      : null;
  } catch {
    return null;
  }
}

function forget(): void {
  try {
    globalThis.localStorage?.removeItem(PENDING_PREFERENCES_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Posts the waiting preferences of `email` with the new session; kept for a later try on failure. */
export async function flushPendingPreferences(
  config: Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>,
  token: string,
  email: string | undefined,
): Promise<void> {
  const pending = readPendingPreferences();
  if (!pending || !email || pending.email !== email.toLowerCase()) return;
  try {
    await api.post(
      accountPaths.preferences(config),
      { preferences: pending.preferences },
      { baseUrl: config.exposureBaseUrl, token },
    );
    forget();
  } catch {
    // The next sign-in tries again.
  }
}
