import type { DeviceGroup } from '@antenne/contract';

const SMART_TV =
  /smart-?tv|hbbtv|tizen|web0s|webos|netcast|bravia|google ?tv|android ?tv|apple ?tv|crkey|roku|viera|philipstv|vidaa|nettv/i;
/** Amazon Fire TV models (AFTB, AFTMM, AFTSS ...); case-sensitive on purpose. */
const FIRE_TV = /\bAFT[A-Z]{1,4}\b/;
const TABLET = /ipad|tablet|playbook|silk|kindle|nexus (7|9|10)|sm-t\d/i;
const ANDROID = /android/i;
const MOBILE = /mobi|iphone|ipod|windows phone|blackberry|opera mini|iemobile/i;

/**
 * The white-label device group of a User-Agent: WEB_TV for smart-TV browsers, TABLET for iPads
 * and Android tablets (Android without "Mobile"), MOBILE for phones, WEB otherwise.
 * (iPadOS 13+ Safari presents itself as a Mac and counts as WEB: nothing in the header tells.)
 */
export function deviceGroupOf(userAgent: string | undefined): DeviceGroup {
  if (!userAgent) return 'WEB';
  if (SMART_TV.test(userAgent) || FIRE_TV.test(userAgent)) return 'WEB_TV';
  if (TABLET.test(userAgent)) return 'TABLET';
  if (ANDROID.test(userAgent)) return /mobile/i.test(userAgent) ? 'MOBILE' : 'TABLET';
  if (MOBILE.test(userAgent)) return 'MOBILE';
  return 'WEB';
}
