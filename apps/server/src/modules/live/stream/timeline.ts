/**
 * The wall-clock timeline of a channel (ADR 0023): time is cut into 2-second slots numbered from
 * the Unix epoch (slot s covers [2000·s, 2000·s + 2000) ms). Every slot holds one segment of every
 * rendition, so a slot's number is its media sequence number (HLS) and its $Number$ (DASH) in any
 * process at any time, with no history kept. A programme covers the slots from its start to its
 * end (rounded to the slot grid) and plays its media looped from its first slot; a gap in the
 * schedule plays the channel's own media, looped from slot 0. Each segment's media time (its
 * rewritten tfdt) is its place on this clock, so timestamps run on across loops and programmes.
 */
import type { MediaInfo, Rendition } from './media-info.js';

export const SLOT_MS = 2000;
export const SLOT_SECONDS = SLOT_MS / 1000;

export const slotAt = (ms: number) => Math.floor(ms / SLOT_MS);
/** A programme boundary on the slot grid (the EPG's whole minutes fall on it exactly). */
export const boundarySlot = (ms: number) => Math.round(ms / SLOT_MS);

/** A stretch of slots playing one media looped: a programme, or the channel's own media in a gap. */
export interface Run {
  startSlot: number;
  endSlot: number;
  /** The slot its loops count from: the programme's start, or 0 for the channel's filler. */
  anchorSlot: number;
  /** What the init segment URL names: `p-<programId>` (the programme's asset media) or `channel`. */
  initKey: string;
  /** The programme aired, when it is one. */
  programId?: string;
  /** Whose media plays: the programme's asset, or the channel (itself an asset) when it has none. */
  assetId: string;
  media: MediaInfo;
}

/** One rendition's segment in one slot. */
export interface Placement {
  slot: number;
  run: Run;
  rendition: Rendition;
  /** Index into `rendition.segments`. */
  index: number;
  /** Where the segment's media goes on the clock (its rewritten tfdt), in the rendition's ticks since the epoch. */
  mediaTime: number;
  /** What the manifests list: start and duration in ticks, contiguous from slot to slot. */
  start: number;
  duration: number;
}

/** The most a segment is moved to end on a cut. */
const MAX_SHIFT_SECONDS = 0.25;

const mod = (a: number, m: number) => ((a % m) + m) % m;
const ticks = (slot: number, timescale: number) => slot * SLOT_SECONDS * timescale;

/** Listed start of `slot` in `run` (a loop's first slot starts on the grid; a run's first slot at the run's start). */
function listedStart(run: Run, rendition: Rendition, slot: number): number {
  const j = mod(slot - run.anchorSlot, run.media.loopSlots);
  if (slot === run.startSlot || j === 0) return ticks(slot, rendition.timescale);
  const index = Math.min(j, rendition.segments.length - 1);
  return ticks(slot - j, rendition.timescale) + (rendition.starts[index] ?? 0);
}

/** The segment of `rendition` (of `run.media`) in `slot`. */
export function place(run: Run, rendition: Rendition, slot: number): Placement {
  const m = run.media.loopSlots;
  const j = mod(slot - run.anchorSlot, m);
  const index = Math.min(j, rendition.segments.length - 1);
  let mediaTime = ticks(slot - j, rendition.timescale) + (rendition.starts[index] ?? 0);
  const start = listedStart(run, rendition, slot);
  const last = slot + 1 >= run.endSlot || j === m - 1;
  const end = last
    ? ticks(Math.min(run.endSlot, slot - j + m), rendition.timescale)
    : listedStart(run, rendition, slot + 1);
  // The last segment before a cut (a loop's end, a programme's end) ends on it: an AAC segment a
  // few tens of ms short would leave a hole players stall on (hls.js did, at a programme's end);
  // overlapping the previous segment instead is harmless. Only for small differences.
  const natural = mediaTime + (rendition.segments[index]?.duration ?? 0);
  if (last && natural < end && end - natural <= MAX_SHIFT_SECONDS * rendition.timescale)
    mediaTime += end - natural;
  return { slot, run, rendition, index, mediaTime, start, duration: end - start };
}

/** What the runs are made of: the programmes over a span (start order) and the channel's media. */
export interface ScheduleSlice {
  programmes: {
    programId: string;
    assetId: string;
    startMs: number;
    endMs: number;
    media: MediaInfo | undefined;
  }[];
  channelId: string;
  channelMedia: MediaInfo;
}

/**
 * The runs covering slots [from, to): the programmes (those with no loopable media play the
 * channel's media, still from their own start), the gaps filled with the channel's media.
 */
export function runsBetween(slice: ScheduleSlice, from: number, to: number): Run[] {
  const runs: Run[] = [];
  let cursor = from;
  const filler = (start: number, end: number) => {
    if (end > start)
      runs.push({
        startSlot: start,
        endSlot: end,
        anchorSlot: 0,
        initKey: 'channel',
        assetId: slice.channelId,
        media: slice.channelMedia,
      });
  };
  for (const p of slice.programmes) {
    const start = boundarySlot(p.startMs);
    const end = boundarySlot(p.endMs);
    if (end <= cursor || start >= to || end <= start) continue;
    filler(cursor, start);
    runs.push({
      startSlot: start,
      endSlot: end,
      anchorSlot: start,
      initKey: p.media === undefined ? 'channel' : `p-${p.programId}`,
      programId: p.programId,
      assetId: p.media === undefined ? slice.channelId : p.assetId,
      media: p.media ?? slice.channelMedia,
    });
    cursor = end;
  }
  filler(cursor, to);
  return runs;
}

/** The rendition of a run's media standing for the reference rendition `ref` (same id, else same kind). */
export function renditionFor(run: Run, ref: Rendition): Rendition | undefined {
  return (
    run.media.renditions.find((r) => r.id === ref.id && r.kind === ref.kind) ??
    run.media.renditions.find((r) => r.kind === ref.kind)
  );
}

/** Every slot of [from, to) placed for the reference rendition `ref`, run by run. */
export function placements(runs: Run[], ref: Rendition, from: number, to: number): Placement[] {
  const out: Placement[] = [];
  for (const run of runs) {
    const rendition = renditionFor(run, ref);
    if (rendition === undefined) continue;
    for (let slot = Math.max(from, run.startSlot); slot < Math.min(to, run.endSlot); slot++)
      out.push(place(run, rendition, slot));
  }
  return out;
}
