/**
 * The seam between the player's container (player-page.tsx composing hooks/: the play call, the
 * pre-roll, the events, and session/'s PlaybackSession over shaka-player) and its overlay
 * (overlay/: the desktop controls). The session owns the <video>'s media and the tracks; the
 * overlay reads this state and calls these actions.
 */

import type { LiveProgramme, LiveWindow } from './live';

export interface TextTrackOption {
  /** Stable id within this playback (shaka's track id). */
  id: number;
  language: string;
  /** Shown in the picker: the manifest's label, else the language's name. */
  label: string;
}

export interface AudioTrackOption {
  id: number;
  language: string;
  label: string;
  /** The audio-description track ("Français (audiodescription)"). */
  audioDescription: boolean;
}

/**
 * A channel (`live`) or a programme from its start while on air (`startover`): the overlay's live
 * mode. A catch-up plays as on-demand (no live state).
 */
export interface LiveState {
  kind: 'live' | 'startover';
  /** The channel's programmes around now (its EPG): the overlay shows the one at the playhead. */
  programmes: LiveProgramme[];
  /** The played programme's span (streamInfo start–end) when the EPG has nothing at the playhead. */
  span?: { startMs: number; endMs?: number };
}

/** What is playing now in the playlist. */
export type PlaylistPhase = 'loading' | 'bumper' | 'ad' | 'content' | 'ended';

export interface AdState {
  /** Seconds left in the ad, rounded up (the "Advertisement · 0:12" label). */
  remainingSeconds: number;
  /** Where a click on the ad leads (opened in a new tab; the tracker records it). */
  clickThrough?: string;
}

export interface PlayerState {
  phase: PlaylistPhase;
  title: string;
  /** The episode line under the title ("S1 · E3 — …"), when an episode plays. */
  subtitle?: string;
  /** True while buffering, seeking or loading (the spinner). */
  waiting: boolean;
  textTracks: TextTrackOption[];
  /** null: subtitles off. */
  activeTextTrackId: number | null;
  audioTracks: AudioTrackOption[];
  activeAudioTrackId: number | null;
  /** Set while an ad plays: no seeking then. */
  ad?: AdState;
  /** A next episode exists (the button shows). */
  hasNext: boolean;
  /** The cast launcher may show (Chrome, and the Cast SDK reached). */
  castAvailable: boolean;
  /** AirPlay may show (Safari with a target available). */
  airplayAvailable: boolean;
  /** Set for a channel or a start-over: the live badge, the window, wall-clock times. */
  live?: LiveState;
}

export interface PlayerActions {
  /** Leaves the player (history back, or home when there is no history). */
  back(): void;
  selectTextTrack(id: number | null): void;
  selectAudioTrack(id: number): void;
  nextEpisode(): void;
  /** Opens the cast dialog / AirPlay picker. */
  cast(): void;
  airplay(): void;
  /** The ad's click-through: tracked, then opened. */
  adClick(): void;
  /** The seekable window and its wall clock (the engine's seek range), once the asset plays. */
  liveWindow(): LiveWindow | undefined;
}

/** Subtitle appearance, remembered per profile (localStorage `subtitle-style:<profileId>`). */
export interface SubtitleStyle {
  /** Percent of the default size. */
  size: 75 | 100 | 150 | 200;
  color: 'white' | 'yellow' | 'cyan' | 'green';
  /** Opacity of the black background behind the text, 0–100. */
  backgroundOpacity: 0 | 25 | 50 | 75 | 100;
}

export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = { size: 100, color: 'white', backgroundOpacity: 75 };
