import { CHANNEL_TEMPLATES, FILLER_ASSET_ID, FILLER_FLAGS, type PoolItem } from './templates.js';

/**
 * The demo schedule: for a channel and a UTC day, the programmes that tile the day exactly (the
 * first starts at 00:00, each starts where the previous ends, the last ends at 24:00). A pure
 * function: the same channel and day always give the same programmes, on every machine.
 *
 * The day is its appointments (templates.ts) and, between them, titles of the channel's pool at
 * their catalogue durations, taken in turn from a point that moves with the day (so two days
 * differ); the time no title fits in goes to the interlude, at the exact length left.
 */

export interface DemoScheduledProgramme {
  /** `{channelId}_{startMs}`: stable, so two servers generating the same day write the same rows. */
  programId: string;
  channelId: string;
  assetId: string;
  /** Epoch ms, start inclusive, end exclusive. */
  startMs: number;
  endMs: number;
  /** PROGRAM_FLAGS bitmask: 2 pvr, 4 catch-up, 8 start-over. */
  flags: number;
}

export const DAY_MS = 86_400_000;

/** The channels the demo schedule covers (asset ids). */
export const DEMO_SCHEDULED_CHANNELS: readonly string[] = Object.keys(CHANNEL_TEMPLATES);

/** `2026-11-24` → epoch ms of its 00:00 UTC, or NaN when it is not a real date. */
export function dayStartMs(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // 2026-02-30 parses (as 2026-03-02) and 3448-59-69 does not: a real day reads back the same.
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day) ? ms : Number.NaN;
}

/** The programmes of `channelId` on the UTC day `day` (YYYY-MM-DD); undefined for a channel the demo does not schedule. */
export function demoSchedule(channelId: string, day: string): DemoScheduledProgramme[] | undefined {
  const template = CHANNEL_TEMPLATES[channelId];
  if (template === undefined) return undefined;
  const start = dayStartMs(day);
  if (Number.isNaN(start)) throw new Error(`not a day: ${day}`);
  const dayIndex = Math.floor(start / DAY_MS);
  const out: DemoScheduledProgramme[] = [];
  const push = (item: PoolItem, from: number, ms: number, flags = item.flags) => {
    out.push({
      programId: `${channelId}_${from}`,
      channelId,
      assetId: item.assetId,
      startMs: from,
      endMs: from + ms,
      flags,
    });
  };
  const pool = template.pool;
  let turn = (dayIndex * 7) % pool.length;
  const fill = (from: number, to: number) => {
    let at = from;
    while (at < to) {
      const left = to - at;
      let chosen: PoolItem | undefined;
      for (let tries = 0; tries < pool.length && chosen === undefined; tries++) {
        const item = pool[(turn + tries) % pool.length]!;
        if (item.ms <= left) {
          chosen = item;
          turn = (turn + tries + 1) % pool.length;
        }
      }
      if (chosen === undefined) {
        push({ assetId: FILLER_ASSET_ID, ms: left, flags: FILLER_FLAGS }, at, left);
        return;
      }
      push(chosen, at, chosen.ms);
      at += chosen.ms;
    }
  };
  const appointments = [...template.appointments].sort((a, b) => a.at - b.at);
  let cursor = start;
  for (const [i, appointment] of appointments.entries()) {
    const at = start + appointment.at * 60_000;
    const next = appointments[i + 1];
    const limit = next === undefined ? start + DAY_MS : start + next.at * 60_000;
    fill(cursor, at);
    const ms = Math.min(appointment.item.ms, limit - at);
    push(appointment.item, at, ms);
    cursor = at + ms;
  }
  fill(cursor, start + DAY_MS);
  return out;
}
