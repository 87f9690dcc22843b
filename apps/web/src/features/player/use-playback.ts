import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HEARTBEAT_CHECK_MS,
  HEARTBEAT_EVENT_MS,
  PROGRESS_MILESTONES,
  type PlayFormat,
  type PlayResponse,
} from '@antenne/contract';
import { isApiError, isSessionRejection } from '../../api/client';
import { EventReporter, getNextAsset, requestPlay } from '../../api/playback';
import { useStartup } from '../../api/use-startup';
import { usePopup, usePopupStore, type PopupOptions } from '../../components/modal';
import { analytics } from '../../lib/analytics/analytics';
import { hasConsent } from '../../lib/analytics/consent';
import { escapeHtml } from '../../lib/html';
import { rememberReturnTo } from '../../lib/return-to';
import { useNavigate } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import { fetchPreroll, type PrerollAd } from './ad';
import type { PlayerActions, PlayerState } from './controller';
import { createEngine, loadShaka, type Engine } from './engine';
import { bumpersOf, milestonesReached, pickFormat, resumeSeconds, vastUrlOf } from './playlist';
import { isChrome, loadCastSdk, showAirPlayPicker, startCasting, watchAirPlay } from './remote-playback';
import { audioTrackOptions, textTrackOptions } from './tracks';

/**
 * The player's engine (spec part 2 §4, §9): the play call and its errors (login, entitlement,
 * parental PIN), the playlist (brand bumper → classification bumper → VAST pre-roll → the asset,
 * one shaka Player, one `load()` per item), the eventsink events and the progress analytics, the
 * end of the asset (next episode or back), and the tracks, cast and AirPlay the overlay shows.
 */

/** Play call errors with their own message (PLAYER.ERRORS.<code>); other 403s get the generic one. */
const PLAY_ERRORS_WITH_MESSAGE = new Set(['NOT_ENTITLED', 'GEO_BLOCKED', 'NOT_PUBLISHED', 'LICENSE_EXPIRED', 'NOT_AVAILABLE_IN_FORMAT']);

/** The state the hook owns (the page adds the title and the episode line). */
export type PlaybackState = Omit<PlayerState, 'title' | 'subtitle'> & {
  /** What the <video> holds: 'bumper-brand', 'bumper-csa-12', 'ad', or the asset id. */
  loadedId?: string;
};

const INITIAL_STATE: PlaybackState = {
  phase: 'loading',
  waiting: true,
  textTracks: [],
  activeTextTrackId: null,
  audioTracks: [],
  activeAudioTrackId: null,
  hasNext: false,
  castAvailable: false,
  airplayAvailable: false,
};

class Aborted extends Error {
  constructor() {
    super('aborted');
  }
}

/** Plays the loaded item to its end; rejects when `failure` does (an engine error) or the run is aborted. */
function playToEnd(video: HTMLVideoElement, signal: AbortSignal, failure: Promise<never>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      video.removeEventListener('ended', ended);
      video.removeEventListener('error', failed);
      signal.removeEventListener('abort', aborted);
    };
    const ended = () => {
      cleanup();
      resolve();
    };
    const failed = (error: unknown) => {
      cleanup();
      reject(error instanceof Error ? error : new Error('media error'));
    };
    const aborted = () => {
      cleanup();
      reject(new Aborted());
    };
    video.addEventListener('ended', ended);
    video.addEventListener('error', failed);
    signal.addEventListener('abort', aborted);
    failure.catch(failed);
    // A browser that refuses autoplay leaves the item paused: the viewer presses play.
    void video.play()?.catch(() => undefined);
  });
}

const mimeOf = (format: PlayFormat) =>
  format.format === 'DASH' ? 'application/dash+xml' : format.format === 'HLS' ? 'application/x-mpegurl' : 'video/mp4';

export interface UsePlaybackOptions {
  video: HTMLVideoElement | null;
  /** The asset id, without a `redbee:` prefix. */
  assetId: string;
  /** The route's resume point, seconds. */
  progress: number | undefined;
  /** The asset is an episode: the next one is looked up for the button. */
  isEpisode: boolean;
}

