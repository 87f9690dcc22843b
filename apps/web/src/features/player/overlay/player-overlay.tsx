import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SEEK_STEP_SECONDS } from '@antenne/contract';
import type { PlayerActions, PlayerState } from '../controller';
import { formatTime } from './format-time';
import { audibleVolume, restoreVolume, seekTo, setVolume, toggleMute, togglePlay } from './media-commands';
import {
  AirPlayIcon,
  AudioIcon,
  BackIcon,
  CastIcon,
  FullscreenIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  SeekBackIcon,
  SeekForwardIcon,
  SubtitleStyleIcon,
  SubtitlesIcon,
  VolumeIcon,
} from './overlay-icons';
import { OverlayMenu } from './overlay-menu';
import { shortcutFor } from './shortcuts';
import { subtitleCueCss } from './subtitle-style';
import { SubtitleStyleDialog } from './subtitle-style-dialog';
import { useAutoHide } from './use-auto-hide';
import { useFullscreen } from './use-fullscreen';
import { useMediaState } from './use-media-state';
import { useSubtitleStyle } from './use-subtitle-style';
import styles from './player-overlay.module.css';

export interface PlayerOverlayProps {
  /** The engine's <video>; the overlay reads and drives it but never loads or destroys media. */
  video: HTMLVideoElement | null;
  state: PlayerState;
  actions: PlayerActions;
  /** Whose subtitle style to use (localStorage `subtitle-style:<profileId>`). */
  profileId?: string;
}

type OpenMenu = 'subtitles' | 'audio' | 'style' | null;

/** Volume keys (↑/↓) move by this many points of 0–100. */
const VOLUME_STEP = 10;

/**
 * Set on the player container: the block size of the bottom control bar while it shows, 0px when
 * hidden. The page lifts the subtitles by it (player-page.module.css), so the bar never covers them.
 */
export const CONTROLS_BLOCK_SIZE = '--player-controls-block-size';

/**
 * The desktop controls, a layer over the full-screen video. Render it as a sibling of the
 * <video> inside the player container (positioned, as the overlay covers it with inset: 0): that
 * container, this overlay's parent, is what goes full screen (so the controls stay over the video)
 * and what listens to the keyboard shortcuts.
 */
