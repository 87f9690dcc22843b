import type { PlayFormat, PlayResponse } from '@antenne/contract';
import type { BumperMedia } from './media-registry.js';
import { isMediaPath, type PlayableMedia } from './playable-media.js';

/** The formats of a title's play response and of its bumpers (service.ts), their locators signed. */

const CLEARKEY = 'org.w3.clearkey';

/** The path of a demo title looped to its catalogue length (ADR 0028): `/title/<assetId>/vod/<file>`. */
export const titlePath = (assetId: string, file = '') => `/title/${encodeURIComponent(assetId)}/${file}`;

export interface FormatOptions {
  signed(locator: string): string;
  vastUrl: string | undefined;
  licenseServerUrl: string;
  /** A looped demo title: its HLS and DASH under `/title/<assetId>/` instead of the packaged files. */
  loopedAssetId?: string;
}

/** The content's formats: a CENC media as DASH only with the ClearKey licence (media-notes §3). */
export function contentFormats(medias: PlayableMedia[], options: FormatOptions): PlayFormat[] {
  const { signed, vastUrl, licenseServerUrl, loopedAssetId } = options;
  const ads = vastUrl === undefined ? {} : { vastUrl };
  if (loopedAssetId !== undefined)
    return [
      { format: 'HLS', mediaLocator: signed(titlePath(loopedAssetId, 'vod/master.m3u8')), ...ads },
      { format: 'DASH', mediaLocator: signed(titlePath(loopedAssetId, 'vod/manifest.mpd')), ...ads },
    ];
  const formats: PlayFormat[] = [];
  for (const media of medias) {
    const encrypted = media.drm === 'CENC';
    // ClearKey works with the licence URL + token flow for DASH only (media-notes §3).
    if (encrypted && media.format !== 'DASH') continue;
    const out: PlayFormat = { format: media.format, mediaLocator: signed(media.locator), ...ads };
    if (encrypted) out.drm = { [CLEARKEY]: { licenseServerUrl } };
    formats.push(out);
  }
  return formats;
}

/** The bumpers' formats (those whose manifests this server serves). */
export function bumperFormats(
  bumpers: { id: string; media: BumperMedia }[],
  signed: (locator: string) => string,
): PlayResponse['bumpers'] {
  const playBumpers: PlayResponse['bumpers'] = {};
  for (const { id, media } of bumpers) {
    const list: PlayFormat[] = [
      ...(media.hls !== undefined && isMediaPath(media.hls)
        ? [{ format: 'HLS' as const, mediaLocator: signed(media.hls) }]
        : []),
      ...(media.dash !== undefined && isMediaPath(media.dash)
        ? [{ format: 'DASH' as const, mediaLocator: signed(media.dash) }]
        : []),
    ];
    if (list.length === 0) continue;
    if (id === 'bumper-brand') playBumpers.brand = list;
    else playBumpers.classification = list;
  }
  return playBumpers;
}
