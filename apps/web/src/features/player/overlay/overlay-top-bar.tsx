import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerActions, PlayerState } from '../controller';
import { AirPlayIcon, BackIcon, CastIcon } from './overlay-icons';
import styles from './player-overlay.module.css';

/**
 * The top bar: back, the title and episode line (live: the programme at the playhead, `onAir`),
 * the ad's "learn more", cast and AirPlay.
 */
export function OverlayTopBar({
  state,
  actions,
  onAir,
}: {
  state: PlayerState;
  actions: PlayerActions;
  onAir?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.bar} ${styles.top}`}>
      <button
        type="button"
        className={styles.button}
        aria-label={t('PLAYER.OVERLAY.BACK')}
        onClick={actions.back}
      >
        <BackIcon />
      </button>
      <div className={styles.titles}>
        {/* Not a heading: the player page holds the <h1> with this title. */}
        <p className={styles.title}>{state.title}</p>
        {state.subtitle && <p className={styles.subtitle}>{state.subtitle}</p>}
        {onAir}
      </div>
      {state.ad?.clickThrough && (
        <button type="button" className={styles.textButton} onClick={actions.adClick}>
          {t('PLAYER.OVERLAY.AD_LEARN_MORE')}
        </button>
      )}
      {state.castAvailable && (
        <button
          type="button"
          className={styles.button}
          aria-label={t('PLAYER.OVERLAY.CAST')}
          onClick={actions.cast}
        >
          <CastIcon />
        </button>
      )}
      {state.airplayAvailable && (
        <button
          type="button"
          className={styles.button}
          aria-label={t('PLAYER.OVERLAY.AIRPLAY')}
          onClick={actions.airplay}
        >
          <AirPlayIcon />
        </button>
      )}
    </div>
  );
}