export function PlayerOverlay({ video, state, actions, profileId }: PlayerOverlayProps) {
  const { t } = useTranslation();
  const media = useMediaState(video);
  const root = useRef<HTMLDivElement>(null);
  const bottomBar = useRef<HTMLDivElement>(null);
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);
  const { visible, reveal, rootHandlers } = useAutoHide({ playing: !media.paused, menuOpen: openMenu !== null });
  const container = useCallback(() => root.current?.parentElement ?? video?.parentElement ?? null, [video]);
  const fullscreen = useFullscreen(container);
  const [subtitleStyle, setSubtitleStyle] = useSubtitleStyle(profileId);
  const cueScope = useId().replace(/[^\w-]/g, '');
  const lastTextTrack = useRef<number | null>(null);
  const closedMenuOnPress = useRef(false);
  const ad = state.ad;

  // The viewer's volume follows them from video to video.
  useEffect(() => {
    if (video) restoreVolume(video);
  }, [video]);

  // Marks this player's <video> so the injected ::cue rule styles its subtitles and no other video's.
  useEffect(() => {
    if (!video) return;
    video.setAttribute('data-cue-scope', cueScope);
    return () => video.removeAttribute('data-cue-scope');
  }, [video, cueScope]);

  useEffect(() => {
    if (state.activeTextTrackId !== null) lastTextTrack.current = state.activeTextTrackId;
  }, [state.activeTextTrackId]);

  // Subtitles rise above the bottom bar while it shows, and come back down when it hides.
  useEffect(() => {
    const target = container();
    const bar = bottomBar.current;
    if (!target || !bar) return;
    const apply = () => target.style.setProperty(CONTROLS_BLOCK_SIZE, visible ? `${bar.offsetHeight}px` : '0px');
    apply();
    const observer = visible && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(apply) : undefined;
    observer?.observe(bar);
    return () => observer?.disconnect();
  }, [visible, container]);

  // Keyboard shortcuts start working without a click first, unless the page has put focus elsewhere.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      root.current?.focus({ preventScroll: true });
    }
  }, []);

  const playPause = () => {
    if (video) togglePlay(video);
  };
  /** No seeking during an ad. */
  const seekBy = (seconds: number) => {
    if (video && !ad) seekTo(video, video.currentTime + seconds);
  };
  const mute = () => {
    if (video) toggleMute(video);
  };

  /** c: subtitles off, or back on with the last track used (else the first). */
  const toggleSubtitles = () => {
    if (state.activeTextTrackId !== null) {
      actions.selectTextTrack(null);
      return;
    }
    const track = state.textTracks.find((option) => option.id === lastTextTrack.current) ?? state.textTracks[0];
    if (track) actions.selectTextTrack(track.id);
  };

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    reveal();
    const shortcut = shortcutFor(event);
    if (shortcut === null) return;
    if (shortcut === 'close-menu') {
      if (openMenu === null) return;
      setOpenMenu(null);
    } else if (shortcut === 'toggle-play') playPause();
    else if (shortcut === 'seek-back' || shortcut === 'seek-forward') {
      if (ad) return;
      seekBy(shortcut === 'seek-back' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
    } else if (shortcut === 'volume-up' || shortcut === 'volume-down') {
      if (!video) return;
      setVolume(video, audibleVolume(video) + (shortcut === 'volume-up' ? VOLUME_STEP : -VOLUME_STEP));
    } else if (shortcut === 'toggle-mute') mute();
    else if (shortcut === 'toggle-fullscreen') fullscreen.toggle();
    else toggleSubtitles();
    event.preventDefault();
  });

  useEffect(() => {
    const target = container();
    if (!target) return;
    const listener = (event: KeyboardEvent) => onShortcut(event);
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [container]);

  /** The time slider: arrows step by the seek step (a native range would step by one second). */
  const onTimelineKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekBy(step * SEEK_STEP_SECONDS);
  };

  /** A click on the video itself plays or pauses, as in every player; not the click that closed a menu. */
  const onSurfaceClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (closedMenuOnPress.current) closedMenuOnPress.current = false;
    else playPause();
  };

  const elapsed = formatTime(media.currentTime);
  const total = formatTime(media.duration);
  const shownVolume = media.muted ? 0 : media.volume;
  const textTrackOptions = [
    { key: 'none', label: t('PLAYER.OVERLAY.SUBTITLES_NONE'), checked: state.activeTextTrackId === null },
    ...state.textTracks.map((track) => ({
      key: String(track.id),
      label: track.label,
      checked: track.id === state.activeTextTrackId,
    })),
  ];
  const audioOptions = state.audioTracks.map((track) => ({
    key: String(track.id),
    label: track.label,
    checked: track.id === state.activeAudioTrackId,
  }));
  const menuProps = (menu: Exclude<OpenMenu, null>) => ({
    open: openMenu === menu,
    onOpenChange: (open: boolean) => setOpenMenu((current) => (open ? menu : current === menu ? null : current)),
  });

  return (
    <div
      ref={root}
      className={visible ? styles.root : `${styles.root} ${styles.hidden}`}
      data-visible={visible}
      role="region"
      aria-label={t('PLAYER.OVERLAY.REGION')}
      tabIndex={-1}
      onClick={onSurfaceClick}
      onPointerDown={() => {
        closedMenuOnPress.current = openMenu !== null;
      }}
      {...rootHandlers}
    >
      <style>{subtitleCueCss(`video[data-cue-scope="${cueScope}"]`, subtitleStyle)}</style>

      <div className={`${styles.bar} ${styles.top}`}>
        <button type="button" className={styles.button} aria-label={t('PLAYER.OVERLAY.BACK')} onClick={actions.back}>
          <BackIcon />
        </button>
        <div className={styles.titles}>
          {/* Not a heading: the player page holds the <h1> with this title. */}
          <p className={styles.title}>{state.title}</p>
          {state.subtitle && <p className={styles.subtitle}>{state.subtitle}</p>}
        </div>
        {ad?.clickThrough && (
          <button type="button" className={styles.textButton} onClick={actions.adClick}>
            {t('PLAYER.OVERLAY.AD_LEARN_MORE')}
          </button>
        )}
        {state.castAvailable && (
          <button type="button" className={styles.button} aria-label={t('PLAYER.OVERLAY.CAST')} onClick={actions.cast}>
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

      <div role="status" className={styles.status}>
        {state.waiting && (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            <span className="visually-hidden">{t('PLAYER.OVERLAY.LOADING')}</span>
          </>
        )}
      </div>

      <div ref={bottomBar} className={`${styles.bar} ${styles.bottom}`}>
        {ad ? (
          <p className={styles.adLabel}>
            {t('PLAYER.OVERLAY.AD_REMAINING', { remaining: formatTime(ad.remainingSeconds) })}
          </p>
        ) : (
          // Time runs left to right in every language, as in the major players.
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
              style={{ '--progress': `${media.duration ? (media.currentTime / media.duration) * 100 : 0}%` } as CSSProperties}
              onChange={(event) => {
                if (video) seekTo(video, Number(event.currentTarget.value));
              }}
              onKeyDown={onTimelineKeyDown}
            />
            <span className={styles.time}>{total}</span>
          </div>
        )}

        <div className={styles.controls}>
          <div className={styles.group}>
            <button
              type="button"
              className={styles.button}
              aria-label={t(media.paused ? 'PLAYER.OVERLAY.PLAY' : 'PLAYER.OVERLAY.PAUSE')}
              onClick={playPause}
            >
              {media.paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            {!ad && (
              <>
                <button
                  type="button"
                  className={styles.button}
                  aria-label={t('PLAYER.OVERLAY.SEEK_BACK', { seconds: SEEK_STEP_SECONDS })}
                  onClick={() => seekBy(-SEEK_STEP_SECONDS)}
                >
                  <SeekBackIcon />
                </button>
                <button
                  type="button"
                  className={styles.button}
                  aria-label={t('PLAYER.OVERLAY.SEEK_FORWARD', { seconds: SEEK_STEP_SECONDS })}
                  onClick={() => seekBy(SEEK_STEP_SECONDS)}
                >
                  <SeekForwardIcon />
                </button>
              </>
            )}
            <div className={styles.volume} dir="ltr">
              <button
                type="button"
                className={styles.button}
                aria-label={t('PLAYER.OVERLAY.MUTE')}
                aria-pressed={media.muted}
                onClick={mute}
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
          </div>

          <div className={styles.group}>
            {state.hasNext && !ad && (
              <button
                type="button"
                className={styles.button}
                aria-label={t('PLAYER.OVERLAY.NEXT_EPISODE')}
                onClick={actions.nextEpisode}
              >
                <NextIcon />
              </button>
            )}
            {state.textTracks.length > 0 && (
              <>
                <OverlayMenu
                  label={t('PLAYER.OVERLAY.SUBTITLES')}
                  icon={<SubtitlesIcon />}
                  options={textTrackOptions}
                  onSelect={(key) => actions.selectTextTrack(key === 'none' ? null : Number(key))}
                  {...menuProps('subtitles')}
                />
                <SubtitleStyleDialog
                  icon={<SubtitleStyleIcon />}
                  value={subtitleStyle}
                  onChange={setSubtitleStyle}
                  {...menuProps('style')}
                />
              </>
            )}
            {state.audioTracks.length > 1 && (
              <OverlayMenu
                label={t('PLAYER.OVERLAY.AUDIO')}
                icon={<AudioIcon />}
                options={audioOptions}
                onSelect={(key) => actions.selectAudioTrack(Number(key))}
                {...menuProps('audio')}
              />
            )}
            <button
              type="button"
              className={styles.button}
              aria-label={t(fullscreen.active ? 'PLAYER.OVERLAY.EXIT_FULLSCREEN' : 'PLAYER.OVERLAY.FULLSCREEN')}
              onClick={fullscreen.toggle}
            >
              <FullscreenIcon active={fullscreen.active} />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
