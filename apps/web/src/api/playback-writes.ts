/**
 * The player's eventsink posts still on their way. Play history read right after leaving the
 * player (the details page's resume point, continue watching) waits for them, so that it reads
 * the position the viewer left at rather than the one before (read your own writes); never
 * longer than PLAYBACK_WRITES_WAIT_MS, after which it reads what the server has.
 */
export const PLAYBACK_WRITES_WAIT_MS = 3000;

const inFlight = new Set<Promise<unknown>>();

/** Counts `write` among the posts in flight until it settles; answers it. */
export function trackPlaybackWrite<T>(write: Promise<T>): Promise<T> {
  inFlight.add(write);
  const settled = () => inFlight.delete(write);
  write.then(settled, settled);
  return write;
}

/** Resolves when every post in flight has settled (answered or failed), or after `timeoutMs`. */
export function playbackWritesSettled(timeoutMs = PLAYBACK_WRITES_WAIT_MS): Promise<void> {
  if (inFlight.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.allSettled([...inFlight]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
