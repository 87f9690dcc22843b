import type { QueryClient } from '@tanstack/react-query';
import type { ConfigWeb } from '@antenne/contract';
import { getPreferences, rememberPreferences, updatePreferences } from '../../api/preferences';
import { useSessionStore } from '../../state/session-store';
import {
  consentString,
  onConsentChange,
  parseConsentString,
  readConsent,
  type ConsentChoice,
} from '../analytics/consent';

/** The user preference that keeps the consent choice with the account (our consent string). */
export const CONSENT_PREFERENCE = 'consent';

/**
 * Keeps the cookie choice with the account, so that it follows the viewer (docs/consent.md):
 *
 * - at sign-in, the newer of the device's choice and the account's wins: an older device choice
 *   (or none) takes the account's, a newer one is saved to the account;
 * - while signed in, every choice made on this device is saved to the account.
 *
 * A page opened already signed in asks nothing (no call on each start): its device choice was
 * reconciled when that session signed in, and is saved whenever it changes.
 * `apply` writes a choice on this device (the platform's acceptCategory). Returns the stop function.
 */
export function keepConsentWithAccount(
  config: ConfigWeb,
  queryClient: QueryClient,
  apply: (choice: ConsentChoice) => void,
): () => void {
  let applying = false;

  const save = async (token: string, choice: ConsentChoice) => {
    const preferences = await updatePreferences(config, token, {
      [CONSENT_PREFERENCE]: consentString(choice),
    });
    rememberPreferences(queryClient, config, token, preferences);
  };

  const reconcile = async (token: string) => {
    const { preferences } = await getPreferences(config, token);
    const stored = preferences[CONSENT_PREFERENCE];
    const account = stored ? parseConsentString(stored) : undefined;
    const device = readConsent();
    // The consent string keeps seconds: compare at that grain.
    const seconds = (choice: ConsentChoice) => Math.floor(choice.at / 1000);
    if (account && (!device || seconds(account) > seconds(device))) {
      applying = true;
      try {
        apply(account);
      } finally {
        applying = false;
      }
    } else if (device && (!account || seconds(device) > seconds(account))) {
      await save(token, device);
    }
  };

  const stopSession = useSessionStore.subscribe((state, previous) => {
    // A session read back from storage (a page opened signed in, another tab's sign-in) is no
    // sign-in here: the persist middleware reports itself not hydrated while it writes it.
    if (!useSessionStore.persist.hasHydrated()) return;
    if (state.token && previous.token === null) {
      reconcile(state.token).catch(() => undefined);
    }
  });
  const stopConsent = onConsentChange((choice) => {
    const token = useSessionStore.getState().token;
    if (applying || !token || !choice) return;
    save(token, choice).catch(() => undefined);
  });
  return () => {
    stopSession();
    stopConsent();
  };
}
