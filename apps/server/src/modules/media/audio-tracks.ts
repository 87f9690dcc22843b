import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './ffmpeg.js';
import type { AudioTrack } from './ladder.js';
import { MANIFEST_MPD, MASTER_M3U8 } from './ladder.js';
import { hlsQuoted, languageLabel, xml } from './subtitles.js';

/**
 * Names the audio tracks in both manifests. ffmpeg's dash muxer writes them as `audio_3`,
 * `audio_4` with no language in HLS (and an ISO 639-2 code, when any, in DASH). Players list them
 * by language and purpose, so each track gets, in the order given:
 * - HLS: `NAME` (the language in itself, "Français", plus "(audiodescription)" for audio
 *   description), `LANGUAGE`, `AUTOSELECT=YES`, and for audio description
 *   `CHARACTERISTICS="public.accessibility.describes-video"` and `DEFAULT=NO` (Apple's HLS
 *   authoring rules);
 * - DASH: `lang`, a `Role` (main, or alternate for audio description), for audio description the
 *   `Accessibility` descriptor `urn:tva:metadata:cs:AudioPurposeCS:2007` value 1 (DVB / DASH-IF
 *   IOP: "for the visually impaired"), and a `Label`.
 */

export const DESCRIBES_VIDEO = 'public.accessibility.describes-video';
export const AUDIO_PURPOSE_SCHEME = 'urn:tva:metadata:cs:AudioPurposeCS:2007';
const ROLE_SCHEME = 'urn:mpeg:dash:role:2011';

/** "Français", "Français (audiodescription)", "English (audio description)". */
export function audioTrackLabel(track: Pick<AudioTrack, 'lang' | 'description'>): string {
  const language = track.lang === undefined ? 'Audio' : languageLabel(track.lang);
  if (track.description !== true) return language;
  return `${language} (${track.lang?.startsWith('fr') === true ? 'audiodescription' : 'audio description'})`;
}

/** Nothing to say about tracks of unknown language and purpose: ffmpeg's manifests are left as they are. */
function worthLabelling(tracks: readonly AudioTrack[]): boolean {
  return tracks.some((t) => t.lang !== undefined || t.description === true);
}

/** The HLS master with its `TYPE=AUDIO` renditions named, in order. */
export function labelAudioInMaster(master: string, tracks: readonly AudioTrack[]): string {
  if (!worthLabelling(tracks)) return master;
  let index = 0;
  return master
    .split('\n')
    .map((line) => {
      if (!line.startsWith('#EXT-X-MEDIA:') || !/TYPE=AUDIO\b/.test(line)) return line;
      const track = tracks[index++];
      if (track === undefined) return line;
      const attributes = line
        .slice('#EXT-X-MEDIA:'.length)
        .split(/,(?=[A-Z0-9-]+=)/)
        .filter((a) => !/^(NAME|LANGUAGE|AUTOSELECT|CHARACTERISTICS)=/.test(a))
        .map((a) => (track.description === true && a.startsWith('DEFAULT=') ? 'DEFAULT=NO' : a));
      const groupAt = attributes.findIndex((a) => a.startsWith('GROUP-ID='));
      const added = [
        `NAME="${hlsQuoted(audioTrackLabel(track))}"`,
        ...(track.lang === undefined ? [] : [`LANGUAGE="${track.lang}"`]),
        'AUTOSELECT=YES',
        ...(track.description === true ? [`CHARACTERISTICS="${DESCRIBES_VIDEO}"`] : []),
      ];
      attributes.splice(groupAt + 1, 0, ...added);
      return `#EXT-X-MEDIA:${attributes.join(',')}`;
    })
    .join('\n');
}

/** The MPD with its audio AdaptationSets (in order) given a language, a role and a label. */
export function labelAudioInMpd(mpd: string, tracks: readonly AudioTrack[]): string {
  if (!worthLabelling(tracks)) return mpd;
  let index = 0;
  return mpd.replace(/^([ \t]*)<AdaptationSet\b([^>]*)>/gm, (whole, indent: string, attributes: string) => {
    if (!/contentType="audio"/.test(attributes)) return whole;
    const track = tracks[index++];
    if (track === undefined) return whole;
    let attrs = attributes.replace(/\s+lang="[^"]*"/, '');
    if (track.lang !== undefined) attrs += ` lang="${xml(track.lang)}"`;
    const inner = `${indent}\t`;
    const children = [
      `${inner}<Role schemeIdUri="${ROLE_SCHEME}" value="${track.description === true ? 'alternate' : 'main'}" />`,
      ...(track.description === true
        ? [`${inner}<Accessibility schemeIdUri="${AUDIO_PURPOSE_SCHEME}" value="1" />`]
        : []),
      `${inner}<Label>${xml(audioTrackLabel(track))}</Label>`,
    ];
    return `${indent}<AdaptationSet${attrs}>\n${children.join('\n')}`;
  });
}

/** Post-processes master.m3u8 and manifest.mpd in `outDir`; checks ffmpeg wrote one rendition per track. */
export async function labelAudioTracks(outDir: string, tracks: readonly AudioTrack[]): Promise<void> {
  if (!worthLabelling(tracks)) return;
  const masterFile = path.join(outDir, MASTER_M3U8);
  const master = await readFile(masterFile, 'utf8');
  const found = master
    .split('\n')
    .filter((l) => l.startsWith('#EXT-X-MEDIA:') && /TYPE=AUDIO\b/.test(l)).length;
  if (found !== tracks.length) {
    throw new MediaError(
      `${MASTER_M3U8}: ${found} audio rendition(s) written for ${tracks.length} audio track(s)`,
    );
  }
  await writeFile(masterFile, labelAudioInMaster(master, tracks));
  const mpdFile = path.join(outDir, MANIFEST_MPD);
  await writeFile(mpdFile, labelAudioInMpd(await readFile(mpdFile, 'utf8'), tracks));
}
