import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEEK_STEP_SECONDS } from '@antenne/contract';
import type { PlayerActions, PlayerState } from '../controller';
import {
  audibleVolume,
  restoreVolume,
  seekTo,
  seekWithin,
  setVolume,
  toggleMute,
  togglePlay,
} from './media-commands';
import {
  FullscreenIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  SeekBackIcon,
  SeekForwardIcon,
} from './overlay-icons';
import { LiveEdgeControl, LiveTimeline, OnAirLine, programmeAtPlayhead } from './overlay-live';
import { OverlayTimeline, OverlayVolume } from './overlay-sliders';
import { OverlayTopBar } from './overlay-top-bar';
import { subtitleCueCss } from './subtitle-style';
import { TrackMenus, type OpenMenu } from './track-menus';
import { useAutoHide } from './use-auto-hide';
import { useFullscreen } from './use-fullscreen';
import { useLiveWindow } from './use-live-window';
import { useMediaState } from './use-media-state';
import { usePlayerShortcuts } from './use-player-shortcuts';
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
 * container, this overlay's parent, is what goes full screen (so the controls stay over the video),
 * what listens to the keyboard shortcuts and where the menus open.
 */
export function PlayerOverlay({ video, state, actions, profileId }: PlayerOverlayProps) {
  const { t } = useTranslation();
  const media = useMediaState(video);
  const root = useRef<HTMLDivElement | null>(null);
  const [portal, setPortal] = useState<Element | undefined>(undefined);
  const bottomBar = useRef<HTMLDivElement>(null);
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);
  const { visible, reveal, rootHandlers } = useAutoHide({
    playing: !media.paused,
    menuOpen: openMenu !== null,
  });
  const container = useCallback(() => root.current?.parentElement ?? video?.parentElement ?? null, [video]);
  const fullscreen = useFullscreen(container);
  const [subtitleStyle, setSubtitleStyle] = useSubtitleStyle(profileId);
  const cueScope = useId().replace(/[^\w-]/g, '');
  const lastTextTrack = useRef<number | null>(null);
  const closedMenuOnPress = useRef(false);
  const ad = state.ad;
  const live = state.live;
  const liveWindow = useLiveWindow(live ? actions.liveWindow : undefined, video);
  const onAir = live ? programmeAtPlayhead(live, liveWindow, media.currentTime) : undefined;

  const setRoot = useCallback((element: HTMLDivElement | null) => {
    root.current = element;
    setPortal(element?.parentElement ?? undefined);
  }, []);

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
    const apply = () =>
      target.style.setProperty(CONTROLS_BLOCK_SIZE, visible ? `${bar.offsetHeight}px` : '0px');
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
  /** No seeking during an ad; live, within the window. */
  const seekBy = (seconds: number) => {
    if (!video || ad) return;
    if (live) {
      if (liveWindow) seekWithin(video, video.currentTime + seconds, liveWindow);
    } else seekTo(video, video.currentTime + seconds);
  };

  /** c: subtitles off, or back on with the last track used (else the first). */
  const toggleSubtitles = () => {
    if (state.activeTextTrackId !== null) {
      actions.selectTextTrack(null);
      return;
    }
    const track =
      state.textTracks.find((option) => option.id === lastTextTrack.current) ?? state.textTracks[0];
    if (track) actions.selectTextTrack(track.id);
  };

  usePlayerShortcuts(container, reveal, (shortcut) => {
    if (shortcut === 'close-menu') {
      if (openMenu === null) return false;
      setOpenMenu(null);
    } else if (shortcut === 'toggle-play') playPause();
    else if (shortcut === 'seek-back' || shortcut === 'seek-forward') {
      if (ad) return false;
      seekBy(shortcut === 'seek-back' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
    } else if (shortcut === 'volume-up' || shortcut === 'volume-down') {
      if (!video) return false;
      setVolume(video, audibleVolume(video) + (shortcut === 'volume-up' ? VOLUME_STEP : -VOLUME_STEP));
    } else if (shortcut === 'toggle-mute') {
      if (video) toggleMute(video);
    } else if (shortcut === 'toggle-fullscreen') fullscreen.toggle();
    else toggleSubtitles();
  });

  /** A click on the video itself plays or pauses, as in every player; not the click that closed a menu. */
  const onSurfaceClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (closedMenuOnPress.current) closedMenuOnPress.current = false;
    else playPause();
  };

  return (
    <div
      ref={setRoot}
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

      <OverlayTopBar
        state={state}
        actions={actions}
        onAir={onAir ? <OnAirLine programme={onAir.programme} /> : undefined}
      />

      <div role="status" className={styles.status}>
        {state.waiting && (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            <span className="visually-hidden">{t('PLAYER.OVERLAY.LOADING')}</span>
          </>
        )}
      </div>

      <div ref={bottomBar} className={`${styles.bar} ${styles.bottom}`}>
        {live && !ad ? (
          <LiveTimeline
            video={video}
            window={liveWindow}
            currentTime={media.currentTime}
            span={onAir?.span}
            seekBy={seekBy}
          />
        ) : (
          <OverlayTimeline video={video} media={media} ad={ad} seekBy={seekBy} />
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
            <OverlayVolume video={video} media={media} />
            {live && !ad && (
              <LiveEdgeControl video={video} window={liveWindow} currentTime={media.currentTime} />
            )}
          </div>

          <div className={styles.group}>
            {state.hasNext && !ad && !live && (
              <button
                type="button"
                className={styles.button}
                aria-label={t('PLAYER.OVERLAY.NEXT_EPISODE')}
                onClick={actions.nextEpisode}
              >
                <NextIcon />
              </button>
            )}
            <TrackMenus
              state={state}
              actions={actions}
              openMenu={openMenu}
              setOpenMenu={setOpenMenu}
              subtitleStyle={subtitleStyle}
              setSubtitleStyle={setSubtitleStyle}
              portal={portal}
            />
            <button
              type="button"
              className={styles.button}
              aria-label={t(
                fullscreen.active ? 'PLAYER.OVERLAY.EXIT_FULLSCREEN' : 'PLAYER.OVERLAY.FULLSCREEN',
              )}
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
