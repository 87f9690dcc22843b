import { useCallback, useEffect, useState } from 'react';
import type { PlayFormat, PlayResponse } from '@antenne/contract';
import { isChrome, loadCastSdk, showAirPlayPicker, startCasting, watchAirPlay } from '../remote-playback';

const mimeOf = (format: PlayFormat) =>
  format.format === 'DASH'
    ? 'application/dash+xml'
    : format.format === 'HLS'
      ? 'application/x-mpegurl'
      : 'video/mp4';

/**
 * Cast (Chrome only, the SDK fetched in the background) and AirPlay (Safari tells when a target is
 * around; the play response's contract may forbid it): whether each shows, and their actions.
 */
export function useRemoteTargets({
  video,
  play,
  content,
}: {
  video: HTMLVideoElement | null;
  play: PlayResponse | null;
  /** The asset's format once it plays. */
  content: () => PlayFormat | undefined;
}) {
  const [castAvailable, setCastAvailable] = useState(false);
  const [airplayAround, setAirplayAround] = useState(false);

  useEffect(() => {
    if (!isChrome(navigator.userAgent)) return;
    let live = true;
    void loadCastSdk().then((available) => live && setCastAvailable(available));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!video) return;
    return watchAirPlay(video, setAirplayAround);
  }, [video]);

  const cast = useCallback(() => {
    const format = content();
    if (format && video)
      void startCasting(format.mediaLocator, mimeOf(format), video.currentTime).catch(() => undefined);
  }, [content, video]);

  const airplay = useCallback(() => {
    if (video) showAirPlayPicker(video);
  }, [video]);

  return {
    castAvailable,
    airplayAvailable: airplayAround && play?.contractRestrictions?.airplayEnabled !== false,
    cast,
    airplay,
  };
}
