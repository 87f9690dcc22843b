import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './ffmpeg.js';
import { MANIFEST_MPD, MASTER_M3U8 } from './ladder.js';

/**
 * Side-loaded WebVTT: ffmpeg's dash muxer cannot carry text, so the files are copied as
 * `subs/<lang>.vtt` and both manifests are post-processed (media-notes §2):
 * - HLS: one `EXT-X-MEDIA:TYPE=SUBTITLES` per language in group "subs" (a one-segment playlist
 *   `subs/<lang>.m3u8`), and `SUBTITLES="subs"` on every `EXT-X-STREAM-INF`;
 * - DASH: one `text/vtt` AdaptationSet per language, Role subtitle, a Label in the language itself.
 */

export const SUBS_DIR = 'subs';
export const SUBS_GROUP = 'subs';

/** A language tag as a file name can carry it: `fr`, `en`, `pt-BR`, `zh-Hant`. */
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const TIMESTAMP = String.raw`(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const CUE_TIMING = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`);

export interface SubtitleInput {
  lang: string;
  file: string;
}

export interface Subtitle extends SubtitleInput {
  /** The file's text, validated. */
  text: string;
  /** The language's name in itself, capitalised: Français, English, العربية. */
  label: string;
}

export function isLanguageTag(lang: string): boolean {
  return LANGUAGE.test(lang);
}

/** The language's name in that language, first letter capitalised (Français, English, العربية). */
export function languageLabel(lang: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang);
  } catch {
    name = undefined;
  }
  if (name === undefined || name === '') return lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/**
 * Minimal WebVTT check: the `WEBVTT` signature, at least one cue timing line, and every line
 * with `-->` a valid timing. Throws a MediaError naming the file.
 */
export function validateWebVtt(text: string, file: string): string {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new MediaError(`${file}: not a WebVTT file (the first line must be "WEBVTT")`, file);
  }
  let cues = 0;
  for (const [index, line] of lines.entries()) {
    if (!line.includes('-->')) continue;
    if (!CUE_TIMING.test(line.trim())) {
      throw new MediaError(
        `${file}: line ${index + 1}: not a valid cue timing: ${line.trim().slice(0, 80)}`,
        file,
      );
    }
    cues++;
  }
  if (cues === 0) throw new MediaError(`${file}: no cue in this WebVTT file`, file);
  return body;
}

/** Reads and validates each subtitle file (before any encode). */
export async function loadSubtitles(inputs: readonly SubtitleInput[]): Promise<Subtitle[]> {
  const seen = new Set<string>();
  const out: Subtitle[] = [];
  for (const { lang, file } of inputs) {
    if (!isLanguageTag(lang))
      throw new MediaError(`${file}: "${lang}" is not a language tag (e.g. fr, en, pt-BR)`, file);
    if (seen.has(lang)) throw new MediaError(`${file}: a second subtitle file for "${lang}"`, file);
    seen.add(lang);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new MediaError(
        `${file}: cannot read the subtitle file: ${error instanceof Error ? error.message : String(error)}`,
        file,
      );
    }
    out.push({ lang, file, text: validateWebVtt(text, file), label: languageLabel(lang) });
  }
  return out;
}

export const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Quoted-string attributes of HLS may not hold a double quote or a line break. */
export const hlsQuoted = (text: string) => text.replace(/["\r\n]/g, "'");

/** The one-segment HLS playlist of a subtitle file. */
export function subtitlePlaylist(lang: string, durationMs: number): string {
  const seconds = durationMs / 1000;
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(seconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    `${lang}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** The HLS master with the subtitle renditions and `SUBTITLES="subs"` on every variant. */
export function addSubtitlesToMaster(master: string, subtitles: readonly Subtitle[]): string {
  if (subtitles.length === 0) return master;
  const media = subtitles.map(
    (s) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBS_GROUP}",NAME="${hlsQuoted(s.label)}",LANGUAGE="${s.lang}",` +
      `DEFAULT=NO,AUTOSELECT=YES,URI="${SUBS_DIR}/${s.lang}.m3u8"`,
  );
  const lines = master.split(/\r?\n/);
  // After the last existing EXT-X-MEDIA (the audio group), else after the header tags.
  let at = lines.findLastIndex((line) => line.startsWith('#EXT-X-MEDIA:'));
  if (at === -1) at = lines.findLastIndex((line) => line.startsWith('#EXT-X-VERSION') || line === '#EXTM3U');
  const out = [...lines.slice(0, at + 1), ...media, ...lines.slice(at + 1)];
  return out
    .map((line) =>
      line.startsWith('#EXT-X-STREAM-INF:') && !/SUBTITLES=/.test(line)
        ? `${line},SUBTITLES="${SUBS_GROUP}"`
        : line,
    )
    .join('\n');
}

/** The MPD with one text/vtt AdaptationSet per language, before the end of the (only) Period. */
export function addSubtitlesToMpd(mpd: string, subtitles: readonly Subtitle[]): string {
  if (subtitles.length === 0) return mpd;
  const ids = [...mpd.matchAll(/<AdaptationSet[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]));
  let nextId = ids.length === 0 ? 0 : Math.max(...ids) + 1;
  const sets = subtitles.map(
    (s) =>
      `\t\t<AdaptationSet id="${nextId++}" contentType="text" mimeType="text/vtt" lang="${xml(s.lang)}">\n` +
      `\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle" />\n` +
      `\t\t\t<Label>${xml(s.label)}</Label>\n` +
      `\t\t\t<Representation id="sub_${xml(s.lang)}" bandwidth="256">\n` +
      `\t\t\t\t<BaseURL>${SUBS_DIR}/${xml(s.lang)}.vtt</BaseURL>\n` +
      `\t\t\t</Representation>\n` +
      `\t\t</AdaptationSet>\n`,
  );
  const end = mpd.lastIndexOf('</Period>');
  if (end === -1) throw new MediaError(`${MANIFEST_MPD}: no </Period> in the MPD ffmpeg wrote`);
  const lineStart = mpd.lastIndexOf('\n', end) + 1;
  return mpd.slice(0, lineStart) + sets.join('') + mpd.slice(lineStart);
}

/**
 * Writes `subs/<lang>.vtt` and `subs/<lang>.m3u8` into `outDir` and post-processes
 * master.m3u8 and manifest.mpd there.
 */
export async function attachSubtitles(
  outDir: string,
  subtitles: readonly Subtitle[],
  durationMs: number,
): Promise<void> {
  if (subtitles.length === 0) return;
  await mkdir(path.join(outDir, SUBS_DIR));
  for (const s of subtitles) {
    await writeFile(path.join(outDir, SUBS_DIR, `${s.lang}.vtt`), s.text);
    await writeFile(path.join(outDir, SUBS_DIR, `${s.lang}.m3u8`), subtitlePlaylist(s.lang, durationMs));
  }
  const masterFile = path.join(outDir, MASTER_M3U8);
  await writeFile(masterFile, addSubtitlesToMaster(await readFile(masterFile, 'utf8'), subtitles));
  const mpdFile = path.join(outDir, MANIFEST_MPD);
  await writeFile(mpdFile, addSubtitlesToMpd(await readFile(mpdFile, 'utf8'), subtitles));
}
