import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changeExposureEmail } from '../../api/account';
import { getIdentitySession } from '../../api/identity';
import { rememberPreferences, updatePreferences } from '../../api/preferences';
import { useStartup } from '../../api/use-startup';
import { useUserToken } from '../../state/session-store';

/**
 * An email change takes effect at the identity service once the link of its mail is followed
 * (in this browser or another). Then — the identity's address verified and not the one shown —
 * Exposure's changeEmail (which accepts that verified address only) and the email preference
 * follow it. Tried each time the account settings open; a failure is tried again next time.
 */
export function useFollowConfirmedEmail(shownEmail: string): void {
  const { config } = useStartup();
  const token = useUserToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !shownEmail) return;
    let active = true;
    void (async () => {
      const identity = (await getIdentitySession())?.user;
      if (!active || !identity?.emailVerified || identity.email.toLowerCase() === shownEmail.toLowerCase())
        return;
      await changeExposureEmail(config, token, identity.email);
      const preferences = await updatePreferences(config, token, { email: identity.email });
      if (active) rememberPreferences(queryClient, config, token, preferences);
    })().catch(() => undefined);
    return () => {
      active = false;
    };
  }, [config, token, shownEmail, queryClient]);
}
