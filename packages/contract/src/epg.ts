/**
 * Live television (no TypeBox here: the schemas are in epg-schemas.ts): the EPG, on-now and event
 * calls (Exposure notes §8), the programme flags and time slots (spec part 1 §3, §9), the
 * programme details route's id, and the rules the guide, the player and the server share. The
 * web app imports values from this module, so it must stay free of schema builders.
 */

import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

const enc = encodeURIComponent;
type Bu = BusinessUnitRef;
const v1 = (bu: Bu) => exposurePrefix('v1', bu);
const v2 = (bu: Bu) => exposurePrefix('v2', bu);

/** A calendar day, `YYYY-MM-DD` (UTC: Exposure's EPG dates are UTC days). */
export type EpgDate = string;

export const epgPaths = {
  /** GET ?daysBackward&daysForward&pageSize&pageNumber&startDateSort: ChannelEpg (one channel; slugs accepted). */
  channelDate: (bu: Bu, channelId: string, date: EpgDate) => `${v2(bu)}/epg/${enc(channelId)}/date/${date}`,
  /** GET, same query: ChannelEpg[] (every channel with programmes in the page). */
  allDate: (bu: Bu, date: EpgDate) => `${v2(bu)}/epg/date/${date}`,
  /** GET: Program, or 404 PROGRAM_NOT_FOUND. */
  program: (bu: Bu, channelId: string, programId: string) =>
    `${v2(bu)}/epg/${enc(channelId)}/program/${enc(programId)}`,
  /** GET: the programme after it on its channel, or 404 NEXT_PROGRAM_NOT_FOUND. */
  programNext: (bu: Bu, channelId: string, programId: string) =>
    `${v2(bu)}/epg/${enc(channelId)}/program/${enc(programId)}/next`,
  /** GET: the next airing of a catalogue title on any channel, or 404 NEXT_PROGRAM_NOT_FOUND. */
  assetNext: (bu: Bu, assetId: string) => `${v2(bu)}/epg/asset/${enc(assetId)}/next`,
  /** GET: ChannelEpg holding the programme on air (and the next one). */
  channelOnNow: (bu: Bu, channelId: string) => `${v1(bu)}/epg/${enc(channelId)}/onnow`,
  /** GET ?minutesForward&pageSize&pageNumber&sortingLocale: ChannelOnNowList, every channel. */
  onNow: (bu: Bu) => `${v1(bu)}/channel/onnow`,
  /** GET ?daysBackward&daysForward&hideEnded&pageSize&pageNumber: EventList (LIVE_EVENT airings). */
  events: (bu: Bu, date: EpgDate) => `${v2(bu)}/event/date/${date}`,
} as const;

/** The EPG calls' route patterns (the server's), keyed as `epgPaths`. */
export const epgPatterns = {
  channelDate: { version: 'v2', pattern: '/epg/:channelId/date/:date' },
  allDate: { version: 'v2', pattern: '/epg/date/:date' },
  program: { version: 'v2', pattern: '/epg/:channelId/program/:programId' },
  programNext: { version: 'v2', pattern: '/epg/:channelId/program/:programId/next' },
  assetNext: { version: 'v2', pattern: '/epg/asset/:assetId/next' },
  channelOnNow: { version: 'v1', pattern: '/epg/:channelId/onnow' },
  onNow: { version: 'v1', pattern: '/channel/onnow' },
  events: { version: 'v2', pattern: '/event/date/:date' },
} as const satisfies Record<string, ExposureRoute>;

/** The EPG calls' error codes (Exposure notes §8), in `message` of the one error body. */
export const EPG_ERROR_CODES = [
  /** 404: no TV_CHANNEL asset has this id or slug. */
  'CHANNEL_NOT_FOUND',
  'PROGRAM_NOT_FOUND',
  'NEXT_PROGRAM_NOT_FOUND',
  /** 422: the days asked leave the schedule window (EPG_WINDOW_DAYS each way of today, UTC). */
  'DATE_REQUESTED_OUTSIDE_VALID_WINDOW',
] as const;
export type EpgErrorCode = (typeof EPG_ERROR_CODES)[number];

/**
 * The channel the specification names when the viewer's location is unknown (spec part 1 §9); the
 * EPG calls take it for the first channel (by `customData.channelNumber`) unless a channel has
 * this id or slug (ADR 0022).
 */
export const DEFAULT_CHANNEL_ALIAS = 'channel-59';

/**
 * Programme flags, a bitmask (spec part 1 §9): network recording, catch-up, start-over; then
 * Antenne's access-service marks beyond the spec's three bits (ADR 0029), set by the server when
 * answering from the aired title's packaged media: subtitles, audio description.
 */
export const PROGRAM_FLAGS = {
  PVR: 2,
  CATCHUP: 4,
  STARTOVER: 8,
  SUBTITLES: 16,
  AUDIO_DESCRIPTION: 32,
} as const;
export type ProgramFlag = keyof typeof PROGRAM_FLAGS;
export const hasProgramFlag = (flags: number | undefined, flag: ProgramFlag) =>
  ((flags ?? 0) & PROGRAM_FLAGS[flag]) !== 0;

/** The schedule spans this many days before and after today; outside: 422 DATE_REQUESTED_OUTSIDE_VALID_WINDOW. */
export const EPG_WINDOW_DAYS = 7;
/** A programme with the catch-up flag plays for this many days after it ends; the live streams keep as much. */
export const CATCHUP_DAYS = 7;
/** Exposure's bounds on daysBackward/daysForward (the schedule itself holds EPG_WINDOW_DAYS each way). */
export const EPG_MAX_DAYS_AROUND = 30;
export const EPG_DEFAULT_PAGE_SIZE = 50;
export const EPG_MAX_PAGE_SIZE = 10_000;

/**
 * The guide's time slots (spec part 1 §3): now, the next programme, prime time and late evening,
 * the last two as local wall-clock times of the day shown.
 */
export const TIME_SLOTS = ['now', 'next', 'prime', 'late'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const PRIME_TIME = { hour: 21, minute: 0 } as const;
export const LATE_TIME = { hour: 23, minute: 0 } as const;

/**
 * The programme details route's id (spec part 1 §2): `{channelId}#{startTimestampMs}`, as the
 * reminder popup's Go builds it. The `#` travels encoded in the path (`%23`).
 */
export const programDetailsId = (channelId: string, startMs: number) => `${channelId}#${startMs}`;

/** `{channelId}#{startTimestampMs}` → its parts, or null when it is not one. */
export function parseProgramDetailsId(id: string): { channelId: string; startMs: number } | null {
  const at = id.lastIndexOf('#');
  if (at <= 0) return null;
  const start = id.slice(at + 1);
  if (!/^\d{1,15}$/.test(start)) return null;
  return { channelId: id.slice(0, at), startMs: Number(start) };
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export const epgDateOf = (ms: number): EpgDate => new Date(ms).toISOString().slice(0, 10);

/** Recording status codes (spec part 1 §4): anything else is idle. */
export const RECORDING_STATUS = { PENDING: 1, IN_PROGRESS: 2, DONE: 3, ERROR: 4 } as const;
/** A household's network recordings may add up to this many hours. */
export const RECORDING_QUOTA_HOURS = 20;
/** Recording durations are shown in minutes (spec part 1 §9: ms / 60000). */
export const recordingMinutes = (durationMs: number) => Math.round(durationMs / 60_000);
