/**
 * The VAST pre-roll (media notes §6): @dailymotion/vast-client fetches and parses the decision,
 * its VASTTracker fires the impression and tracking pixels. Loaded dynamically, on the player
 * route only, and only when an ad may play. Tests replace this module.
 */

import { consentString } from '../../lib/analytics/consent';

/** What the player drives while the ad plays (the VASTTracker behind it fires the pixels). */
export interface AdTracker {
  setDuration(seconds: number): void;
  setProgress(seconds: number): void;
  /** On the first `playing`: impression and creativeView (vast-client does not fire it itself). */
  impression(): void;
  setPaused(paused: boolean): void;
  complete(): void;
  /** Records the click-through (the caller opens the URL). */
  click(): void;
  /** VAST error 405: the media file could not be played. */
  error(): void;
}

export interface PrerollAd {
  mediaUrl: string;
  mimeType: string;
  clickThrough?: string;
  tracker: AdTracker;
}

interface MediaFileLike {
  fileURL: string | null;
  mimeType: string | null;
  /** VAST 4.1 MediaFile@codec: the RFC 6381 codecs of the file (`avc1.4d401f,mp4a.40.2`). */
  codec?: string | null;
  deliveryType?: string;
}

/**
 * A progressive MP4 first (what the demo creatives are), else any progressive video. Its type
 * carries the codecs when the VAST names them (`video/mp4; codecs="avc1.4d401f,mp4a.40.2"`): a bare
 * `video/mp4` makes the media stack guess, and Chromium logs "Failed to parse video contentType".
 */
export function pickMediaFile(
  files: readonly MediaFileLike[],
): { url: string; mimeType: string } | undefined {
  const playable = files.filter(
    (file) => file.fileURL && file.mimeType?.startsWith('video/') && file.deliveryType !== 'streaming',
  );
  const chosen = playable.find((file) => file.mimeType === 'video/mp4') ?? playable[0];
  if (!chosen?.fileURL || !chosen.mimeType) return undefined;
  const codecs = chosen.codec?.trim();
  const mimeType =
    codecs && /^[\w.+-]+(?:\s*,\s*[\w.+-]+)*$/.test(codecs)
      ? `${chosen.mimeType}; codecs="${codecs}"`
      : chosen.mimeType;
  return { url: chosen.fileURL, mimeType };
}

/**
 * Fetches the VAST document at `vastUrl`; the first linear creative with a playable file, or
 * null when there is no ad. Rejects when the request fails (the caller goes on to the content).
 */
export async function fetchPreroll(vastUrl: string, consent = consentString()): Promise<PrerollAd | null> {
  const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
  const client = new VASTClient();
  const url = new URL(vastUrl, window.location.href);
  if (consent) url.searchParams.set('consent', consent);
  const response = (await client.get(url.href)) as {
    ads?: {
      creatives?: {
        type?: string;
        mediaFiles?: MediaFileLike[];
        videoClickThroughURLTemplate?: { url?: string } | null;
      }[];
    }[];
  };
  for (const ad of response.ads ?? []) {
    for (const creative of ad.creatives ?? []) {
      if (creative.type !== 'linear') continue;
      const file = pickMediaFile(creative.mediaFiles ?? []);
      if (!file) continue;
      // The parsed objects are vast-client's own Ad and Creative: handed back to it as they came.
      const tracker = new VASTTracker(client, ad as never, creative as never);
      return {
        mediaUrl: file.url,
        mimeType: file.mimeType,
        clickThrough: creative.videoClickThroughURLTemplate?.url ?? undefined,
        tracker: {
          setDuration: (seconds) => tracker.setDuration(seconds),
          setProgress: (seconds) => tracker.setProgress(seconds),
          impression: () => tracker.trackImpression(),
          setPaused: (paused) => tracker.setPaused(paused),
          complete: () => tracker.complete(),
          click: () => tracker.click(),
          error: () => tracker.errorWithCode('405'),
        },
      };
    }
  }
  return null;
}
