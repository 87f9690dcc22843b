/**
 * What a live stream needs of one packaged media folder (modules/media README: the dash muxer's
 * output): per representation its timescale, init segment and segment files with their durations
 * (read from the MPD's SegmentTemplate + SegmentTimeline), the MPD's audio and video
 * AdaptationSets (to repeat in live Periods) and the HLS master (to serve as the live master).
 * Pure parsing; `loadMediaInfo` reads the two files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Rendition {
  /** The Representation id, also the N of `media_N.m3u8` (the dash muxer numbers both alike). */
  id: string;
  kind: 'video' | 'audio';
  timescale: number;
  init: string;
  /** Segment files and durations in `timescale` ticks, in order. */
  segments: { file: string; duration: number }[];
  /** Cumulative start of each segment in ticks (`starts[i]`), and the total. */
  starts: number[];
  total: number;
}

export interface MediaInfo {
  renditions: Rendition[];
  /** The media's length in 2-second slots (its video segments): one loop. */
  loopSlots: number;
  /** The MPD's audio and video AdaptationSets, each SegmentTemplate replaced by `{{ST:<repId>}}`. */
  adaptationSets: string[];
  /** master.m3u8 without its subtitle group (live subtitles are not served). */
  master: string;
  /** master.m3u8 as packaged, subtitles included (a looped title serves it: title.ts). */
  packagedMaster: string;
  /** The MPD's text AdaptationSets as they are (side-loaded WebVTT: `<BaseURL>subs/<lang>.vtt</BaseURL>`). */
  textSets: string[];
  /** Access services (ADR 0029): subtitle tracks (DASH text sets or HLS SUBTITLES renditions), an audio-described track. */
  subtitles: boolean;
  audioDescription: boolean;
}

/** modules/media README (audio-tracks.ts): how the packager marks an audio description track. */
const DESCRIBES_VIDEO = 'public.accessibility.describes-video';
const AUDIO_PURPOSE =
  /<Accessibility\b[^>]*schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007"[^>]*value="1"/;

const attr = (text: string, name: string): string | undefined =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(text)?.[1];

function fill(template: string, id: string, n: number): string {
  return template
    .replace(/\$RepresentationID\$/g, id)
    .replace(/\$Number(?:%0(\d+)d)?\$/g, (_m, width?: string) => String(n).padStart(Number(width ?? 0), '0'));
}

/** undefined when the media cannot be looped live: encrypted, no video, or not SegmentTemplate + SegmentTimeline. */
export function parseMediaInfo(mpd: string, master: string, slotSeconds = 2): MediaInfo | undefined {
  if (mpd.includes('<ContentProtection')) return undefined;
  const renditions: Rendition[] = [];
  const adaptationSets: string[] = [];
  const textSets: string[] = [];
  for (const block of mpd.match(/<AdaptationSet\b[^>]*>[\s\S]*?<\/AdaptationSet>/g) ?? []) {
    const open = /<AdaptationSet\b[^>]*>/.exec(block)?.[0] ?? '';
    const type = attr(open, 'contentType') ?? attr(open, 'mimeType')?.split('/')[0];
    if (type === 'text') textSets.push(block);
    if (type !== 'video' && type !== 'audio') continue;
    let out = block;
    for (const rep of block.match(/<Representation\b[^>]*>[\s\S]*?<\/Representation>/g) ?? []) {
      const id = attr(rep, 'id');
      const template = /<SegmentTemplate\b([^>]*)>([\s\S]*?)<\/SegmentTemplate>/.exec(rep);
      if (id === undefined || template === null) return undefined;
      const [whole, attrs = '', body = ''] = template;
      const timescale = Number(attr(attrs, 'timescale') ?? 1);
      const media = attr(attrs, 'media');
      const init = attr(attrs, 'initialization');
      if (media === undefined || init === undefined || !(timescale > 0)) return undefined;
      let n = Number(attr(attrs, 'startNumber') ?? 1);
      const segments: Rendition['segments'] = [];
      for (const s of body.match(/<S\b[^>]*\/>/g) ?? []) {
        const d = Number(attr(s, 'd'));
        const repeat = Number(attr(s, 'r') ?? 0);
        if (!(d > 0)) return undefined;
        for (let k = 0; k <= repeat; k++) segments.push({ file: fill(media, id, n++), duration: d });
      }
      if (segments.length === 0) return undefined;
      const starts: number[] = [];
      let total = 0;
      for (const segment of segments) {
        starts.push(total);
        total += segment.duration;
      }
      renditions.push({ id, kind: type, timescale, init: fill(init, id, 0), segments, starts, total });
      out = out.replace(whole, `{{ST:${id}}}`);
    }
    adaptationSets.push(out);
  }
  const video = renditions.find((r) => r.kind === 'video');
  if (video === undefined) return undefined;
  const loopSlots = Math.max(1, Math.ceil(video.total / video.timescale / slotSeconds - 1e-6));
  const liveMaster = master
    .split('\n')
    .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
    .map((line) => line.replace(/,SUBTITLES="[^"]*"/, ''))
    .join('\n');
  const subtitles = textSets.length > 0 || master.includes('#EXT-X-MEDIA:TYPE=SUBTITLES');
  const audioDescription =
    master.split('\n').some((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO') && l.includes(DESCRIBES_VIDEO)) ||
    adaptationSets.some((set) => AUDIO_PURPOSE.test(set));
  return {
    renditions,
    loopSlots,
    adaptationSets,
    master: liveMaster,
    packagedMaster: master,
    textSets,
    subtitles,
    audioDescription,
  };
}

/** The rendition `id` of a media, or (a programme packaged with fewer tracks) its first of the same kind. */
export function renditionOf(media: MediaInfo, id: string, kind?: Rendition['kind']): Rendition | undefined {
  const exact = media.renditions.find((r) => r.id === id);
  if (exact !== undefined) return exact;
  return kind === undefined ? undefined : media.renditions.find((r) => r.kind === kind);
}

/** Reads `manifest.mpd` and `master.m3u8` of a folder; undefined when missing or unusable. */
export async function loadMediaInfo(dir: string): Promise<MediaInfo | undefined> {
  try {
    const [mpd, master] = await Promise.all([
      readFile(path.join(dir, 'manifest.mpd'), 'utf8'),
      readFile(path.join(dir, 'master.m3u8'), 'utf8'),
    ]);
    return parseMediaInfo(mpd, master);
  } catch {
    return undefined;
  }
}
