import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../../lib/errors.js';
import { mpd } from './dash.js';
import { retime } from './fmp4.js';
import { hlsMaster, hlsMediaPlaylist } from './hls.js';
import { loadMediaInfo, type MediaInfo } from './media-info.js';
import { BOUNDED_CACHE_CONTROL, SEGMENT_CACHE_CONTROL, type LiveAnswer } from './service.js';
import { boundarySlot, place, SLOT_MS, type Run } from './timeline.js';

/**
 * A demo title at its catalogue length (ADR 0028): its short packaged media looped, with the
 * channels' machinery, over a timeline of its own that starts at 0 (slot 0 = the title's first
 * 2 seconds). The whole title is one run, so the manifests are the bounded ones of a past range:
 * HLS VOD + ENDLIST (without program date times: a title has no wall clock) and a static MPD, the
 * segments' tfdt moved to their place on that timeline, the side-loaded WebVTT repeated with
 * each loop. Paths under `/title/<assetId>/`:
 *
 * - `vod/master.m3u8` (the packaged master, subtitles included), `vod/media_<N>.m3u8`,
 *   `vod/manifest.mpd`, `vod/subs/<lang>.m3u8` and `vod/subs/<lang>.vtt` (the looped cues),
 * - `s/<rep>/<slot>.m4s` (a segment) and `i/title/<rep>.m4s` (an init segment).
 */

export interface TitleMedia {
  /** The disk folder of the title's packaged clear media. */
  dir: string;
  /** The length its media states (the demo sets it to the catalogue's: media/demo/attach.ts). */
  durationMs: number;
}

export interface TitleStreamDeps {
  /** A demo title's packaged clear media and stated length; undefined for any other asset. */
  titleMedia(assetId: string): Promise<TitleMedia | undefined>;
}

interface Title {
  dir: string;
  info: MediaInfo;
  run: Run;
}

const MPEGURL = 'application/vnd.apple.mpegurl';
const VTT = 'text/vtt; charset=utf-8';

export class TitleStreamService {
  private readonly infos = new Map<string, Promise<MediaInfo | undefined>>();

  constructor(private readonly deps: TitleStreamDeps) {}

  /** The looped length (ms, whole slots) of a title whose stated length exceeds its packaged media; undefined otherwise. */
  async loopedLength(assetId: string): Promise<number | undefined> {
    const title = await this.title(assetId);
    return title && title.run.endSlot * SLOT_MS;
  }

  /** The answer to `/title/<assetId>/<rest>` (rest still percent-encoded); 404 for anything else. */
  async answer(assetId: string, rest: string): Promise<LiveAnswer> {
    const title = await this.title(assetId);
    if (title === undefined) throw notFound();
    const parts = rest.split('/');
    const [first = '', second = '', third = ''] = parts;
    if (first === 's' && parts.length === 3) return this.segment(title, second, third);
    if (first === 'i' && second === 'title' && parts.length === 3) return this.init(title, third);
    if (first !== 'vod') throw notFound();
    if (parts.length === 3 && second === 'subs') return this.subtitles(title, third);
    if (parts.length !== 2) throw notFound();
    return this.manifest(title, second);
  }

  private manifest(title: Title, file: string): LiveAnswer {
    const { info, run } = title;
    const cacheControl = BOUNDED_CACHE_CONTROL;
    if (file === 'master.m3u8')
      return { contentType: MPEGURL, cacheControl, body: hlsMaster(info.packagedMaster) };
    if (file === 'manifest.mpd') {
      const body = mpd([run], {
        kind: 'vod',
        from: 0,
        to: run.endSlot,
        now: 0,
        windowSeconds: 0,
        textSets: info.textSets,
      });
      return { contentType: 'application/dash+xml', cacheControl, body };
    }
    const n = /^media_(\d{1,3})\.m3u8$/.exec(file)?.[1];
    const ref = info.renditions.find((r) => r.id === n);
    if (ref === undefined) throw notFound();
    const body = hlsMediaPlaylist([run], ref, 0, run.endSlot, 'vod', false, false);
    return { contentType: MPEGURL, cacheControl, body };
  }

