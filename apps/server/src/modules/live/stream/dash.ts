/**
 * DASH text of a channel's timeline (ADR 0023). One Period per run (a programme; the channel's
 * filler cut at each loop so that a Period keeps its id and start whatever the window), each with
 * its media's audio and video AdaptationSets and, per Representation, a SegmentTemplate whose
 * $Number$ is the slot and whose SegmentTimeline gives the wall-clock media times (the served
 * segments' tfdt); presentationTimeOffset is the Period's start in ticks, the
 * availabilityStartTime the Unix epoch, so media time = seconds since the epoch.
 */
import { initUrl, type WindowKind } from './hls.js';
import { place, SLOT_SECONDS, type Run } from './timeline.js';

export interface MpdOptions {
  kind: WindowKind;
  /** Listed slots [from, to). */
  from: number;
  to: number;
  now: number;
  /** Live: the time-shift window in seconds. */
  windowSeconds: number;
  /** A start-over whose programme is over: the presentation ends with it (mediaPresentationDuration). */
  ended?: boolean;
  /** Text AdaptationSets added to every Period as they are (a looped title's subtitles: title.ts). */
  textSets?: string[];
}

const duration = (seconds: number) => `PT${Number(seconds.toFixed(3))}S`;

/** Filler runs cut at their loops (stable Period ids); programme runs as they are. */
function periodsOf(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    if (run.programId !== undefined) {
      out.push(run);
      continue;
    }
    const m = run.media.loopSlots;
    let start = run.startSlot;
    while (start < run.endSlot) {
      const next = Math.min(run.endSlot, start - ((((start - run.anchorSlot) % m) + m) % m) + m);
      out.push({ ...run, startSlot: start, endSlot: next });
      start = next;
    }
  }
  return out;
}

function segmentTemplate(run: Run, repId: string, from: number, to: number, periodSlot: number): string {
  const rendition = run.media.renditions.find((r) => r.id === repId);
  if (rendition === undefined) return '';
  const ts = rendition.timescale;
  const first = Math.max(from, run.startSlot);
  const last = Math.min(to, run.endSlot);
  const s: { t: number; d: number; r: number }[] = [];
  for (let slot = first; slot < last; slot++) {
    const p = place(run, rendition, slot);
    const prev = s.at(-1);
    if (prev !== undefined && prev.d === p.duration && prev.t + prev.d * (prev.r + 1) === p.start) prev.r++;
    else s.push({ t: p.start, d: p.duration, r: 0 });
  }
  const timeline = s
    .map((e, i) => {
      const before = s[i - 1];
      const contiguous = before !== undefined && before.t + before.d * (before.r + 1) === e.t;
      return `<S ${contiguous ? '' : `t="${e.t}" `}d="${e.d}"${e.r > 0 ? ` r="${e.r}"` : ''}/>`;
    })
    .join('');
  return (
    `<SegmentTemplate timescale="${ts}" presentationTimeOffset="${periodSlot * SLOT_SECONDS * ts}"` +
    ` initialization="${initUrl(run.initKey, '$RepresentationID$')}" media="../s/$RepresentationID$/$Number$.m4s"` +
    ` startNumber="${first}"><SegmentTimeline>${timeline}</SegmentTimeline></SegmentTemplate>`
  );
}

export function mpd(runs: Run[], options: MpdOptions): string {
  const { kind, from, to, now } = options;
  const dynamic = kind !== 'vod';
  // A static MPD's Periods start from the range's start; a dynamic one's from the epoch.
  const originSlot = dynamic ? 0 : from;
  const periods = periodsOf(runs)
    .filter((run) => run.endSlot > from && run.startSlot < to)
    .map((run) => {
      // A static MPD's Period cannot start before the range: it starts (and its media times count) from there.
      const periodSlot = dynamic ? run.startSlot : Math.max(run.startSlot, from);
      const sets = run.media.adaptationSets
        .map((set) =>
          set.replace(/\{\{ST:([^}]*)\}\}/g, (_m, id: string) =>
            segmentTemplate(run, id, from, to, periodSlot),
          ),
        )
        .concat(options.textSets ?? [])
        .join('\n');
      return `<Period id="${run.initKey}-${run.startSlot}" start="${duration((periodSlot - originSlot) * SLOT_SECONDS)}">\n${sets}\n</Period>`;
    });
  const head = dynamic
    ? `type="dynamic" availabilityStartTime="1970-01-01T00:00:00Z" publishTime="${new Date(now).toISOString()}"` +
      ` minimumUpdatePeriod="PT2S" timeShiftBufferDepth="${duration(kind === 'live' ? options.windowSeconds : (to - from) * SLOT_SECONDS + SLOT_SECONDS)}"` +
      ` suggestedPresentationDelay="PT6S"` +
      (options.ended === true ? ` mediaPresentationDuration="${duration(to * SLOT_SECONDS)}"` : '')
    : `type="static" mediaPresentationDuration="${duration((to - from) * SLOT_SECONDS)}"`;
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" ${head} minBufferTime="PT4S">\n` +
    `${periods.join('\n')}\n` +
    // The server's clock for the player (a moved test clock, a device's skewed one): shaka reads it.
    (dynamic
      ? `<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${new Date(now).toISOString()}"/>\n`
      : '') +
    `</MPD>\n`
  );
}
