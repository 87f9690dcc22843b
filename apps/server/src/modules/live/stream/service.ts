import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CATCHUP_DAYS, PROGRAM_FLAGS } from '@antenne/contract';
import { notFound } from '../../../lib/errors.js';
import type { ScheduledProgramme, ScheduleReader } from '../schedule-reader.js';
import { mpd } from './dash.js';
import { retime } from './fmp4.js';
import { hlsMaster, hlsMediaPlaylist, type WindowKind } from './hls.js';
import { loadMediaInfo, type MediaInfo } from './media-info.js';
import { boundarySlot, place, renditionFor, runsBetween, slotAt, SLOT_MS, type Run } from './timeline.js';

/**
 * A channel's live stream and its bounded and event forms (ADR 0023), computed per request from
 * the clock, the schedule (ScheduleReader) and the packaged media of what airs: no encoder, no
 * state, so two processes answer alike. Paths under `/live/<channelId>/`:
 *
 * - `live/…` the sliding window (LIVE_WINDOW_MS up to the live edge),
 * - `from-<ms>/…` start-over: from a programme's start to the live edge (HLS EVENT, dynamic MPD),
 * - `<fromMs>-<toMs>/…` a past range (HLS VOD + ENDLIST, static MPD): catch-up and recordings,
 *
 * each holding `master.m3u8`, `media_<N>.m3u8` and `manifest.mpd`; then `s/<rep>/<slot>.m4s`
 * (the media segment of a 2-second slot, its tfdt moved to the slot's wall-clock time) and
 * `i/<p-programId|channel>/<rep>.m4s` (init segments).
 */

export const LIVE_WINDOW_MS = 120_000;
/** The longest bounded or event range served (a long film on catch-up fits). */
export const MAX_RANGE_MS = 6 * 60 * 60 * 1000;
const CATCHUP_MS = CATCHUP_DAYS * 24 * 60 * 60 * 1000;
/** How far before a window the schedule is read: a gap's filler keeps its true start (stable Periods and timings). */
const LOOKBACK_MS = 60 * 60 * 1000;

export const PLAYLIST_CACHE_CONTROL = 'public, max-age=1';
export const BOUNDED_CACHE_CONTROL = 'public, max-age=60';
export const SEGMENT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface LiveAnswer {
  contentType: string;
  cacheControl: string;
  body: string | Buffer;
}

export interface LiveStreamDeps {
  schedule: ScheduleReader;
  /** The disk folder of an asset's packaged clear media (HLS + DASH), or undefined. A channel is an asset too: its own media fills gaps. */
  mediaDir(assetId: string): Promise<string | undefined>;
  clock: () => number;
}

/** Who may see what: the span of time a programme's token opens (a channel's token: all of it). */
export interface LiveLimit {
  fromMs: number;
  toMs: number;
}

const MPEGURL = 'application/vnd.apple.mpegurl';

/** Schedule reads are shared for this long (ms of the process's own clock): an EPG change shows within it. */
export const SCHEDULE_CACHE_MS = 2000;
const HOUR_MS = 3_600_000;

export class LiveStreamService {
  private readonly infos = new Map<string, Promise<MediaInfo | undefined>>();
  /** Per channel and hour: the programmes of the 4 hours up to the next hour + 1 h, read at most every SCHEDULE_CACHE_MS. */
  private readonly schedules = new Map<string, { readAt: number; list: Promise<ScheduledProgramme[]> }>();

  constructor(private readonly deps: LiveStreamDeps) {}

  /** A channel has a live stream when its own media can be looped. */
  async hasStream(channelId: string): Promise<boolean> {
    return (await this.media(channelId)) !== undefined;
  }

  /** The answer to `/live/<channelId>/<rest>` (rest still percent-encoded); 404 for anything else. */
  async answer(channelId: string, rest: string, limit?: LiveLimit): Promise<LiveAnswer> {
    const channelMedia = await this.media(channelId);
    if (channelMedia === undefined) throw notFound();
    const now = this.deps.clock();
    const parts = rest.split('/');
    const [first = '', second = '', third = '', ...more] = parts;
    if (more.length > 0) throw notFound();
    if (first === 's' && parts.length === 3)
      return this.segment(channelId, channelMedia, second, third, now, limit);
    if (first === 'i' && parts.length === 3)
      return this.init(channelId, channelMedia, decode(second), third, now);
    if (parts.length !== 2) throw notFound();
    const span = this.span(first, now, limit);
    return this.manifest(channelId, channelMedia, span, second, now);
  }