  /** `<lang>.m3u8`: one VTT over the whole length; `<lang>.vtt`: the packaged cues, once per loop. */
  private async subtitles(title: Title, file: string): Promise<LiveAnswer> {
    const [, lang = '', ext] = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})?)\.(m3u8|vtt)$/.exec(file) ?? [];
    if (ext === undefined) throw notFound();
    const total = title.run.endSlot * SLOT_MS;
    let vtt: string;
    try {
      vtt = await readFile(path.join(title.dir, 'subs', `${lang}.vtt`), 'utf8');
    } catch {
      throw notFound();
    }
    if (ext === 'm3u8')
      return {
        contentType: MPEGURL,
        cacheControl: BOUNDED_CACHE_CONTROL,
        body: subtitlePlaylist(lang, total),
      };
    return {
      contentType: VTT,
      cacheControl: BOUNDED_CACHE_CONTROL,
      body: loopVtt(vtt, title.info.loopSlots * SLOT_MS, total),
    };
  }

  private async segment(title: Title, repId: string, file: string): Promise<LiveAnswer> {
    const slot = Number(/^(\d{1,9})\.m4s$/.exec(file)?.[1] ?? Number.NaN);
    const rendition = title.info.renditions.find((r) => r.id === repId);
    if (!(slot >= 0 && slot < title.run.endSlot) || rendition === undefined) throw notFound();
    const placed = place(title.run, rendition, slot);
    const name = rendition.segments[placed.index]?.file;
    if (name === undefined) throw notFound();
    const bytes = await readFile(path.join(title.dir, name));
    return {
      contentType: 'video/iso.segment',
      cacheControl: SEGMENT_CACHE_CONTROL,
      body: retime(bytes, placed.mediaTime),
    };
  }

  private async init(title: Title, file: string): Promise<LiveAnswer> {
    const repId = /^([\w-]{1,32})\.m4s$/.exec(file)?.[1];
    const rendition = title.info.renditions.find((r) => r.id === repId);
    if (rendition === undefined) throw notFound();
    const bytes = await readFile(path.join(title.dir, rendition.init));
    return { contentType: 'video/mp4', cacheControl: SEGMENT_CACHE_CONTROL, body: bytes };
  }

  /** The title's run: its media looped from slot 0 to its stated length, when that is longer than one loop. */
  private async title(assetId: string): Promise<Title | undefined> {
    const media = await this.deps.titleMedia(assetId);
    if (media === undefined) return undefined;
    const info = await this.info(media.dir);
    const slots = boundarySlot(media.durationMs);
    if (info === undefined || slots <= info.loopSlots) return undefined;
    const run: Run = {
      startSlot: 0,
      endSlot: slots,
      anchorSlot: 0,
      initKey: 'title',
      // A programme's run (one DASH Period, not one per loop as a channel's filler).
      programId: assetId,
      assetId,
      media: info,
    };
    return { dir: media.dir, info, run };
  }

  /** Packaged folders never change (their names carry the build's hash): parsed once. */
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

const TIME = /^(?:(\d{1,3}):)?(\d{2}):(\d{2})\.(\d{3})$/;

function vttMs(text: string): number | undefined {
  const m = TIME.exec(text);
  if (m === null) return undefined;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
}

function vttTime(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  return `${pad(h)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * A WebVTT file's cues repeated every `loopMs` up to `totalMs` (a cue starting at or after it is
 * left out, one running over it is cut), numbered anew; what precedes the first cue (the header,
 * STYLE and REGION blocks) kept once, NOTE blocks dropped.
 */
export function loopVtt(vtt: string, loopMs: number, totalMs: number): string {
  const blocks = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const head: string[] = [];
  const cues: { start: number; end: number; settings: string; text: string }[] = [];
  for (const raw of blocks) {
    const block = raw.trimEnd();
    const lines = block.split('\n');
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0) {
      if (cues.length === 0 && block.trim() !== '' && !block.startsWith('NOTE')) head.push(block.trim());
      continue;
    }
    const [from = '', rest = ''] = (lines[at] ?? '').split('-->').map((s) => s.trim());
    const [to = '', ...settings] = rest.split(/\s+/);
    const start = vttMs(from);
    const end = vttMs(to);
    if (start === undefined || end === undefined) continue;
    cues.push({ start, end, settings: settings.join(' '), text: lines.slice(at + 1).join('\n') });
  }
  const out = [head.length > 0 ? head.join('\n\n') : 'WEBVTT'];
  let n = 0;
  for (let offset = 0; offset < totalMs && loopMs > 0; offset += loopMs) {
    for (const cue of cues) {
      const start = cue.start + offset;
      if (start >= totalMs) break;
      const end = Math.min(cue.end + offset, totalMs);
      const timing = `${vttTime(start)} --> ${vttTime(end)}${cue.settings ? ` ${cue.settings}` : ''}`;
      out.push(`${++n}\n${timing}\n${cue.text}`);
    }
  }
  return `${out.join('\n\n')}\n`;
}

/** The subtitle playlist of a looped title: one WebVTT file over its whole length. */
export function subtitlePlaylist(lang: string, totalMs: number): string {
  const seconds = totalMs / 1000;
  return (
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${Math.ceil(seconds)}\n#EXT-X-MEDIA-SEQUENCE:0\n` +
    `#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:${seconds.toFixed(3)},\n${lang}.vtt\n#EXT-X-ENDLIST\n`
  );
}
