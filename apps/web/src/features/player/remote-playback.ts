/**
 * Cast (Chrome) and AirPlay (Safari) availability. The Cast sender SDK is fetched only on Chrome,
 * with a time-out, and never holds playback up: offline or blocked, the launcher stays hidden.
 */

export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
export const CAST_LOAD_TIMEOUT_MS = 5000;

/** Google Chrome (not Edge, Opera or Samsung Internet, which have no Cast). */
export function isChrome(userAgent: string): boolean {
  return /\bChrome\/\d/.test(userAgent) && !/\b(Edg|OPR|SamsungBrowser|Chromium)\//.test(userAgent);
}

/** Safari (desktop or iOS), where AirPlay exists. */
export function isSafari(userAgent: string): boolean {
  return /\bSafari\//.test(userAgent) && !/\b(Chrome|Chromium|CriOS|FxiOS|Edg|Android)\b/.test(userAgent);
}

/** Mobile user agents get the video's native controls instead of the overlay (spec part 2 §2). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad/i.test(userAgent);
}

interface CastWindow {
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: {
    framework?: {
      CastContext: {
        getInstance(): {
          setOptions(options: Record<string, unknown>): void;
          requestSession(): Promise<unknown>;
          getCurrentSession(): { loadMedia(request: unknown): Promise<unknown> } | null;
        };
      };
    };
  };
  chrome?: {
    cast?: {
      AutoJoinPolicy?: { ORIGIN_SCOPED: string };
      media?: {
        DEFAULT_MEDIA_RECEIVER_APP_ID: string;
        MediaInfo: new (contentId: string, contentType: string) => object;
        LoadRequest: new (mediaInfo: object) => { currentTime?: number };
      };
    };
  };
}

let castSdk: Promise<boolean> | undefined;

/** Loads the Cast sender SDK once; true when the framework is there and a receiver may be found. */
export function loadCastSdk(timeoutMs = CAST_LOAD_TIMEOUT_MS): Promise<boolean> {
  castSdk ??= new Promise<boolean>((resolve) => {
    const w = window as unknown as CastWindow;
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const done = (available: boolean) => {
      clearTimeout(timer);
      if (available && w.cast?.framework && w.chrome?.cast?.media) {
        w.cast.framework.CastContext.getInstance().setOptions({
          receiverApplicationId: w.chrome.cast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
          autoJoinPolicy: w.chrome.cast.AutoJoinPolicy?.ORIGIN_SCOPED,
        });
        resolve(true);
      } else {
        resolve(false);
      }
    };
    w.__onGCastApiAvailable = done;
    const script = document.createElement('script');
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => done(false);
    document.head.append(script);
  });
  return castSdk;
}

/** Opens Chrome's cast dialog, then sends the stream to the chosen receiver at `currentTime`. */
export async function startCasting(
  mediaUrl: string,
  contentType: string,
  currentTime: number,
): Promise<void> {
  const w = window as unknown as CastWindow;
  const framework = w.cast?.framework;
  const media = w.chrome?.cast?.media;
  if (!framework || !media) return;
  const context = framework.CastContext.getInstance();
  await context.requestSession();
  const request = new media.LoadRequest(
    new media.MediaInfo(new URL(mediaUrl, window.location.href).href, contentType),
  );
  request.currentTime = currentTime;
  await context.getCurrentSession()?.loadMedia(request);
}

interface AirPlayVideo extends HTMLVideoElement {
  webkitShowPlaybackTargetPicker?: () => void;
}

/** Follows Safari's AirPlay target availability on `video`; returns the unsubscribe function. */
export function watchAirPlay(video: HTMLVideoElement, onChange: (available: boolean) => void): () => void {
  if (!('WebKitPlaybackTargetAvailabilityEvent' in window)) return () => undefined;
  const listener = (event: Event) =>
    onChange((event as Event & { availability?: string }).availability === 'available');
  video.addEventListener('webkitplaybacktargetavailabilitychanged', listener);
  return () => video.removeEventListener('webkitplaybacktargetavailabilitychanged', listener);
}

export function showAirPlayPicker(video: HTMLVideoElement): void {
  (video as AirPlayVideo).webkitShowPlaybackTargetPicker?.();
}