  private span(window: string, now: number, limit: LiveLimit | undefined) {
    const edge = slotAt(now);
    const oldest = slotAt(now - CATCHUP_MS);
    let kind: WindowKind;
    /** A start-over whose programme is over: its manifests say the end (ENDLIST; the MPD's duration). */
    let ended = false;
    let from: number;
    let to: number;
    let match: RegExpExecArray | null;
    if (window === 'live') {
      kind = 'live';
      from = edge - LIVE_WINDOW_MS / SLOT_MS;
      to = edge;
    } else if ((match = /^from-(\d{1,15})$/.exec(window)) !== null) {
      kind = 'event';
      from = boundarySlot(Number(match[1]));
      to = edge;
    } else if ((match = /^(\d{1,15})-(\d{1,15})$/.exec(window)) !== null) {
      kind = 'vod';
      from = boundarySlot(Number(match[1]));
      to = boundarySlot(Number(match[2]));
    } else throw notFound();
    if (limit !== undefined) {
      // A programme's token: its own span only (start-over stops at the programme's end).
      if (kind === 'live' || from < boundarySlot(limit.fromMs)) throw notFound();
      if (kind === 'event') {
        ended = boundarySlot(limit.toMs) <= edge;
        to = Math.min(to, boundarySlot(limit.toMs));
      }
      if (to > boundarySlot(limit.toMs)) throw notFound();
    }
    if (from < oldest || to > edge || to <= from || (to - from) * SLOT_MS > MAX_RANGE_MS) throw notFound();
    return { kind, from, to, ended };
  }

  private async manifest(
    channelId: string,
    channelMedia: MediaInfo,
    span: { kind: WindowKind; from: number; to: number; ended: boolean },
    file: string,
    now: number,
  ): Promise<LiveAnswer> {
    const cacheControl = span.kind === 'vod' ? BOUNDED_CACHE_CONTROL : PLAYLIST_CACHE_CONTROL;
    if (file === 'master.m3u8')
      return { contentType: MPEGURL, cacheControl, body: hlsMaster(channelMedia.master) };
    const runs = await this.runs(channelId, channelMedia, span.from, span.to);
    if (file === 'manifest.mpd') {
      const body = mpd(runs, { ...span, now, windowSeconds: LIVE_WINDOW_MS / 1000 });
      return { contentType: 'application/dash+xml', cacheControl, body };
    }
    const n = /^media_(\d{1,3})\.m3u8$/.exec(file)?.[1];
    const ref = channelMedia.renditions.find((r) => r.id === n);
    if (ref === undefined) throw notFound();
    return {
      contentType: MPEGURL,
      cacheControl,
      body: hlsMediaPlaylist(runs, ref, span.from, span.to, span.kind, span.ended),
    };
  }

  private async segment(
    channelId: string,
    channelMedia: MediaInfo,
    repId: string,
    file: string,
    now: number,
    limit: LiveLimit | undefined,
  ): Promise<LiveAnswer> {
    const slotText = /^(\d{1,12})\.m4s$/.exec(file)?.[1];
    if (slotText === undefined) throw notFound();
    const slot = Number(slotText);
    if (slot >= slotAt(now) || slot < slotAt(now - CATCHUP_MS)) throw notFound();
    if (limit !== undefined && (slot < boundarySlot(limit.fromMs) || slot >= boundarySlot(limit.toMs)))
      throw notFound();
    // A segment's place needs only the run it is in (its anchor), not the true start of a filler: no lookback.
    const run = (await this.runs(channelId, channelMedia, slot, slot + 1, 0)).find(
      (r) => r.startSlot <= slot && slot < r.endSlot,
    );
    const ref = channelMedia.renditions.find((r) => r.id === repId);
    const rendition = run === undefined || ref === undefined ? undefined : renditionFor(run, ref);
    if (run === undefined || rendition === undefined) throw notFound();
    const placed = place(run, rendition, slot);
    const dir = await this.deps.mediaDir(run.assetId);
    const name = rendition.segments[placed.index]?.file;
    if (dir === undefined || name === undefined) throw notFound();
    const bytes = await readFile(path.join(dir, name));
    return {
      contentType: 'video/iso.segment',
      cacheControl: SEGMENT_CACHE_CONTROL,
      body: retime(bytes, placed.mediaTime),
    };
  }

