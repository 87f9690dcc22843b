import { existsSync } from 'node:fs';
import type { DemoMediaItem, DemoPattern } from '@antenne/content/media';
import type { AudioTrack } from '../ladder.js';

/**
 * ffmpeg's synthetic sources for one demo item (media-notes §1): a moving lavfi pattern in the
 * item's colour, a bouncing square (so every pattern moves), the item's SVG overlay (title card,
 * CSA symbol, logo: rendered to PNG beforehand), a burned-in timecode, and a beeping tone; the
 * audio-description track mixes the programme's sound with a second, slower tone. Only filters
 * that exist in ffmpeg 4.1 and 5.1 alike.
 */

export const FRAME_RATE = 25;
export const WIDTH = 1280;
export const HEIGHT = 720;

/** Bold sans fonts drawtext can use; without one, drawtext asks fontconfig for "Sans". */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];

export function drawtextFont(): string {
  const file = FONT_FILES.find((candidate) => existsSync(candidate));
  return file === undefined ? 'font=Sans' : `fontfile='${file}'`;
}

/** #rrggbb of a hue at the given saturation and lightness (0–1). */
export function hueColour(hue: number, saturation = 0.75, lightness = 0.55): string {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The lavfi source and the filters that give it the item's colour, ending at 1280×720 yuv420p. */
export function patternGraph(pattern: DemoPattern, hue: number): { source: string; filters: string } {
  const size = `${WIDTH}x${HEIGHT}`;
  const small = `${WIDTH / 2}x${HEIGHT / 2}`;
  const colour = hueColour(hue);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  switch (pattern) {
    case 'testsrc2':
      return { source: `testsrc2=size=${size}:rate=${FRAME_RATE}`, filters: `hue=h=${hue}` };
    case 'mandelbrot':
      // The fractal is costly per pixel: drawn at half size and scaled up.
      return { source: `mandelbrot=size=${small}:rate=${FRAME_RATE}`, filters: `scale=${size},hue=h=${hue}` };
    case 'life':
      return {
        source: `life=size=${small}:rate=${FRAME_RATE}:mold=10:ratio=0.12:death_color=#0b1220:life_color=${colour}:mold_color=#1e2a44`,
        filters: `scale=${size}:flags=neighbor`,
      };
    case 'cellauto':
      return {
        source: `cellauto=size=${size}:rate=${FRAME_RATE}:rule=110:random_fill_ratio=0.5`,
        filters: `format=rgb24,lutrgb=r='val*${r.toFixed(3)}':g='val*${g.toFixed(3)}':b='val*${b.toFixed(3)}'`,
      };
    case 'smptebars':
      return {
        source: `smptehdbars=size=${size}:rate=${FRAME_RATE}`,
        filters: `hue=H=2*PI*t/8+${((hue * Math.PI) / 180).toFixed(3)}`,
      };
    case 'rgbcycle':
      return {
        source: `rgbtestsrc=size=${size}:rate=${FRAME_RATE}`,
        filters: `hue=H=2*PI*t/6+${((hue * Math.PI) / 180).toFixed(3)}`,
      };
  }
}

export interface SynthGraph {
  /** ffmpeg's input arguments. */
  inputArgs: string[];
  /** The filter graph; its picture output is `[picture]`. */
  filter: string;
  /** Label of the finished picture. */
  videoSource: string;
  /** The audio tracks, main first. */
  audio: AudioTrack[];
}

/** Inputs and filter graph of an item, given its overlay PNG. */
export function synthGraph(item: DemoMediaItem, overlayPng: string): SynthGraph {
  const seconds = String(item.seconds);
  const { source, filters } = patternGraph(item.pattern, item.hue);
  const inputArgs = [
    '-f',
    'lavfi',
    '-t',
    seconds,
    '-i',
    source,
    '-loop',
    '1',
    '-framerate',
    String(FRAME_RATE),
    '-t',
    seconds,
    '-i',
    overlayPng,
    '-f',
    'lavfi',
    '-t',
    seconds,
    '-i',
    `sine=frequency=${item.toneHz}:beep_factor=4:sample_rate=48000`,
  ];
  const square = `color=c=white@0.85:size=72x72:rate=${FRAME_RATE}:duration=${seconds},format=rgba`;
  const bounce = `x='(W-w)*(0.5+0.45*sin(t*1.3))':y='(H-h)*(0.5+0.4*cos(t*0.9))'`;
  const chains = [
    `[0:v]${filters},format=yuv420p,setsar=1[bg]`,
    `${square}[square]`,
    `[bg][square]overlay=${bounce}:shortest=1[moving]`,
    `[1:v]format=rgba[card]`,
    `[moving][card]overlay=0:0:shortest=1${item.timecode ? '[titled]' : ',format=yuv420p[picture]'}`,
  ];
  if (item.timecode) {
    chains.push(
      `[titled]drawtext=${drawtextFont()}:text='%{pts\\:hms}':fontsize=34:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10:x=(w-tw)/2:y=h-th-36,format=yuv420p[picture]`,
    );
  }
  const audio: AudioTrack[] = [];
  if (item.audioDescription === undefined) {
    audio.push({ map: '2:a', lang: 'fr' });
  } else {
    inputArgs.push(
      '-f',
      'lavfi',
      '-t',
      seconds,
      '-i',
      `sine=frequency=${item.audioDescription.toneHz}:beep_factor=2:sample_rate=48000`,
    );
    // The described version: the programme's sound under a "voice" (the second tone).
    chains.push('[2:a]asplit=2[main][under]', '[under][3:a]amix=inputs=2:duration=first[described]');
    audio.push({ map: '[main]', lang: 'fr' }, { map: '[described]', lang: 'fr', description: true });
  }
  return { inputArgs, filter: chains.join(';'), videoSource: '[picture]', audio };
}

/** ffmpeg's arguments for an ad creative: one progressive 720p MP4 with its index first (VAST media file). */
export function mp4Args(graph: SynthGraph, seconds: number, outFile: string): string[] {
  const gop = FRAME_RATE * 2;
  return [
    ...graph.inputArgs,
    '-filter_complex',
    graph.filter,
    '-map',
    graph.videoSource,
    '-map',
    graph.audio[0]?.map ?? '2:a',
    '-c:v',
    'libx264',
    '-preset',
    'superfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '2000k',
    '-maxrate',
    '2200k',
    '-bufsize',
    '4000k',
    '-g',
    String(gop),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-t',
    String(seconds),
    '-movflags',
    '+faststart',
    outFile,
  ];
}
