import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  queryKeys,
  recordingPaths,
  type ConfigWeb,
  type RecordingList,
  type RecordingRequest,
} from '@antenne/contract';
import { useUserToken } from '../state/session-store';
import { api } from './client';
import { useStartup } from './use-startup';

/**
 * The network recordings calls (Antenne's, ADR 0026): the profile's list with the household's
 * quota, record a programme or its series, delete a recording, stop a series. Every write
 * reloads the list.
 */

/** `GET …/recording?locale`: names and descriptions in `locale`. */
export function getRecordings(
  config: ConfigWeb,
  token: string,
  locale: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RecordingList> {
  return api.get<RecordingList>(recordingPaths.recordings(config), {
    baseUrl: config.exposureBaseUrl,
    token,
    query: { locale },
    noCache: true,
    signal,
  });
}

export function recordProgramme(config: ConfigWeb, token: string, request: RecordingRequest) {
  return api.post<RecordingList>(recordingPaths.recordings(config), request, {
    baseUrl: config.exposureBaseUrl,
    token,
  });
}

export function deleteRecording(config: ConfigWeb, token: string, recordingId: string) {
  return api.delete(recordingPaths.recording(config, recordingId), {
    baseUrl: config.exposureBaseUrl,
    token,
    lenientBody: true,
  });
}

export function stopSeriesRecording(config: ConfigWeb, token: string, seriesId: string) {
  return api.delete(recordingPaths.series(config, seriesId), {
    baseUrl: config.exposureBaseUrl,
    token,
    lenientBody: true,
  });
}

export const recordingsQueryOptions = (config: ConfigWeb, token: string | null, locale: string) =>
  queryOptions({
    queryKey: queryKeys.recordings(token, locale),
    queryFn: token ? ({ signal }) => getRecordings(config, token, locale, { signal }) : skipToken,
    // The status follows the clock: read again each minute while shown.
    refetchInterval: 60_000,
  });

/** The signed-in profile's recordings (nothing is asked for a visitor). */
export function useRecordings() {
  const { config } = useStartup();
  const token = useUserToken();
  const { i18n } = useTranslation();
  return useQuery(recordingsQueryOptions(config, token, i18n.language));
}

export type RecordingWrite =
  | { kind: 'record'; programId: string; series?: boolean }
  | { kind: 'delete'; recordingId: string }
  | { kind: 'stopSeries'; seriesId: string };

/** Records, deletes or stops a series, then reloads the list. */
export function useRecordingWrite() {
  const { config } = useStartup();
  const token = useUserToken();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: RecordingWrite): Promise<unknown> => {
      if (!token) throw new Error('Recordings need a signed-in user');
      switch (write.kind) {
        case 'record':
          return recordProgramme(config, token, {
            programId: write.programId,
            series: write.series ?? false,
            storageMode: 'NETWORK',
            locale: i18n.language,
          });
        case 'delete':
          return deleteRecording(config, token, write.recordingId);
        case 'stopSeries':
          return stopSeriesRecording(config, token, write.seriesId);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['recordings'] }),
  });
}