  private async init(
    channelId: string,
    channelMedia: MediaInfo,
    key: string,
    file: string,
    now: number,
  ): Promise<LiveAnswer> {
    const repId = /^([\w-]{1,32})\.m4s$/.exec(file)?.[1];
    if (repId === undefined) throw notFound();
    let dir: string | undefined;
    let media: MediaInfo | undefined = channelMedia;
    if (key === 'channel') dir = await this.deps.mediaDir(channelId);
    else if (key.startsWith('p-')) {
      const programme = await this.deps.schedule.programme(key.slice(2));
      if (programme === undefined || programme.channelId !== channelId || programme.startMs > now)
        throw notFound();
      dir = await this.deps.mediaDir(programme.assetId);
      media = dir === undefined ? undefined : await this.info(dir);
    } else throw notFound();
    const rendition = media?.renditions.find((r) => r.id === repId);
    if (dir === undefined || rendition === undefined) throw notFound();
    const bytes = await readFile(path.join(dir, rendition.init));
    return { contentType: 'video/mp4', cacheControl: SEGMENT_CACHE_CONTROL, body: bytes };
  }

  /** The runs over slots [from, to), the schedule read from `lookbackMs` earlier. */
  private async runs(
    channelId: string,
    channelMedia: MediaInfo,
    from: number,
    to: number,
    lookbackMs = LOOKBACK_MS,
  ): Promise<Run[]> {
    const readFrom = from * SLOT_MS - lookbackMs;
    const programmes = await this.programmesBetween(channelId, readFrom, to * SLOT_MS);
    const withMedia = await Promise.all(
      programmes.map(async (p) => {
        const dir = await this.deps.mediaDir(p.assetId);
        return { ...p, media: dir === undefined ? undefined : await this.info(dir) };
      }),
    );
    return runsBetween({ programmes: withMedia, channelId, channelMedia }, slotAt(readFrom), to).filter(
      (r) => r.endSlot > from,
    );
  }

  /**
   * The schedule of [fromMs, toMs): a live viewer asks for each rendition's playlist every 2 s and
   * for every segment, so spans of a few hours are read once and shared for SCHEDULE_CACHE_MS;
   * longer spans (a bounded range) are read as asked.
   */
  private async programmesBetween(
    channelId: string,
    fromMs: number,
    toMs: number,
  ): Promise<ScheduledProgramme[]> {
    // Keyed by the span's end: a live window (its lookback included) and its segments share it.
    const spanTo = Math.ceil(toMs / HOUR_MS) * HOUR_MS + HOUR_MS;
    const spanFrom = spanTo - 4 * HOUR_MS;
    if (fromMs < spanFrom) return this.deps.schedule.programmesBetween(channelId, fromMs, toMs);
    const key = `${channelId}\0${spanTo}`;
    const readAt = performance.now();
    let entry = this.schedules.get(key);
    if (entry === undefined || readAt - entry.readAt > SCHEDULE_CACHE_MS) {
      entry = { readAt, list: this.deps.schedule.programmesBetween(channelId, spanFrom, spanTo) };
      this.schedules.set(key, entry);
      void entry.list.catch(() => this.schedules.delete(key));
      if (this.schedules.size > 256) {
        for (const [k, e] of this.schedules)
          if (readAt - e.readAt > SCHEDULE_CACHE_MS) this.schedules.delete(k);
      }
    }
    return (await entry.list).filter((p) => p.endMs > fromMs && p.startMs < toMs);
  }

  /** A title's access-service flags (ADR 0029) from its packaged media, parsed once per folder; 0 without media. */
  async accessFlags(assetId: string): Promise<number> {
    const info = await this.media(assetId);
    if (info === undefined) return 0;
    return (
      (info.subtitles ? PROGRAM_FLAGS.SUBTITLES : 0) |
      (info.audioDescription ? PROGRAM_FLAGS.AUDIO_DESCRIPTION : 0)
    );
  }

  private async media(assetId: string): Promise<MediaInfo | undefined> {
    const dir = await this.deps.mediaDir(assetId);
    return dir === undefined ? undefined : this.info(dir);
  }

  /** Packaged folders never change (their names carry the build's hash or the ingest's token): parsed once. */
  private info(dir: string): Promise<MediaInfo | undefined> {
    let info = this.infos.get(dir);
    if (info === undefined) {
      info = loadMediaInfo(dir);
      this.infos.set(dir, info);
      void info.then((value) => {
        if (value === undefined) this.infos.delete(dir);
      });
    }
    return info;
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw notFound();
  }
}
