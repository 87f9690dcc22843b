/** Thrown (and swallowed by the session) when the session is destroyed while an item runs. */
export class Aborted extends Error {
  constructor() {
    super('aborted');
  }
}

/** Plays the loaded item to its end; rejects when `failure` does (an engine error) or the run is aborted. */
export function playToEnd(
  video: HTMLVideoElement,
  signal: AbortSignal,
  failure: Promise<never>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      video.removeEventListener('ended', ended);
      video.removeEventListener('error', failed);
      signal.removeEventListener('abort', aborted);
    };
    const ended = () => {
      cleanup();
      resolve();
    };
    const failed = (error: unknown) => {
      cleanup();
      reject(error instanceof Error ? error : new Error('media error'));
    };
    const aborted = () => {
      cleanup();
      reject(new Aborted());
    };
    if (signal.aborted) {
      reject(new Aborted());
      return;
    }
    video.addEventListener('ended', ended);
    video.addEventListener('error', failed);
    signal.addEventListener('abort', aborted);
    failure.catch(failed);
    // A browser that refuses autoplay leaves the item paused: the viewer presses play.
    void video.play()?.catch(() => undefined);
  });
}
