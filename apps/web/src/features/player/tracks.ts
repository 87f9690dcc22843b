import type { AudioTrackOption, TextTrackOption } from './controller';
import type { EngineAudioTrack, EngineTextTrack } from './engine';

/** The pickers' entries from shaka's tracks: the manifest's label, else the language's name in the UI language. */

function languageName(language: string, uiLanguage: string): string {
  if (!language || language === 'und') return language;
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** Capitalised as a picker entry ("français" → "Français"). */
const capitalise = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

export function textTrackOptions(tracks: readonly EngineTextTrack[], uiLanguage: string): TextTrackOption[] {
  return tracks.map((track) => ({
    id: track.id,
    language: track.language,
    label: track.label?.trim() || capitalise(languageName(track.language, uiLanguage), uiLanguage),
  }));
}

export const isAudioDescription = (track: Pick<EngineAudioTrack, 'accessibilityPurpose' | 'roles'>) =>
  track.accessibilityPurpose === 'visually impaired' || track.roles.includes('description');

/**
 * Audio entries; the audio-description track keeps the manifest's name ("Français
 * (audiodescription)"), or gets `describedLabel(language name)` when the manifest has none.
 * Tracks shaka lists once per codec or channel count collapse to one per label.
 */
export function audioTrackOptions(
  tracks: readonly EngineAudioTrack[],
  uiLanguage: string,
  describedLabel: (language: string) => string,
): AudioTrackOption[] {
  const seen = new Set<string>();
  const options: AudioTrackOption[] = [];
  for (const track of tracks) {
    const audioDescription = isAudioDescription(track);
    const name = capitalise(languageName(track.language, uiLanguage), uiLanguage);
    const label = track.label?.trim() || (audioDescription ? describedLabel(name) : name);
    if (seen.has(label)) continue;
    seen.add(label);
    options.push({ id: track.id, language: track.language, label, audioDescription });
  }
  return options;
}
