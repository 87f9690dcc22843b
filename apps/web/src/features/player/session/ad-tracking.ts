import type { PrerollAd } from '../ad';

/**
 * Follows the pre-roll on the <video> while it plays (media notes §6): its duration and progress
 * to the VAST tracker, the impression on the first frame, pause and resume, and no seeking (the
 * playhead goes back to where it was). `onRemaining` gets the seconds left, rounded up.
 * Returns the end: the tracker's complete (played) or error 405 (failed), then the listeners go.
 */
export function followAd(
  ad: PrerollAd,
  media: HTMLVideoElement,
  onRemaining: (seconds: number) => void,
): (played: boolean | undefined) => void {
  let lastTime = 0;
  let impressed = false;
  const listeners: [string, () => void][] = [
    [
      'loadedmetadata',
      () => {
        if (Number.isFinite(media.duration)) ad.tracker.setDuration(media.duration);
      },
    ],
    [
      'timeupdate',
      () => {
        if (media.seeking) return;
        lastTime = media.currentTime;
        ad.tracker.setProgress(media.currentTime);
        onRemaining(
          Number.isFinite(media.duration) ? Math.max(0, Math.ceil(media.duration - media.currentTime)) : 0,
        );
      },
    ],
    [
      'playing',
      () => {
        if (impressed) return;
        impressed = true;
        ad.tracker.impression();
      },
    ],
    [
      'pause',
      () => {
        if (impressed && !media.ended) ad.tracker.setPaused(true);
      },
    ],
    [
      'play',
      () => {
        if (impressed) ad.tracker.setPaused(false);
      },
    ],
    [
      'seeking',
      () => {
        if (Math.abs(media.currentTime - lastTime) > 0.5) media.currentTime = lastTime;
      },
    ],
  ];
  for (const [type, listener] of listeners) media.addEventListener(type, listener);
  return (played) => {
    if (played === true) ad.tracker.complete();
    else if (played === false) ad.tracker.error();
    for (const [type, listener] of listeners) media.removeEventListener(type, listener);
  };
}
