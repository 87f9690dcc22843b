/**
 * HLS text of a channel's timeline (ADR 0023): the master (the reference media's, without
 * subtitles) and one media playlist per rendition over a span of slots. A slot's number is its
 * media sequence number; every segment carries its EXT-X-PROGRAM-DATE-TIME; a change of media (a
 * programme boundary) repeats EXT-X-MAP with the new init segment, with no discontinuity: the
 * served segments' timestamps (tfdt rewritten) run on with the wall clock.
 */
import type { Rendition } from './media-info.js';
import { placements, type Run } from './timeline.js';

export type WindowKind = 'live' | 'event' | 'vod';

/** URLs relative to a manifest in `<channel>/<window>/`: segments and inits are in `<channel>/s/` and `<channel>/i/`. */
export const segmentUrl = (repId: string, slot: number) => `../s/${repId}/${slot}.m4s`;
export const initUrl = (initKey: string, repId: string) => `../i/${encodeURIComponent(initKey)}/${repId}.m4s`;

export function hlsMediaPlaylist(
  runs: Run[],
  ref: Rendition,
  from: number,
  to: number,
  kind: WindowKind,
  /** An event (start-over) whose programme is over: ENDLIST closes it. */
  ended = false,
  /** EXT-X-PROGRAM-DATE-TIME on every segment (a channel's; a looped title has no wall clock: title.ts). */
  dated = true,
): string {
  const list = placements(runs, ref, from, to);
  const seconds = (p: (typeof list)[number]) => p.duration / p.rendition.timescale;
  const target = Math.max(2, ...list.map((p) => Math.round(seconds(p))));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${target}`];
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${list[0]?.slot ?? from}`);
  if (kind === 'event') lines.push('#EXT-X-PLAYLIST-TYPE:EVENT');
  if (kind === 'vod') lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
  let map = '';
  for (const p of list) {
    const uri = initUrl(p.run.initKey, p.rendition.id);
    if (uri !== map) {
      lines.push(`#EXT-X-MAP:URI="${uri}"`);
      map = uri;
    }
    const ms = Math.round((p.start / p.rendition.timescale) * 1000);
    if (dated) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(ms).toISOString()}`);
    lines.push(`#EXTINF:${seconds(p).toFixed(6)},`);
    lines.push(segmentUrl(ref.id, p.slot));
  }
  if (kind === 'vod' || ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The live master: the reference media's master (its variant and audio URIs are `media_N.m3u8`, served beside it). */
export function hlsMaster(master: string): string {
  return master.endsWith('\n') ? master : `${master}\n`;
}
