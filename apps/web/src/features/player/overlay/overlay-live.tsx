import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEEK_STEP_SECONDS } from '@antenne/contract';
import type { LiveState } from '../controller';
import {
  atLiveEdge,
  programmeAt,
  timeAtWallClock,
  wallClockAt,
  type LiveProgramme,
  type LiveWindow,
} from '../live';
import { formatTime, formatWallClock } from './format-time';
import { seekWithin } from './media-commands';
import styles from './player-overlay.module.css';

/**
 * The overlay's live mode (ADR 0025): the time line over the seekable window with wall-clock
 * times and the programme's span, the live badge or the way back to live, and the programme at
 * the playhead.
 */

/** The programme at the playhead: the EPG's, else the played programme's span (untitled). */
export function programmeAtPlayhead(
  live: LiveState,
  window: LiveWindow | undefined,
  currentTime: number,
): { programme?: LiveProgramme; span?: { startMs: number; endMs?: number } } {
  const at = window ? wallClockAt(window, currentTime) : null;
  const programme = at === null ? undefined : programmeAt(live.programmes, at);
  if (live.kind === 'startover' && live.span) {
    // A start-over shows its own programme's span until the playhead leaves it.
    const { startMs, endMs } = live.span;
    if (at === null || (at >= startMs && (endMs === undefined || at < endMs)))
      return { ...(programme ? { programme } : {}), span: live.span };
  }
  return programme ? { programme, span: programme } : live.span ? { span: live.span } : {};
}

/** A share of the window, 0–100 %. */
const percentOf = (window: LiveWindow, time: number) => {
  const length = window.end - window.start;
  return length > 0 ? Math.min(100, Math.max(0, ((time - window.start) / length) * 100)) : 0;
};

export function LiveTimeline({
  video,
  window,
  currentTime,
  span,
  seekBy,
}: {
  video: HTMLVideoElement | null;
  window: LiveWindow | undefined;
  currentTime: number;
  span: { startMs: number; endMs?: number } | undefined;
  seekBy(seconds: number): void;
}) {
  const { t, i18n } = useTranslation();
  const range = window ?? { start: 0, end: 0, originMs: null };
  const position = Math.min(Math.max(currentTime, range.start), range.end);
  const clock = (time: number) => {
    const ms = wallClockAt(range, time);
    return ms === null ? formatTime(time) : formatWallClock(ms, i18n.language);
  };
  const now = clock(position);
  const edge = clock(range.end);
  const live = window !== undefined && atLiveEdge(position, range);
  const spanStart = span ? timeAtWallClock(range, span.startMs) : null;
  const spanEnd = span?.endMs === undefined ? range.end : timeAtWallClock(range, span.endMs);
  const left = spanStart === null ? null : percentOf(range, spanStart);
  const right = spanEnd === null ? null : percentOf(range, spanEnd);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekBy(step * SEEK_STEP_SECONDS);
  };
  return (
    <div className={styles.timeline} dir="ltr">
      <span className={styles.time}>{now}</span>
      <div className={styles.track}>
        {left !== null && right !== null && right > left && (
          <span
            className={styles.programmeSpan}
            data-programme-span=""
            aria-hidden="true"
            style={{ left: `${left}%`, width: `${right - left}%` }}
          />
        )}
        <input
          type="range"
          className={styles.slider}
          min={Math.floor(range.start)}
          max={Math.ceil(range.end)}
          step={1}
          value={Math.floor(position)}
          disabled={window === undefined || range.end <= range.start}
          aria-label={t('PLAYER.OVERLAY.TIMELINE')}
          aria-valuetext={
            live
              ? t('PLAYER.OVERLAY.LIVE_TIME_AT_EDGE', { time: now })
              : t('PLAYER.OVERLAY.LIVE_TIME_BEHIND', { time: now, edge })
          }
          style={{ '--progress': `${percentOf(range, position)}%` } as CSSProperties}
          onChange={(event) => {
            if (video) seekWithin(video, Number(event.currentTarget.value), range);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <span className={styles.time}>{edge}</span>
    </div>
  );
}

/** At the live edge, the badge; behind it, the button that jumps to the edge. */
export function LiveEdgeControl({
  video,
  window,
  currentTime,
}: {
  video: HTMLVideoElement | null;
  window: LiveWindow | undefined;
  currentTime: number;
}) {
  const { t } = useTranslation();
  if (!window) return null;
  if (atLiveEdge(currentTime, window)) {
    return (
      <span className={styles.liveBadge} data-live-badge="">
        {t('PLAYER.OVERLAY.LIVE')}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={styles.textButton}
      onClick={() => {
        if (video) seekWithin(video, window.end, window);
        void video?.play()?.catch(() => undefined);
      }}
    >
      {t('PLAYER.OVERLAY.GO_LIVE')}
    </button>
  );
}

/** The programme at the playhead: "Le Journal · 20:00–20:30". */
export function OnAirLine({ programme }: { programme: LiveProgramme | undefined }) {
  const { t, i18n } = useTranslation();
  if (!programme) return null;
  return (
    <p className={styles.subtitle} data-on-air="">
      {t('PLAYER.OVERLAY.ON_AIR', {
        title: programme.title,
        start: formatWallClock(programme.startMs, i18n.language),
        end: formatWallClock(programme.endMs, i18n.language),
      })}
    </p>
  );
}
