import {
  EPG_WINDOW_DAYS,
  epgDateOf,
  LATE_TIME,
  PRIME_TIME,
  type Asset,
  type ChannelEpgList,
  type EpgDate,
  type Program,
  type TimeSlot,
} from '@antenne/contract';

/** The guide's rules, without React: its days, its rows, its slots and its moves. */

export const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;
/** Width of one minute on the grid, in CSS pixels (a day is 5760 px). */
export const PX_PER_MINUTE = 4;
/** The days the picker offers: −7 … +7 around today. */
export const DAY_OFFSETS = Array.from({ length: 2 * EPG_WINDOW_DAYS + 1 }, (_, i) => i - EPG_WINDOW_DAYS);

export const clampDay = (offset: number) => Math.max(-EPG_WINDOW_DAYS, Math.min(EPG_WINDOW_DAYS, offset));

/** Local midnight of today + `offset` days. */
export function dayStartOf(offset: number, nowMs: number): number {
  const day = new Date(nowMs);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + offset);
  return day.getTime();
}

/** Local midnight of the next day (23 or 25 hours later on a clock change). */
export const dayEndOf = (dayStart: number) => {
  const next = new Date(dayStart);
  next.setDate(next.getDate() + 1);
  return next.getTime();
};

/**
 * The UTC dates covering a local day: the first and how many (1, or 2 away from UTC), kept
 * within the schedule's window around today's UTC date (the server answers 422 outside it: the
 * local day +7 west of Greenwich, or −7 east of it, reaches a date beyond).
 */
export function utcSpanOf(dayStart: number, dayEnd: number, nowMs: number): { date: EpgDate; days: number } {
  const today = Date.parse(epgDateOf(nowMs));
  const first = Math.max(Date.parse(epgDateOf(dayStart)), today - EPG_WINDOW_DAYS * DAY_MS);
  const last = Math.min(Date.parse(epgDateOf(dayEnd - 1)), today + EPG_WINDOW_DAYS * DAY_MS);
  return { date: epgDateOf(first), days: Math.max(1, Math.round((last - first) / DAY_MS) + 1) };
}

export interface GuideProgram {
  program: Program;
  start: number;
  end: number;
}

export interface GuideRow {
  channelId: string;
  /** The channel's asset (its name and logo), when known. */
  channel: Asset | undefined;
  /** The programmes overlapping the day, in order. */
  programs: GuideProgram[];
}

/** One row per channel, its programmes over the day, with its asset (name and logo) when known. */
export function rowsOf(
  epg: ChannelEpgList | undefined,
  channels: readonly Asset[],
  dayStart: number,
  dayEnd: number,
): GuideRow[] {
  const byChannel = new Map<string, Program[]>();
  for (const entry of epg ?? []) {
    byChannel.set(entry.channelId, [...(byChannel.get(entry.channelId) ?? []), ...entry.programs]);
  }
  // The answer's order (the server's channel numbers), then the channels airing nothing that day.
  const ids = [...byChannel.keys(), ...channels.map((c) => c.assetId).filter((id) => !byChannel.has(id))];
  return ids.map((channelId) => {
    const seen = new Set<string>();
    const programs = (byChannel.get(channelId) ?? [])
      .map((program) => ({ program, start: Date.parse(program.startTime), end: Date.parse(program.endTime) }))
      .filter(
        (p) =>
          p.end > dayStart &&
          p.start < dayEnd &&
          !seen.has(p.program.programId) &&
          seen.add(p.program.programId),
      )
      .sort((a, b) => a.start - b.start);
    return { channelId, channel: channels.find((c) => c.assetId === channelId), programs };
  });
}

/** Local wall-clock time of a day. */
const atTime = (dayStart: number, { hour, minute }: { hour: number; minute: number }) => {
  const at = new Date(dayStart);
  at.setHours(hour, minute, 0, 0);
  return at.getTime();
};

/**
 * The instant a slot jumps to and the day it is on: now; next (when the programmes on air end,
 * the soonest); prime time and late evening of the day shown.
 */
export function slotTarget(
  slot: TimeSlot,
  {
    nowMs,
    dayOffset,
    dayStart,
    rows,
  }: { nowMs: number; dayOffset: number; dayStart: number; rows: readonly GuideRow[] },
): { dayOffset: number; at: number } {
  switch (slot) {
    case 'now':
      return { dayOffset: 0, at: nowMs };
    case 'next': {
      const ends = rows
        .map((row) => row.programs.find((p) => p.start <= nowMs && nowMs < p.end)?.end)
        .filter((end): end is number => end !== undefined);
      return { dayOffset: 0, at: ends.length > 0 ? Math.min(...ends) : nowMs };
    }
    case 'prime':
      return { dayOffset, at: atTime(dayStart, PRIME_TIME) };
    case 'late':
      return { dayOffset, at: atTime(dayStart, LATE_TIME) };
  }
}

/** The programme of a row at `time`: the one airing then, else the nearest. */
export function programIndexAt(row: GuideRow | undefined, time: number): number {
  if (!row || row.programs.length === 0) return -1;
  const on = row.programs.findIndex((p) => p.start <= time && time < p.end);
  if (on >= 0) return on;
  let best = 0;
  row.programs.forEach((p, i) => {
    const distance = Math.min(Math.abs(p.start - time), Math.abs(p.end - time));
    const bestP = row.programs[best]!;
    if (distance < Math.min(Math.abs(bestP.start - time), Math.abs(bestP.end - time))) best = i;
  });
  return best;
}

/** Where the grid's keyboard focus is: a row and an instant (the time position kept across rows). */
export interface GridCursor {
  row: number;
  time: number;
}

export type GridMove = 'next' | 'previous' | 'up' | 'down' | 'first' | 'last';

/** The cursor after a move; the time is the programme's start, never before the day's start. */
export function moveCursor(
  cursor: GridCursor,
  move: GridMove,
  rows: readonly GuideRow[],
  dayStart: number,
): GridCursor {
  const startOf = (p: GuideProgram | undefined) => (p ? Math.max(p.start, dayStart) : cursor.time);
  const row = rows[cursor.row];
  const index = programIndexAt(row, cursor.time);
  const programs = row?.programs ?? [];
  switch (move) {
    case 'up':
      return { ...cursor, row: Math.max(0, cursor.row - 1) };
    case 'down':
      return { ...cursor, row: Math.min(rows.length - 1, cursor.row + 1) };
    case 'next':
      return { ...cursor, time: startOf(programs[Math.min(programs.length - 1, index + 1)]) };
    case 'previous':
      return { ...cursor, time: startOf(programs[Math.max(0, index - 1)]) };
    case 'first':
      return { ...cursor, time: startOf(programs[0]) };
    case 'last':
      return { ...cursor, time: startOf(programs[programs.length - 1]) };
  }
}
