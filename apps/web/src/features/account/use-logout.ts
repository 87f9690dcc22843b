import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PERSONAL_QUERY_RESOURCES } from '@antenne/contract';
import { logoutSequence } from '../../api/auth';
import { useStartup } from '../../api/use-startup';

/**
 * Signs out (spec part 1 §4): the Exposure session (a failure is ignored), the identity session,
 * then the stored user, token, avatar, provider token and selected provider, and the user's cached data.
 */
export function useLogout(): () => Promise<void> {
  const { config } = useStartup();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logoutSequence(config);
    // The signed-in user's own data in the query cache (the contract's query keys).
    for (const key of PERSONAL_QUERY_RESOURCES) queryClient.removeQueries({ queryKey: [key] });
  }, [config, queryClient]);
}