export function usePlayback({ video, assetId, progress, isEpisode }: UsePlaybackOptions): {
  state: PlaybackState;
  actions: PlayerActions;
} {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const navigate = useNavigate();
  const { open } = usePopup();
  const [state, setState] = useState<PlaybackState>(INITIAL_STATE);
  const update = useCallback((patch: Partial<PlaybackState>) => setState((current) => ({ ...current, ...patch })), []);

  const engineRef = useRef<Engine | undefined>(undefined);
  const adRef = useRef<PrerollAd | undefined>(undefined);
  const contentRef = useRef<PlayFormat | undefined>(undefined);
  const nextIdRef = useRef<string | undefined>(undefined);
  const airplayAllowedRef = useRef(true);

  // The effect below runs once per asset; what it calls later reads the latest of these.
  const latest = useRef({ t, language: i18n.language, navigate, open, progress, isEpisode });
  useEffect(() => {
    latest.current = { t, language: i18n.language, navigate, open, progress, isEpisode };
  });

  const back = useCallback(() => {
    // The player was opened from a page of the app: go back to it; a direct visit goes home.
    if (window.history.length > 1) latest.current.navigate(-1);
    else latest.current.navigate('/', { replace: true });
  }, []);

  // The next episode, for the button (spec: the asset's end asks again).
  // The page mounts this hook once per asset (keyed), so there is nothing to reset here.
  useEffect(() => {
    if (!isEpisode) return;
    const controller = new AbortController();
    getNextAsset(config, assetId, { signal: controller.signal }).then(
      (next) => {
        nextIdRef.current = next?.assetId;
        update({ hasNext: Boolean(next) });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [config, assetId, isEpisode, update]);

  // Cast: Chrome only, the SDK fetched in the background.
  useEffect(() => {
    if (!isChrome(navigator.userAgent)) return;
    let live = true;
    void loadCastSdk().then((available) => live && update({ castAvailable: available }));
    return () => {
      live = false;
    };
  }, [update]);

  // AirPlay: Safari tells when a target is around.
  useEffect(() => {
    if (!video) return;
    return watchAirPlay(video, (available) => update({ airplayAvailable: available && airplayAllowedRef.current }));
  }, [video, update]);

  useEffect(() => {
    if (!video) return;
    const run = new AbortController();
    const { signal } = run;
    const cleanups: (() => void)[] = [];
    const listen = (target: EventTarget, type: string, listener: (event: Event) => void) => {
      target.addEventListener(type, listener);
      const remove = () => target.removeEventListener(type, listener);
      cleanups.push(remove);
      return remove;
    };
    let engine: Engine | undefined;
    let reporter: EventReporter | undefined;
    let contentStarted = false;
    let finished = false;
    let abortedSent = false;
    let failedOnce = false;
    let popupOpen = false;
    /** While a bumper or the ad plays, an engine error skips that item instead of failing the playback. */
    let itemFail: ((error: unknown) => void) | undefined;

    const offsetMs = () => video.currentTime * 1000;

    async function popup(options: PopupOptions) {
      popupOpen = true;
      try {
        return await latest.current.open(options);
      } finally {
        popupOpen = false;
      }
    }

    const ok = () => latest.current.t('PLAYER.OK');

    /** A player or network error: the popup, then back (spec part 2 §8). */
    async function failNetwork(error: unknown) {
      if (failedOnce || signal.aborted) return;
      failedOnce = true;
      const detail = error as { code?: unknown; message?: unknown };
      reporter?.add('Playback.Error', {
        OffsetTime: contentStarted ? offsetMs() : undefined,
        Code: typeof detail?.code === 'number' ? detail.code : undefined,
        Message: typeof detail?.message === 'string' ? detail.message : 'error',
      });
      void reporter?.flush();
      video?.pause();
      const { t } = latest.current;
      await popup({ title: t('ERROR.ERROR_NETWORK_TITLE'), html: `<p>${escapeHtml(t('ERROR.NETWORK'))}</p>`, validateLabel: ok() });
      if (!signal.aborted) back();
    }

    async function askPin(token: string | null): Promise<PlayResponse | null> {
      const { t } = latest.current;
      let granted: PlayResponse | undefined;
      let otherError: unknown;
      const answer = await popup({
        title: t('PLAYER.PIN.TITLE'),
        html: `<p>${escapeHtml(t('PLAYER.PIN.MESSAGE'))}</p>`,
        code: { label: t('PLAYER.PIN.LABEL'), masked: true },
        cancel: true,
        check: async (code) => {
          if (!code || !/^\d{4}$/.test(code)) return t('popUp.invalidCode');
          try {
            granted = await requestPlay(config, assetId, { token, pin: code, signal });
            return null;
          } catch (error) {
            if (isApiError(error) && (error.message === 'INVALID_PIN_CODE' || error.message === 'PARENTAL_PIN_REQUIRED')) {
              return t('popUp.invalidCode');
            }
            // Any other answer closes the PIN popup and is handled as the play call's error.
            otherError = error;
            return null;
          }
        },
      });
      if (signal.aborted) return null;
      if (!answer.validated) {
        back();
        return null;
      }
      return granted ?? handlePlayError(otherError, token);
    }

    async function handlePlayError(error: unknown, token: string | null): Promise<PlayResponse | null> {
      if (signal.aborted) return null;
      const { t } = latest.current;
      if (isApiError(error) && error.httpCode === 401) {
        // A session the server no longer accepts: the app shell offers to sign in again (and back here).
        if (token !== null && isSessionRejection(error)) return null;
        await popup({ title: t('PLAYER.POPUP_LOGIN_TO_WATCH'), validateLabel: ok() });
        if (signal.aborted) return null;
        rememberReturnTo(`${window.location.pathname}${window.location.search}`);
        latest.current.navigate('/login', { replace: true });
        return null;
      }
      if (isApiError(error) && error.message === 'PARENTAL_PIN_REQUIRED') return askPin(token);
      if (isApiError(error) && error.httpCode === 403) {
        const code = PLAY_ERRORS_WITH_MESSAGE.has(error.message) ? error.message : 'GENERIC';
        const key = code as 'GENERIC';
        await popup({
          title: t(`PLAYER.ERRORS.${key}.TITLE`),
          html: `<p>${escapeHtml(t(`PLAYER.ERRORS.${key}.MESSAGE`))}</p>`,
          validateLabel: ok(),
        });
        if (!signal.aborted) back();
        return null;
      }
      await failNetwork(error);
      return null;
    }

    async function obtainPlay(): Promise<PlayResponse | null> {
      const token = useSessionStore.getState().token;
      try {
        return await requestPlay(config, assetId, { token, signal });
      } catch (error) {
        return handlePlayError(error, token);
      }
    }

    function refreshTracks() {
      if (!engine || !contentStarted) return;
      const { t, language } = latest.current;
      const text = engine.textTracks();
      const audio = engine.audioTracks();
      update({
        textTracks: textTrackOptions(text, language),
        activeTextTrackId: text.find((track) => track.active)?.id ?? null,
        audioTracks: audioTrackOptions(audio, language, (name) => t('PLAYER.AUDIO_DESCRIPTION', { language: name })),
        activeAudioTrackId: audio.find((track) => track.active)?.id ?? null,
      });
    }

    /** Plays one bumper or the ad; a failure skips it (the asset matters, not the bumper). */
    async function playItem(load: () => Promise<void>): Promise<boolean> {
      update({ waiting: true });
      let rejectItem: (error: unknown) => void = () => undefined;
      const failure = new Promise<never>((_, reject) => (rejectItem = reject));
      failure.catch(() => undefined);
      itemFail = rejectItem;
      try {
        await Promise.race([load(), failure]);
        if (signal.aborted) throw new Aborted();
        await playToEnd(video as HTMLVideoElement, signal, failure);
        return true;
      } catch (error) {
        if (signal.aborted || error instanceof Aborted) throw new Aborted();
        return false;
      } finally {
        itemFail = undefined;
      }
    }

    async function playAd(ad: PrerollAd, media: HTMLVideoElement) {
      adRef.current = ad;
      update({ phase: 'ad', loadedId: 'ad', ad: { remainingSeconds: 0, clickThrough: ad.clickThrough } });
      reporter?.add('Playback.AdStarted', { MediaLocator: ad.mediaUrl });
      let lastTime = 0;
      let impressed = false;
      const removers = [
        listen(media, 'loadedmetadata', () => {
          if (Number.isFinite(media.duration)) ad.tracker.setDuration(media.duration);
        }),
        listen(media, 'timeupdate', () => {
          if (media.seeking) return;
          lastTime = media.currentTime;
          ad.tracker.setProgress(media.currentTime);
          const remaining = Number.isFinite(media.duration) ? Math.max(0, Math.ceil(media.duration - media.currentTime)) : 0;
          update({ ad: { remainingSeconds: remaining, clickThrough: ad.clickThrough } });
        }),
        listen(media, 'playing', () => {
          if (impressed) return;
          impressed = true;
          ad.tracker.impression();
        }),
        listen(media, 'pause', () => {
          if (impressed && !media.ended) ad.tracker.setPaused(true);
        }),
        listen(media, 'play', () => {
          if (impressed) ad.tracker.setPaused(false);
        }),
        // No seeking in an ad: the playhead goes back to where it was.
        listen(media, 'seeking', () => {
          if (Math.abs(media.currentTime - lastTime) > 0.5) media.currentTime = lastTime;
        }),
      ];
      try {
        const played = await playItem(() => (engine as Engine).loadFile(ad.mediaUrl, ad.mimeType));
        if (played) {
          ad.tracker.complete();
          reporter?.add('Playback.AdCompleted', {});
        } else {
          ad.tracker.error();
        }
      } finally {
        removers.forEach((remove) => remove());
        adRef.current = undefined;
        update({ ad: undefined });
      }
    }

    /**
     * The asset ended: the next episode, or back when there is none or the call fails. Only an
     * episode has a next one: a film, a trailer or a channel goes back without asking.
     */
    async function afterEnd() {
      const next = latest.current.isEpisode ? await getNextAsset(config, assetId, { signal }).catch(() => null) : null;
      if (signal.aborted) return;
      if (next) latest.current.navigate(`/player/${encodeURIComponent(next.assetId)}`, { replace: true });
      else back();
    }

    function followContent(media: HTMLVideoElement, play: PlayResponse) {
      let started = false;
      let paused = false;
      let lastHeartbeat = Date.now();
      const reported = new Set<number>();
      const duration = () => (Number.isFinite(media.duration) && media.duration > 0 ? media.duration : play.durationInMs / 1000);
      const milestones = () => {
        for (const percent of milestonesReached(media.currentTime, duration(), PROGRESS_MILESTONES, reported)) {
          reported.add(percent);
          analytics.mediaProgress(play.assetId, percent);
        }
      };
      listen(media, 'playing', () => {
        started = true;
        if (paused) {
          paused = false;
          reporter?.add('Playback.Resumed', { OffsetTime: offsetMs() });
        }
      });
      listen(media, 'pause', () => {
        if (!started || media.ended || paused) return;
        paused = true;
        reporter?.add('Playback.Paused', { OffsetTime: offsetMs() });
      });
      listen(media, 'seeked', () => {
        if (started) reporter?.add('Playback.ScrubbedTo', { OffsetTime: offsetMs() });
      });
      listen(media, 'ended', () => {
        finished = true;
        // The end reaches every milestone left, 100 % included.
        for (const percent of PROGRESS_MILESTONES) {
          if (reported.has(percent)) continue;
          reported.add(percent);
          analytics.mediaProgress(play.assetId, percent);
        }
        reporter?.add('Playback.Completed', { OffsetTime: offsetMs() });
        void reporter?.flush();
        update({ phase: 'ended' });
        void afterEnd();
      });
      const heartbeat = setInterval(() => {
        if (media.paused || media.ended) return;
        milestones();
        if (Date.now() - lastHeartbeat >= HEARTBEAT_EVENT_MS) {
          lastHeartbeat = Date.now();
          reporter?.add('Playback.Heartbeat', { OffsetTime: offsetMs() });
        }
      }, HEARTBEAT_CHECK_MS);
      cleanups.push(() => clearInterval(heartbeat));
    }

    // The spinner: buffering, seeking, loading.
    for (const type of ['waiting', 'seeking', 'loadstart']) listen(video, type, () => update({ waiting: true }));
    for (const type of ['playing', 'seeked', 'canplay']) listen(video, type, () => update({ waiting: false }));

    // Leaving the page: the last position goes out with sendBeacon.
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState !== 'hidden' || !reporter) return;
      if (contentStarted && !finished) reporter.add('Playback.Heartbeat', { OffsetTime: offsetMs() });
      reporter.beacon();
    });
    listen(window, 'pagehide', () => {
      if (!reporter) return;
      if (!finished && !abortedSent) {
        abortedSent = true;
        reporter.add('Playback.Aborted', contentStarted ? { OffsetTime: offsetMs() } : {});
      }
      reporter.beacon();
    });

    async function start(media: HTMLVideoElement) {
      // shaka's code is fetched and compiled while the play call is under way, not after it.
      void loadShaka().catch(() => undefined);
      const play = await obtainPlay();
      if (!play || signal.aborted) return;
      airplayAllowedRef.current = play.contractRestrictions?.airplayEnabled !== false;

      engine = await createEngine(media);
      if (signal.aborted) {
        void engine.destroy();
        engine = undefined;
        return;
      }
      engineRef.current = engine;
      engine.onError((error) => (itemFail ? itemFail(error) : void failNetwork(error)));
      engine.onTracksChanged(refreshTracks);

      reporter = new EventReporter({
        config,
        playSessionId: play.playSessionId,
        assetId: play.assetId,
        token: useSessionStore.getState().token,
        beaconToken: play.beaconToken,
        intervalMs: play.analytics?.postInterval ? play.analytics.postInterval * 1000 : undefined,
      });
      reporter.add('Playback.Created', { AutoPlay: true, RequestId: play.requestId });
      reporter.start();

      for (const bumper of bumpersOf(play)) {
        update({ phase: 'bumper', loadedId: bumper.id });
        await playItem(() => (engine as Engine).load(bumper.format));
      }

      const vastUrl = vastUrlOf(play);
      // Ads need the visitor's consent (SPEC-DECISIONS); a failed or empty decision goes straight on.
      if (vastUrl && hasConsent()) {
        const ad = await fetchPreroll(vastUrl).catch(() => null);
        if (signal.aborted) throw new Aborted();
        if (ad) await playAd(ad, media);
      }

      const format = pickFormat(play.formats);
      if (!format) throw new Error('no playable format');
      contentRef.current = format;
      const startTime = resumeSeconds({
        signedIn: Boolean(useSessionStore.getState().token),
        progress: latest.current.progress,
        lastViewedOffsetMs: play.bookmarks?.lastViewedOffset,
        durationMs: play.durationInMs,
      });
      update({ phase: 'content', loadedId: play.assetId, waiting: true });
      await engine.load(format, { startTime, playToken: play.playToken });
      if (signal.aborted) throw new Aborted();
      contentStarted = true;
      refreshTracks();
      reporter.add('Playback.Started', {
        OffsetTime: startTime * 1000,
        VideoLength: play.durationInMs,
        MediaLocator: format.mediaLocator,
      });
      followContent(media, play);
      update({ waiting: media.readyState < 3 });
      void media.play()?.catch(() => undefined);
    }

    start(video).catch((error: unknown) => {
      if (signal.aborted || error instanceof Aborted) return;
      void failNetwork(error);
    });

    return () => {
      run.abort();
      cleanups.forEach((remove) => remove());
      if (popupOpen) usePopupStore.getState().close({ validated: false });
      if (reporter) {
        if (!finished && !abortedSent) reporter.add('Playback.Aborted', contentStarted ? { OffsetTime: offsetMs() } : {});
        reporter.stop();
        reporter.beacon();
      }
      void engine?.destroy().catch(() => undefined);
      engineRef.current = undefined;
      contentRef.current = undefined;
      adRef.current = undefined;
    };
    // One run per asset (the page remounts per asset) and video element; the rest is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, assetId, config]);

  const actions: PlayerActions = {
    back,
    selectTextTrack: (id) => {
      engineRef.current?.selectTextTrack(id);
      update({ activeTextTrackId: id });
    },
    selectAudioTrack: (id) => {
      engineRef.current?.selectAudioTrack(id);
      update({ activeAudioTrackId: id });
    },
    nextEpisode: () => {
      const nextId = nextIdRef.current;
      if (nextId) navigate(`/player/${encodeURIComponent(nextId)}`, { replace: true });
    },
    cast: () => {
      const format = contentRef.current;
      if (format && video) void startCasting(format.mediaLocator, mimeOf(format), video.currentTime).catch(() => undefined);
    },
    airplay: () => {
      if (video) showAirPlayPicker(video);
    },
    adClick: () => {
      const ad = adRef.current;
      if (!ad) return;
      ad.tracker.click();
      if (ad.clickThrough) window.open(ad.clickThrough, '_blank', 'noopener,noreferrer');
    },
  };

  return { state, actions };
}
