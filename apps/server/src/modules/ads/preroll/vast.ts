import { createHash } from 'node:crypto';
import type { AdCreative } from '../../playback/index.js';

/**
 * The VAST 4.1 ad decision (IAB VAST 4.1; media-notes §6): one InLine linear pre-roll with its
 * impression, error, tracking and click URLs, all pointing at this server's tracking endpoint, or
 * an empty `<VAST version="4.1"/>` when no ad applies (the player then loads the content).
 */

/** Linear tracking events the document declares (the tracking endpoint accepts these plus the ones below). */
export const VAST_TRACKING_EVENTS = [
  'creativeView',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'pause',
  'resume',
  'mute',
  'unmute',
] as const;

/** Every beacon the tracking endpoint records. */
export const AD_BEACON_EVENTS: ReadonlySet<string> = new Set([
  ...VAST_TRACKING_EVENTS,
  'impression',
  'error',
  'click',
]);

export const EMPTY_VAST =
  '<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.1" xmlns="http://www.iab.com/VAST"/>\n';

/** The ad of a play session: rotates over the creatives, stable for one session. */
export function pickAd(ads: readonly AdCreative[], playSessionId: string): AdCreative | undefined {
  if (ads.length === 0) return undefined;
  const n = createHash('sha256').update(playSessionId).digest().readUInt32BE(0);
  return ads[n % ads.length];
}

/** `HH:MM:SS.mmm` */
export function vastDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
/** URLs go in CDATA (they carry '&'); a ']]>' could not, so it is split. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export interface VastInput {
  ad: AdCreative;
  playSessionId: string;
  /** Absolute URL of the tracking endpoint. */
  trackingUrl: string;
  /** Absolute URL of the creative (the server's origin + the ad's path). */
  mediaFileUrl: string;
  /** The consent string the decision was asked with: every pixel carries it back (docs/consent.md). */
  consent?: string;
}

export function buildVast({ ad, playSessionId, trackingUrl, mediaFileUrl, consent }: VastInput): string {
  const consentParam = consent === undefined ? '' : `&consent=${encodeURIComponent(consent)}`;
  // [CACHEBUSTING] is a VAST macro: the player's vast-client replaces it with a random number.
  const beacon = (event: string) =>
    `${trackingUrl}?event=${encodeURIComponent(event)}&ad=${encodeURIComponent(ad.id)}&playSessionId=${encodeURIComponent(playSessionId)}${consentParam}&cb=[CACHEBUSTING]`;
  const tracking = VAST_TRACKING_EVENTS.map(
    (event) => `            <Tracking event="${event}">${cdata(beacon(event))}</Tracking>`,
  ).join('\n');
  const id = escapeXml(ad.id);
  // VAST 4.1 MediaFile@codec (RFC 6381): the player gives it to the media stack instead of a bare video/mp4.
  const codec = ad.codecs === undefined ? '' : ` codec="${escapeXml(ad.codecs)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Ad id="${id}" sequence="1">
    <InLine>
      <AdSystem version="1">Antenne</AdSystem>
      <AdServingId>${escapeXml(playSessionId)}</AdServingId>
      <AdTitle>${escapeXml(ad.title)}</AdTitle>
      <Impression id="${id}-impression">${cdata(beacon('impression'))}</Impression>
      <Error>${cdata(beacon('error'))}</Error>
      <Creatives>
        <Creative id="${id}-creative" sequence="1">
          <Linear>
            <Duration>${vastDuration(ad.durationMs)}</Duration>
            <TrackingEvents>
${tracking}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="${id}-click">${cdata(ad.clickThrough)}</ClickThrough>
              <ClickTracking id="${id}-click-tracking">${cdata(beacon('click'))}</ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="${ad.width}" height="${ad.height}"${codec}>${cdata(mediaFileUrl)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}
