import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  EPG_MAX_PAGE_SIZE,
  epgDateOf,
  epgPaths,
  parseProgramDetailsId,
  queryKeys,
  type ChannelEpg,
  type ChannelEpgList,
  type ConfigWeb,
  type EpgDate,
  type Program,
} from '@antenne/contract';
import { api, ApiError } from './client';
import { useStartup } from './use-startup';

/**
 * The EPG calls by date the web app makes (Exposure notes §8): one channel's or every channel's
 * programmes over days (UTC dates), and one programme by its details id. Typed with the
 * contract's static types, keyed by its query keys. What is on now is on-now.ts (the home's
 * channels lane loads it without these).
 */

/** Days after `date` read with it: `days` 1 is that date alone. */
const around = (days: number) => ({ daysBackward: 0, daysForward: Math.max(0, days - 1) });

/**
 * What of each programme's asset the guide and the player's live overlay read: its titles per
 * language, nothing else (times and flags are the programme's own). Asked with Exposure's
 * `fieldSet`/`includeFields`/`excludeFields`, a day of every channel weighs about a tenth of the
 * PARTIAL default (bench/README.md); the programme details page asks the default.
 */
export const GUIDE_FIELDS = {
  fieldSet: 'NONE',
  includeFields: 'localized',
  excludeFields: [
    'sortingTitle',
    'article',
    'description',
    'tinyDescription',
    'shortDescription',
    'longDescription',
    'extendedDescription',
    'images',
  ]
    .map((field) => `localized.${field}`)
    .join(','),
} as const;

type Fields = typeof GUIDE_FIELDS;

interface DateOptions {
  days?: number;
  /** The programmes' asset fields (GUIDE_FIELDS); the server's PARTIAL when absent. */
  fields?: Fields;
  signal?: AbortSignal;
}

/** `epg/{channelId}/date/{date}`: one channel's programmes from `date` over `days` UTC days. */
export function getChannelEpg(
  config: ConfigWeb,
  channelId: string,
  date: EpgDate,
  { days = 1, fields, signal }: DateOptions = {},
): Promise<ChannelEpg> {
  return api.get<ChannelEpg>(epgPaths.channelDate(config, channelId, date), {
    baseUrl: config.exposureBaseUrl,
    query: { ...around(days), pageSize: EPG_MAX_PAGE_SIZE, pageNumber: 1, ...fields },
    signal,
  });
}

/** `epg/date/{date}`: every channel's programmes from `date` over `days` UTC days. */
export function getAllChannelsEpg(
  config: ConfigWeb,
  date: EpgDate,
  { days = 1, fields, signal }: DateOptions = {},
): Promise<ChannelEpgList> {
  return api.get<ChannelEpgList>(epgPaths.allDate(config, date), {
    baseUrl: config.exposureBaseUrl,
    query: { ...around(days), pageSize: EPG_MAX_PAGE_SIZE, pageNumber: 1, ...fields },
    signal,
  });
}

/** `channelId` null: every channel. The programmes carry their titles only (GUIDE_FIELDS). */
export const epgQueryOptions = (config: ConfigWeb, channelId: string | null, date: EpgDate, days = 1) =>
  queryOptions<ChannelEpgList>({
    queryKey: queryKeys.epg(channelId, date, days),
    queryFn: ({ signal }) =>
      channelId === null
        ? getAllChannelsEpg(config, date, { days, fields: GUIDE_FIELDS, signal })
        : getChannelEpg(config, channelId, date, { days, fields: GUIDE_FIELDS, signal }).then((one) => [one]),
    staleTime: 5 * 60_000,
  });

/** `keepPrevious`: the last answer stays while another date loads (the guide keeps its grid). */
export function useEpg(
  channelId: string | null,
  date: EpgDate,
  days = 1,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
) {
  const { config } = useStartup();
  return useQuery({
    ...epgQueryOptions(config, channelId, date, days),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/**
 * The programme of a details id (`{channelId}#{startMs}`): its channel's programmes of the start's
 * UTC date, the one starting at that instant. An id that is not one → 400 INVALID_ID; no programme
 * starting then → 404 PROGRAM_NOT_FOUND.
 */
export async function getProgramByDetailsId(
  config: ConfigWeb,
  detailsId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Program> {
  const parsed = parseProgramDetailsId(detailsId);
  if (!parsed) throw new ApiError(400, 'INVALID_ID', detailsId);
  const date = epgDateOf(parsed.startMs);
  const path = epgPaths.channelDate(config, parsed.channelId, date);
  const epg = await getChannelEpg(config, parsed.channelId, date, { signal });
  const program = epg.programs.find((p) => Date.parse(p.startTime) === parsed.startMs);
  if (!program) throw new ApiError(404, 'PROGRAM_NOT_FOUND', path);
  return program;
}

export const programQueryOptions = (config: ConfigWeb, detailsId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.program(detailsId),
    queryFn: detailsId ? ({ signal }) => getProgramByDetailsId(config, detailsId, { signal }) : skipToken,
    staleTime: 60_000,
  });

export function useProgram(detailsId: string | undefined) {
  const { config } = useStartup();
  return useQuery(programQueryOptions(config, detailsId));
}
