import { DEFAULT_SUBTITLE_STYLE, type SubtitleStyle } from '../controller';

export const SUBTITLE_SIZES: readonly SubtitleStyle['size'][] = [75, 100, 150, 200];
export const SUBTITLE_COLORS: readonly SubtitleStyle['color'][] = ['white', 'yellow', 'cyan', 'green'];
export const SUBTITLE_BACKGROUND_OPACITIES: readonly SubtitleStyle['backgroundOpacity'][] = [
  0, 25, 50, 75, 100,
];

/** Saturated, light cue colours: each is above 15:1 against the black cue background. */
const CUE_COLORS: Record<SubtitleStyle['color'], string> = {
  white: '#ffffff',
  yellow: '#ffff00',
  cyan: '#00ffff',
  green: '#00ff00',
};

/** localStorage key of a profile's subtitle style (anonymous viewers share one). */
export function subtitleStyleKey(profileId: string | undefined): string {
  return `subtitle-style:${profileId ?? 'anonymous'}`;
}

function pick<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A stored style, each field checked: a bad or missing field falls back to the default. */
export function parseSubtitleStyle(raw: string | null): SubtitleStyle {
  let stored: Partial<Record<keyof SubtitleStyle, unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // A corrupt value: the default style.
  }
  return {
    size: pick(SUBTITLE_SIZES, stored.size, DEFAULT_SUBTITLE_STYLE.size),
    color: pick(SUBTITLE_COLORS, stored.color, DEFAULT_SUBTITLE_STYLE.color),
    backgroundOpacity: pick(
      SUBTITLE_BACKGROUND_OPACITIES,
      stored.backgroundOpacity,
      DEFAULT_SUBTITLE_STYLE.backgroundOpacity,
    ),
  };
}

/** The custom property the player page sets to the subtitles' base size (player-page.module.css). */
export const SUBTITLE_BASE_SIZE = '--subtitle-base-size';

/**
 * The rules that style this player's subtitles. shaka draws the cues as elements in the
 * `.shaka-text-container` it adds after the <video> (UITextDisplayer; each text run is a span with
 * an inline black background, hence `!important`); `::cue` covers the browser's own cue rendering
 * where shaka falls back to it (iOS's native full screen). `selector` names this player's <video>
 * only, so no other video of the page changes. The text shadow keeps the text readable with no
 * background at all.
 */
export function subtitleCueCss(selector: string, style: SubtitleStyle): string {
  const background = `rgba(0, 0, 0, ${style.backgroundOpacity / 100})`;
  const color = CUE_COLORS[style.color];
  const shadow = '0 0 4px #000, 0 0 2px #000';
  return (
    `${selector}::cue {` +
    ` font-size: ${style.size}%;` +
    ` color: ${color};` +
    ` background-color: ${background};` +
    ` text-shadow: ${shadow};` +
    ' }\n' +
    `${selector} ~ .shaka-text-container {` +
    ` font-size: calc(var(${SUBTITLE_BASE_SIZE}, 24px) * ${style.size / 100});` +
    ' }\n' +
    `${selector} ~ .shaka-text-container span:not(.shaka-text-wrapper) {` +
    ` color: ${color} !important;` +
    ` background-color: ${background} !important;` +
    ` text-shadow: ${shadow};` +
    ' }'
  );
}
