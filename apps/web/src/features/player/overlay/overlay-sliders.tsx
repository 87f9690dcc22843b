import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEEK_STEP_SECONDS } from '@antenne/contract';
import type { AdState } from '../controller';
import { formatTime } from './format-time';
import { seekTo, setVolume, toggleMute } from './media-commands';
import { VolumeIcon } from './overlay-icons';
import type { MediaSnapshot } from './use-media-state';
import styles from './player-overlay.module.css';

/**
 * The time line (elapsed, slider, total), or during an ad its remaining time (no seeking then).
 * Time runs left to right in every language, as in the major players.
 */
export function OverlayTimeline({
  video,
  media,
  ad,
  seekBy,
}: {
  video: HTMLVideoElement | null;
  media: MediaSnapshot;
  ad: AdState | undefined;
  seekBy(seconds: number): void;
}) {
  const { t } = useTranslation();
  if (ad) {
    return (
      <p className={styles.adLabel}>
        {t('PLAYER.OVERLAY.AD_REMAINING', { remaining: formatTime(ad.remainingSeconds) })}
      </p>
    );
  }
  const elapsed = formatTime(media.currentTime);
  const total = formatTime(media.duration);
  /** Arrows step by the seek step (a native range would step by one second). */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekBy(step * SEEK_STEP_SECONDS);
  };
  return (
    <div className={styles.timeline} dir="ltr">
      <span className={styles.time}>{elapsed}</span>
      <input
        type="range"
        className={styles.slider}
        min={0}
        max={media.duration}
        step={1}
        value={Math.min(media.currentTime, media.duration)}
        disabled={media.duration === 0}
        aria-label={t('PLAYER.OVERLAY.TIMELINE')}
        aria-valuetext={t('PLAYER.OVERLAY.TIME_OF', { elapsed, total })}
        style={
          {
            '--progress': `${media.duration ? (media.currentTime / media.duration) * 100 : 0}%`,
          } as CSSProperties
        }
        onChange={(event) => {
          if (video) seekTo(video, Number(event.currentTarget.value));
        }}
        onKeyDown={onKeyDown}
      />
      <span className={styles.time}>{total}</span>
    </div>
  );
}

/** Mute and the volume slider, 0–100. */
export function OverlayVolume({ video, media }: { video: HTMLVideoElement | null; media: MediaSnapshot }) {
  const { t } = useTranslation();
  const shownVolume = media.muted ? 0 : media.volume;
  return (
    <div className={styles.volume} dir="ltr">
      <button
        type="button"
        className={styles.button}
        aria-label={t('PLAYER.OVERLAY.MUTE')}
        aria-pressed={media.muted}
        onClick={() => {
          if (video) toggleMute(video);
        }}
      >
        <VolumeIcon muted={media.muted || media.volume === 0} />
      </button>
      <input
        type="range"
        className={styles.slider}
        min={0}
        max={100}
        step={1}
        value={shownVolume}
        aria-label={t('PLAYER.OVERLAY.VOLUME')}
        aria-valuetext={t('PLAYER.OVERLAY.VOLUME_VALUE', { volume: shownVolume })}
        style={{ '--progress': `${shownVolume}%` } as CSSProperties}
        onChange={(event) => {
          if (video) setVolume(video, Number(event.currentTarget.value));
        }}
      />
    </div>
  );
}
