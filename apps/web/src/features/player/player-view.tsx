import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerActions, PlayerState } from './controller';
import { PlayerOverlay } from './overlay/player-overlay';
import { isMobileUserAgent } from './remote-playback';
import styles from './player-page.module.css';

interface Props {
  state: PlayerState;
  /** What the <video> holds: 'bumper-brand', 'bumper-csa-12', 'ad', or the asset id. */
  loadedId: string | undefined;
  actions: PlayerActions;
  video: HTMLVideoElement | null;
  /** The page's <video>: the session plays in it. */
  videoRef: (video: HTMLVideoElement | null) => void;
  profileId: string | undefined;
}

/**
 * The player as it shows (the presentational half): the heading, the <video>, the overlay on
 * desktop (mobile user agents get the video's native controls) and the loading status.
 */
export function PlayerView({ state, loadedId, actions, video, videoRef, profileId }: Props) {
  const { t } = useTranslation();
  const mobile = useMemo(() => isMobileUserAgent(navigator.userAgent), []);
  const heading = state.title || t('PAGES.PLAYER');

  return (
    <section className={styles.page} aria-labelledby="player-heading">
      <title>{`${heading} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 id="player-heading" className="visually-hidden">
        {heading}
      </h1>
      <video
        ref={videoRef}
        className={styles.video}
        data-phase={state.phase}
        data-asset-id={loadedId}
        aria-label={heading}
        playsInline
        controls={mobile}
      />
      {!mobile && <PlayerOverlay video={video} state={state} actions={actions} profileId={profileId} />}
      <p role="status" className={state.phase === 'loading' ? styles.status : 'visually-hidden'}>
        {state.phase === 'loading' ? t('PLAYER.STATUS_LOADING') : ''}
      </p>
    </section>
  );
}
