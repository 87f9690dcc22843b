import { adSvg, brandSvg, csaSvg, programmeSvg, trailerSvg } from './overlays.js';
import {
  ADS,
  AUDIO_DESCRIPTION_HZ,
  CLEARKEY_PROGRAMME,
  CSA_AGES,
  PROGRAMMES,
  subtitles,
  TRAILERS,
} from './scripts.js';
import type { DemoAd, DemoMediaItem } from './types.js';

/**
 * The demo media plan of Antenne Monde: six short programmes (every asset of the catalogue plays
 * one, `customData.programme`), an encrypted programme (one film plays it with ClearKey), three trailers, the brand and CSA classification bumpers and two
 * VAST ads. Each item is drawn by ffmpeg (pattern, hue, tone) under its SVG overlay; programmes
 * and trailers come with side-loaded subtitles. The items and their scripts are in scripts.ts, the
 * overlays' drawing in overlays.ts.
 */

/** Bump when the plan's meaning changes in a way the per-item hashes do not capture. */
export const DEMO_MEDIA_VERSION = 1;

/** The encrypted programme (CENC, played with ClearKey): the demo title that shows DRM playback. */
export const DEMO_CLEARKEY_PROGRAMME = 'programme-clearkey';

/** The streams the catalogue's trailer assets (CLIP) play, in turn. */
export const DEMO_TRAILER_STREAMS = ['trailer-1', 'trailer-2', 'trailer-3'] as const;
export type DemoTrailerStream = (typeof DEMO_TRAILER_STREAMS)[number];

/**
 * The ad creatives as the ad server describes them (the VAST ad title, where a click leads). Kept
 * out of the items so their cache hashes do not change with it. The click leads to this app's home
 * page: the demo advertisers have no site, and an outside address would not load offline.
 */
export const DEMO_ADS: readonly DemoAd[] = ADS.map((a, i) => ({
  id: `ad-${i + 1}`,
  title: a.brand,
  clickThrough: '/',
}));

/**
 * The whole demo media plan, built fresh on every call (plain data: the server hashes each
 * item into its cache key).
 */
export function demoMediaPlan(): DemoMediaItem[] {
  const programmes = PROGRAMMES.map((p, i): DemoMediaItem => ({
    id: `programme-${i + 1}`,
    kind: 'programme',
    seconds: p.seconds,
    pattern: p.pattern,
    hue: p.hue,
    toneHz: p.toneHz,
    overlaySvg: programmeSvg(p.title, p.genre, p.hue),
    timecode: true,
    subtitles: subtitles(p.seconds, p.script, ['fr', 'en', 'ar']),
    ...(i === 0 ? { audioDescription: { toneHz: AUDIO_DESCRIPTION_HZ } } : {}),
    output: 'stream',
  }));

  const clearkey: DemoMediaItem = {
    id: DEMO_CLEARKEY_PROGRAMME,
    kind: 'programme',
    seconds: CLEARKEY_PROGRAMME.seconds,
    pattern: CLEARKEY_PROGRAMME.pattern,
    hue: CLEARKEY_PROGRAMME.hue,
    toneHz: CLEARKEY_PROGRAMME.toneHz,
    overlaySvg: programmeSvg(CLEARKEY_PROGRAMME.title, CLEARKEY_PROGRAMME.genre, CLEARKEY_PROGRAMME.hue),
    timecode: true,
    subtitles: subtitles(CLEARKEY_PROGRAMME.seconds, CLEARKEY_PROGRAMME.script, ['fr', 'en', 'ar']),
    output: 'stream',
    encryption: 'cenc',
  };

  const trailers = TRAILERS.map((t, i): DemoMediaItem => ({
    id: DEMO_TRAILER_STREAMS[i] ?? `trailer-${i + 1}`,
    kind: 'trailer',
    seconds: 15,
    pattern: t.pattern,
    hue: t.hue,
    toneHz: t.toneHz,
    overlaySvg: trailerSvg(t.title, t.hue),
    timecode: true,
    subtitles: subtitles(15, t.script, ['fr', 'en']),
    output: 'stream',
  }));

  const brand: DemoMediaItem = {
    id: 'bumper-brand',
    kind: 'bumper',
    seconds: 5,
    pattern: 'cellauto',
    hue: 210,
    toneHz: 523,
    overlaySvg: brandSvg(210),
    timecode: false,
    subtitles: {},
    output: 'stream',
  };

  const csa = CSA_AGES.map((age, i): DemoMediaItem => ({
    id: `bumper-csa-${age}`,
    kind: 'bumper',
    seconds: 4,
    pattern: 'rgbcycle',
    hue: [140, 40, 0][i] ?? 0,
    toneHz: 1000,
    overlaySvg: csaSvg(age),
    timecode: false,
    subtitles: {},
    output: 'stream',
  }));

  const ads = ADS.map((a, i): DemoMediaItem => ({
    id: `ad-${i + 1}`,
    kind: 'ad',
    seconds: a.seconds,
    pattern: a.pattern,
    hue: a.hue,
    toneHz: a.toneHz,
    overlaySvg: adSvg(a.brand, a.slogan, a.hue),
    timecode: false,
    subtitles: {},
    output: 'mp4',
  }));

  return [...programmes, clearkey, ...trailers, brand, ...csa, ...ads];
}
