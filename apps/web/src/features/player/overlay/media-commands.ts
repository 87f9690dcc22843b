import { clampVolume, readStoredVolume, storeVolume } from './volume-storage';

/**
 * What the overlay asks of the engine's <video>: play state, position and volume only (loading,
 * tracks and teardown stay with the engine). Plain functions, outside the component, as the
 * video element is a prop React must not see mutated during render.
 */

export function togglePlay(video: HTMLVideoElement): void {
  if (video.paused || video.ended) {
    // Refused (autoplay policy, source gone): the button simply stays on play.
    video.play().catch(() => {});
  } else {
    video.pause();
  }
}

/** Seeks to `time`, kept between 0 and the end (no metadata yet: 0). */
export function seekTo(video: HTMLVideoElement, time: number): void {
  const end = Number.isFinite(video.duration) ? video.duration : 0;
  video.currentTime = Math.min(Math.max(0, time), end);
}

/** Volume 0–100, remembered; 0 is muted, anything above unmutes. */
export function setVolume(video: HTMLVideoElement, volume: number): void {
  const next = clampVolume(volume);
  video.volume = next / 100;
  video.muted = next === 0;
  storeVolume({ volume: next, muted: video.muted });
}

/** The volume as heard: 0 when muted. */
export function audibleVolume(video: HTMLVideoElement): number {
  return video.muted ? 0 : Math.round(video.volume * 100);
}

export function toggleMute(video: HTMLVideoElement): void {
  const muted = !video.muted;
  // Unmuting at volume 0 would still be silent: come back at half volume.
  if (!muted && video.volume === 0) video.volume = 0.5;
  video.muted = muted;
  storeVolume({ volume: Math.round(video.volume * 100), muted });
}

/** The viewer's remembered volume, applied to a new video. */
export function restoreVolume(video: HTMLVideoElement): void {
  const stored = readStoredVolume();
  if (!stored) return;
  video.volume = stored.volume / 100;
  video.muted = stored.muted;
}

/** Seeks to `time`, kept within a live window (the engine's seek range). */
export function seekWithin(
  video: HTMLVideoElement,
  time: number,
  window: { start: number; end: number },
): void {
  video.currentTime = Math.min(Math.max(window.start, time), window.end);
}
