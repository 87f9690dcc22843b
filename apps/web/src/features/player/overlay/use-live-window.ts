import { useMemo, useSyncExternalStore } from 'react';
import type { LiveWindow } from '../live';

/** A live window moves even while paused: read again this often. */
export const LIVE_TICK_MS = 1000;

/** The same window within a second (the origin jitters by milliseconds between reads). */
const same = (a: LiveWindow | undefined, b: LiveWindow | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    Math.floor(a.start) === Math.floor(b.start) &&
    Math.floor(a.end) === Math.floor(b.end) &&
    (a.originMs === null || b.originMs === null
      ? a.originMs === b.originMs
      : Math.abs(a.originMs - b.originMs) < 1000));

function liveWindowStore(read: (() => LiveWindow | undefined) | undefined, video: HTMLVideoElement | null) {
  let last: LiveWindow | undefined;
  return {
    subscribe(onChange: () => void): () => void {
      if (!read) return () => {};
      const timer = window.setInterval(onChange, LIVE_TICK_MS);
      video?.addEventListener('timeupdate', onChange);
      video?.addEventListener('seeked', onChange);
      return () => {
        window.clearInterval(timer);
        video?.removeEventListener('timeupdate', onChange);
        video?.removeEventListener('seeked', onChange);
      };
    },
    getSnapshot(): LiveWindow | undefined {
      const next = read?.();
      if (!same(next, last)) last = next;
      return last;
    },
  };
}

/**
 * The seekable window of a channel or a start-over and its wall clock, read from the engine every
 * LIVE_TICK_MS and on the video's time updates. `read` undefined (on-demand): nothing.
 */
export function useLiveWindow(
  read: (() => LiveWindow | undefined) | undefined,
  video: HTMLVideoElement | null,
): LiveWindow | undefined {
  const store = useMemo(() => liveWindowStore(read, video), [read, video]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
