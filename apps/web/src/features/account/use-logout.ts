import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logoutSequence } from '../../api/auth';
import { useStartup } from '../../api/use-startup';

/** The signed-in user's own data in the query cache, dropped on sign-out. */
const PERSONAL_QUERIES = ['preferences', 'favourites', 'continueWatching', 'lastViewedOffset'] as const;

/**
 * Signs out (spec part 1 §4): the Exposure session (a failure is ignored), the identity session,
 * then the stored user, token, avatar and provider token, and the user's cached data.
 */
export function useLogout(): () => Promise<void> {
  const { config } = useStartup();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logoutSequence(config);
    for (const key of PERSONAL_QUERIES) queryClient.removeQueries({ queryKey: [key] });
  }, [config, queryClient]);
}
