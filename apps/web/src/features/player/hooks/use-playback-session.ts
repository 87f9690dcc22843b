import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayFormat, PlayResponse } from '@antenne/contract';
import { useSessionStore } from '../../../state/session-store';
import { createEngine, loadShaka } from '../engine';
import type { LiveWindow } from '../live';
import { resumeSeconds } from '../playlist';
import {
  INITIAL_SESSION_STATE,
  PlaybackSession,
  type PrerollSource,
  type SessionObserver,
  type SessionState,
} from '../session/playback-session';

/** Builds an observer for one run of the session; `close` is called when the run ends. */
export type ObserverFactory = (run: ObservedRun) => SessionObserver & { close?(): void };

export interface ObservedRun {
  video: HTMLVideoElement;
  play: PlayResponse;
  /** The playhead's wall-clock instant (epoch ms) once the asset plays, null without a clock. */
  playheadDate(): number | null;
}

interface Options {
  video: HTMLVideoElement | null;
  /** The granted play response (usePlayCall); nothing runs before it. */
  play: PlayResponse | null;
  /** The route's resume point, seconds. */
  progress: number | undefined;
  preroll: PrerollSource;
  observers: ObserverFactory[];
}

/**
 * Wires a PlaybackSession to React: one run per <video> and play response, its state for the
 * overlay, the track choices. shaka's code is fetched from the start, while the play call is
 * under way. What the run's observers get is read from the latest render.
 */
export function usePlaybackSession({ video, play, progress, preroll, observers }: Options) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<SessionState>(INITIAL_SESSION_STATE);
  const session = useRef<PlaybackSession | undefined>(undefined);
  const latest = useRef({ t, language: i18n.language, progress, preroll, observers });
  useEffect(() => {
    latest.current = { t, language: i18n.language, progress, preroll, observers };
  });

  useEffect(() => {
    void loadShaka().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!video || !play) return;
    const playheadDate = () => session.current?.playheadDate() ?? null;
    const attached = latest.current.observers.map((create) => create({ video, play, playheadDate }));
    const run = new PlaybackSession({
      video,
      play,
      createEngine,
      preroll: latest.current.preroll,
      startTime: () =>
        resumeSeconds({
          signedIn: Boolean(useSessionStore.getState().token),
          progress: latest.current.progress,
          lastViewedOffsetMs: play.bookmarks?.lastViewedOffset,
          durationMs: play.durationInMs,
        }),
      trackLabels: () => ({
        uiLanguage: latest.current.language,
        describedLabel: (language) => latest.current.t('PLAYER.AUDIO_DESCRIPTION', { language }),
      }),
      onChange: (patch) => setState((current) => ({ ...current, ...patch })),
      observers: attached,
    });
    session.current = run;
    void run.start();
    return () => {
      run.destroy();
      attached.forEach((observer) => observer.close?.());
      session.current = undefined;
    };
  }, [video, play]);

  const selectTextTrack = useCallback((id: number | null) => session.current?.selectTextTrack(id), []);
  const selectAudioTrack = useCallback((id: number) => session.current?.selectAudioTrack(id), []);
  const content = useCallback((): PlayFormat | undefined => session.current?.content, []);
  const liveWindow = useCallback((): LiveWindow | undefined => session.current?.liveWindow(), []);

  return { state, selectTextTrack, selectAudioTrack, content, liveWindow };
}
