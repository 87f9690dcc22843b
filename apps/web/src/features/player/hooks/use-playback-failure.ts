import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { escapeHtml } from '../../../lib/html';
import type { PlayerPopup } from './use-player-popup';

/**
 * A player or network error (spec part 2 §8): the playback pauses, the network popup, then the
 * player is left. Once per playback; nothing after the player has gone.
 */
export function usePlaybackFailure({
  video,
  popup,
  leave,
}: {
  video: HTMLVideoElement | null;
  popup: PlayerPopup;
  leave: () => void;
}): (error: unknown) => void {
  const { t } = useTranslation();
  const latest = useRef({ t, video, leave });
  const failed = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    latest.current = { t, video, leave };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return useCallback(
    (_error: unknown) => {
      if (failed.current || !mounted.current) return;
      failed.current = true;
      const { t, video } = latest.current;
      video?.pause();
      void popup({
        title: t('ERROR.ERROR_NETWORK_TITLE'),
        html: `<p>${escapeHtml(t('ERROR.NETWORK'))}</p>`,
        validateLabel: t('PLAYER.OK'),
      }).then(() => {
        if (mounted.current) latest.current.leave();
      });
    },
    [popup],
  );
}
