import type { PlayResponse, Program } from '@antenne/contract';

/**
 * The player's live model (ADR 0025), pure: what kind of play a response is, the seekable window
 * on the wall clock, whether the playhead is at the live edge, and the programme at an instant.
 */

/**
 * `live`: a channel (streamInfo.live, not event); `startover`: a programme on air, from its start
 * (event: an EVENT playlist / dynamic MPD that grows to the live edge); `catchup`: an ended
 * programme (static, bounded: it plays as on-demand). Anything else is on-demand (null).
 */
export type LiveKind = 'live' | 'startover' | 'catchup';

export function liveKindOf(play: { streamInfo?: PlayResponse['streamInfo'] }): LiveKind | null {
  const info = play.streamInfo;
  if (!info) return null;
  if (info.event) return 'startover';
  if (info.live) return 'live';
  if (info.start !== undefined && info.channelId !== undefined) return 'catchup';
  return null;
}

/** The channel a channel's or a programme's play is of (streamInfo.channelId). */
export const channelIdOf = (play: { streamInfo?: PlayResponse['streamInfo'] }): string | undefined =>
  play.streamInfo?.channelId;

/** The window the viewer may seek in (the engine's seek range), with its wall clock. */
export interface LiveWindow {
  /** Seconds of the <video>'s time. */
  start: number;
  end: number;
  /** Epoch ms of the <video>'s time 0 (the playhead's date minus its time); null: unknown. */
  originMs: number | null;
}

/**
 * Behind the live edge by at most this much is "live" (the badge shows, no go-to-live). Below one
 * seek step (10 s), so one step back already shows the way back to live.
 */
export const LIVE_EDGE_TOLERANCE_S = 8;

export const atLiveEdge = (currentTime: number, window: LiveWindow) =>
  window.end - currentTime <= LIVE_EDGE_TOLERANCE_S;

/** The wall-clock instant (epoch ms) of a <video> time, when the window has a clock. */
export const wallClockAt = (window: LiveWindow, time: number): number | null =>
  window.originMs === null ? null : window.originMs + time * 1000;

/** The <video> time of a wall-clock instant, when the window has a clock. */
export const timeAtWallClock = (window: LiveWindow, ms: number): number | null =>
  window.originMs === null ? null : (ms - window.originMs) / 1000;

/** A programme as the overlay shows it. */
export interface LiveProgramme {
  title: string;
  startMs: number;
  endMs: number;
}

/** The programme airing at `ms` (start inclusive, end exclusive), if the list has one. */
export const programmeAt = (programmes: readonly LiveProgramme[], ms: number) =>
  programmes.find((p) => p.startMs <= ms && ms < p.endMs);

/** The EPG's programmes as the overlay shows them, titled in the reader's language. */
export function liveProgrammes(
  programs: readonly Program[],
  titleOf: (program: Program) => string,
): LiveProgramme[] {
  return programs.map((program) => ({
    title: titleOf(program),
    startMs: Date.parse(program.startTime),
    endMs: Date.parse(program.endTime),
  }));
}
