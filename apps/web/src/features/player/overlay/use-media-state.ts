import { useMemo, useSyncExternalStore } from 'react';

/** What the overlay shows of the media, read from the <video> the engine owns. */
export interface MediaSnapshot {
  /** Whole seconds: the timeline updates once per second (spec part 2 §9). */
  currentTime: number;
  /** Seconds; 0 until the metadata is known, and for live streams (no timeline then). */
  duration: number;
  paused: boolean;
  /** 0–100. */
  volume: number;
  muted: boolean;
}

const NO_MEDIA: MediaSnapshot = { currentTime: 0, duration: 0, paused: true, volume: 100, muted: false };

const MEDIA_EVENTS = [
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'emptied',
  'seeked',
  'play',
  'pause',
  'ended',
  'volumechange',
] as const;

function read(video: HTMLVideoElement): MediaSnapshot {
  return {
    currentTime: Number.isFinite(video.currentTime) ? Math.floor(video.currentTime) : 0,
    duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0,
    paused: video.paused,
    volume: Math.round(video.volume * 100),
    muted: video.muted,
  };
}

function same(a: MediaSnapshot, b: MediaSnapshot): boolean {
  return (
    a.currentTime === b.currentTime &&
    a.duration === b.duration &&
    a.paused === b.paused &&
    a.volume === b.volume &&
    a.muted === b.muted
  );
}

/** A store over one <video>: listens to its events and hands React a stable snapshot. */
function mediaStore(video: HTMLVideoElement | null) {
  let last = video ? read(video) : NO_MEDIA;
  return {
    subscribe(onChange: () => void): () => void {
      if (!video) return () => {};
      for (const type of MEDIA_EVENTS) video.addEventListener(type, onChange);
      return () => {
        for (const type of MEDIA_EVENTS) video.removeEventListener(type, onChange);
      };
    },
    getSnapshot(): MediaSnapshot {
      if (!video) return NO_MEDIA;
      const next = read(video);
      if (!same(next, last)) last = next;
      return last;
    },
  };
}

/** The media's time, play state and volume; the overlay renders from this and never owns the media. */
export function useMediaState(video: HTMLVideoElement | null): MediaSnapshot {
  const store = useMemo(() => mediaStore(video), [video]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
