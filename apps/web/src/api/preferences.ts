import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { accountPaths, queryKeys, type ConfigWeb, type PreferencesResponse } from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api } from './client';
import { useStartup } from './use-startup';

/** The user's preferences: every value is text (newsletter is 'true' or 'false'). */
export type Preferences = PreferencesResponse['preferences'];

/** `GET …/preferences` with the user's token. */
export function getPreferences(
  config: ConfigWeb,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PreferencesResponse> {
  return api.get<PreferencesResponse>(accountPaths.preferences(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    noCache: true,
    signal,
  });
}

/** `POST …/preferences`: replaces the WHOLE map. */
export function setPreferences(config: ConfigWeb, token: string, preferences: Preferences): Promise<unknown> {
  return api.post(
    accountPaths.preferences(config),
    { preferences },
    { baseUrl: config.exposureBaseUrl, token },
  );
}

/**
 * Changes some keys and keeps the others: reads the map, changes it, posts all of it back
 * (Exposure notes §6.1). Empty values are kept as empty text.
 */
export async function updatePreferences(
  config: ConfigWeb,
  token: string,
  changes: Preferences,
): Promise<Preferences> {
  const current = await getPreferences(config, token);
  const next = { ...current.preferences, ...changes };
  await setPreferences(config, token, next);
  return next;
}

export const preferencesQueryKey = queryKeys.preferences;

export const preferencesQueryOptions = (config: ConfigWeb, token: string | null) =>
  queryOptions({
    queryKey: preferencesQueryKey(token),
    queryFn: token ? ({ signal }) => getPreferences(config, token, { signal }) : skipToken,
  });

export function usePreferences() {
  const { config } = useStartup();
  const token = useUserToken();
  return useQuery(preferencesQueryOptions(config, token));
}

/** Saves some keys (the others kept), then refreshes the cached map. */
export function useUpdatePreferences() {
  const { config } = useStartup();
  const token = useUserToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Preferences) => {
      if (!token) throw new Error('Preferences need a signed-in user');
      return updatePreferences(config, token, changes);
    },
    onSuccess: (preferences) => rememberPreferences(queryClient, config, token, preferences),
  });
}

/** The map just saved becomes the cached one (no refetch). */
export function rememberPreferences(
  queryClient: QueryClient,
  config: ConfigWeb,
  token: string | null,
  preferences: Preferences,
): void {
  queryClient.setQueryData(preferencesQueryOptions(config, token).queryKey, (old) => ({
    lastUpdated: old?.lastUpdated ?? '',
    preferences,
  }));
}
