/**
 * The demo media plan: what the server's demo-media builder (apps/server/src/modules/media/demo)
 * turns into streams with ffmpeg's synthetic sources. Plain data: every field is an input of the
 * build, hashed into the cache key of the item, so changing one item rebuilds only that item.
 */

export type DemoMediaKind = 'programme' | 'trailer' | 'bumper' | 'ad';

/**
 * The moving background ffmpeg draws (lavfi sources): `testsrc2` (moving test card), `mandelbrot`
 * (zooming fractal), `life` (Game of Life), `cellauto` (scrolling cellular automaton), `smptebars`
 * (colour bars, hue cycling), `rgbcycle` (RGB test pattern, hue cycling). All get a moving square
 * and the item's hue.
 */
export type DemoPattern = 'testsrc2' | 'mandelbrot' | 'life' | 'cellauto' | 'smptebars' | 'rgbcycle';

export type DemoSubtitleLanguage = 'fr' | 'en' | 'ar' | 'de' | 'es';

/** A subtitle cue, in seconds from the start of the item. */
export interface DemoCue {
  start: number;
  end: number;
  text: string;
}

export interface DemoMediaItem {
  /** Folder-safe id: 'programme-1' … 'programme-6', 'trailer-1' …, 'bumper-brand', 'bumper-csa-10', 'ad-1' … */
  id: string;
  kind: DemoMediaKind;
  /** Whole seconds. Programmes 30–60, ads 10–15. */
  seconds: number;
  pattern: DemoPattern;
  /** The item's colour, 0–359. */
  hue: number;
  /** Frequency of the main audio's tone (Hz). */
  toneHz: number;
  /**
   * Drawn over the picture for the whole duration: an SVG document of 1280×720 with a transparent
   * background (title card, CSA symbol and text, brand logo). Rendered with sharp, so text uses the
   * fonts fontconfig knows.
   */
  overlaySvg: string;
  /** A burned-in running timecode (hh:mm:ss) at the bottom. */
  timecode: boolean;
  /** Side-loaded WebVTT per language. */
  subtitles: Partial<Record<DemoSubtitleLanguage, DemoCue[]>>;
  /** A second, French audio track describing the picture (audio description), marked as such in both manifests. */
  audioDescription?: { toneHz: number };
  /** 'stream': ABR ladder with HLS + DASH; 'mp4': one progressive 720p MP4 (the media file of a VAST ad). */
  output: 'stream' | 'mp4';
  /**
   * 'cenc': the stream is encrypted (Common Encryption, AES-CTR) under a key drawn at build time
   * and played with ClearKey through the server's licence endpoint. DASH only: the builder writes
   * no HLS for it (docs/adr/0009).
   */
  encryption?: 'cenc';
}

/** An ad of the plan as the ad decision describes it. */
export interface DemoAd {
  /** The plan item ('ad-1' …). */
  id: string;
  /** The advertiser, the VAST ad title. */
  title: string;
  /** Where a click on the ad leads: a URL path of this app, or an absolute URL. */
  clickThrough: string;
}
