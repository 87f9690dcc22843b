import { DEFAULT_SUBTITLE_STYLE, type SubtitleStyle } from '../controller';

export const SUBTITLE_SIZES: readonly SubtitleStyle['size'][] = [75, 100, 150, 200];
export const SUBTITLE_COLORS: readonly SubtitleStyle['color'][] = ['white', 'yellow', 'cyan', 'green'];
export const SUBTITLE_BACKGROUND_OPACITIES: readonly SubtitleStyle['backgroundOpacity'][] = [0, 25, 50, 75, 100];

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

/**
 * The rule that styles the cues the browser renders for the video's native text tracks (shaka
 * hands its cues to them). `selector` names this player's <video> only, so no other video of
 * the page changes. The text shadow keeps the text readable with no background at all.
 */
export function subtitleCueCss(selector: string, style: SubtitleStyle): string {
  const alpha = style.backgroundOpacity / 100;
  return (
    `${selector}::cue {` +
    ` font-size: ${style.size}%;` +
    ` color: ${CUE_COLORS[style.color]};` +
    ` background-color: rgba(0, 0, 0, ${alpha});` +
    ' text-shadow: 0 0 4px #000, 0 0 2px #000;' +
    ' }'
  );
}
