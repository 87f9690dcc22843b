import type { ProbeResult } from './ffmpeg.js';
import { runFfmpeg } from './ffmpeg.js';

/**
 * The encode: one ffmpeg run decodes the input once, splits the picture into three renditions
 * (H.264 main, 2-second GOPs aligned across renditions) plus one AAC track, and the dash muxer
 * writes CMAF-style fMP4 segments with both a DASH MPD and HLS playlists over the same files.
 * Only options that exist in ffmpeg 4.1 and 5.1 alike (docs/adr/0005).
 */

export interface Rendition {
  name: string;
  /** Box the picture fits in, aspect ratio kept. */
  maxWidth: number;
  maxHeight: number;
  videoKbps: number;
}

export const LADDER: readonly Rendition[] = [
  { name: '360p', maxWidth: 640, maxHeight: 360, videoKbps: 800 },
  { name: '540p', maxWidth: 960, maxHeight: 540, videoKbps: 1400 },
  { name: '720p', maxWidth: 1280, maxHeight: 720, videoKbps: 2800 },
];

export const SEGMENT_SECONDS = 2;
export const AUDIO_KBPS = 128;
export const MANIFEST_MPD = 'manifest.mpd';
/** The dash muxer's name for the HLS master playlist (`-hls_master_name` is 5.1-only). */
export const MASTER_M3U8 = 'master.m3u8';

/** The size a rendition gets: fitted in its box with the source's aspect ratio, even dimensions. */
export function renditionSize(
  rendition: Rendition,
  source: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(rendition.maxWidth / source.width, rendition.maxHeight / source.height);
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  return { width: even(source.width * scale), height: even(source.height * scale) };
}

/** One audio track of the output, in input order. */
export interface AudioTrack {
  /** ffmpeg's `-map` of the track: `0:a:0`, `[ad]` (a filter output) … */
  map: string;
  /** BCP 47 language (fr, en …), when known: written into both manifests. */
  lang?: string;
  /** An audio-description track (the picture described for blind and partially sighted people). */
  description?: boolean;
}

export interface LadderArgsOptions {
  /** The input file, named in errors; ffmpeg reads it with `-i` unless `inputArgs` says otherwise. */
  input: string;
  /** ffmpeg's input arguments instead of `-i <input>` (synthetic lavfi sources, several inputs). */
  inputArgs?: string[];
  /** The filter graph label of the picture to encode, before the split; default `[0:v:0]`. */
  videoSource?: string;
  /** Filter graph chains run before the split (they define `videoSource`), joined with `;`. */
  preFilter?: string;
  /** The audio tracks; default: the input's first audio track, or a silent one when it has none. */
  audio?: AudioTrack[];
  probe: ProbeResult;
  /** Existing output folder (the dash muxer does not create it). */
  outDir: string;
  /** Put in every segment name, so a re-ingest never serves new bytes under an old (immutable) URL. */
  segmentPrefix: string;
  /** x264's speed/quality preset; default `veryfast` (the demo's synthetic pictures use `superfast`). */
  x264Preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
}

/** ffmpeg's arguments for the whole ladder (without the -progress/-y preamble runFfmpeg adds). */
export function ladderArgs(options: LadderArgsOptions): string[] {
  const { input, probe, outDir, segmentPrefix } = options;
  const gop = Math.max(1, Math.round(probe.fps * SEGMENT_SECONDS));
  const seconds = (probe.durationMs / 1000).toFixed(3);
  const source = options.videoSource ?? '[0:v:0]';
  const split = `${source}split=${LADDER.length}${LADDER.map((_, i) => `[s${i}]`).join('')}`;
  const scales = LADDER.map((r, i) => {
    const { width, height } = renditionSize(r, probe);
    return `[s${i}]scale=${width}:${height},setsar=1[v${i}]`;
  });
  const args = options.inputArgs === undefined ? ['-i', input] : [...options.inputArgs];
  let audio = options.audio;
  if (audio === undefined) {
    // Every output has audio: a silent stereo track when the input has none.
    if (!probe.hasAudio)
      args.push('-f', 'lavfi', '-t', seconds, '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000');
    audio = [{ map: probe.hasAudio ? '0:a:0' : '1:a:0' }];
  }
  const graph = [...(options.preFilter === undefined ? [] : [options.preFilter]), split, ...scales];
  args.push('-filter_complex', graph.join(';'));
  for (let i = 0; i < LADDER.length; i++) args.push('-map', `[v${i}]`);
  for (const track of audio) args.push('-map', track.map);
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    options.x264Preset ?? 'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    // Keyframes on the 2-second grid even when the frame rate is not an integer.
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  );
  LADDER.forEach((r, i) => {
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
  });
  args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
  args.push('-t', seconds);
  // One adaptation set per audio track: they are alternatives (main mix, audio description), not bitrates of one.
  const audioSets = audio.map((_, i) => `id=${i + 1},streams=${LADDER.length + i}`);
  args.push(
    '-f',
    'dash',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-hls_playlist',
    '1',
    '-adaptation_sets',
    ['id=0,streams=v', ...audioSets].join(' '),
    '-init_seg_name',
    `init-${segmentPrefix}-$RepresentationID$.m4s`,
    '-media_seg_name',
    `seg-${segmentPrefix}-$RepresentationID$-$Number%05d$.m4s`,
    `${outDir}/${MANIFEST_MPD}`,
  );
  return args;
}

export interface EncodeOptions extends LadderArgsOptions {
  ffmpegPath: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Runs the ladder encode into `outDir`; rejects with a MediaError naming the input on failure. */
export async function encodeLadder(options: EncodeOptions): Promise<void> {
  await runFfmpeg(ladderArgs(options), {
    ffmpegPath: options.ffmpegPath,
    input: options.input,
    durationMs: options.probe.durationMs,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
