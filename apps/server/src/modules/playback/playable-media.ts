import type { Media } from '@antenne/contract';
import { folderOf } from './play-token.js';

/** Which of an asset's medias the play call signs (service.ts). */

/** Media folders the play token may open: the ingest's and the demo build's. */
const MEDIA_ROOTS = ['/media/', '/demo-media/'];

export type PlayableMedia = Media & { locator: string; format: 'HLS' | 'DASH' };

/** Enabled HLS/DASH medias whose manifest is a file this server serves under a play token. */
export function playableMedias(medias: Media[]): PlayableMedia[] {
  return medias.filter(
    (m): m is PlayableMedia =>
      (m.format === 'HLS' || m.format === 'DASH') &&
      (m.status === undefined || m.status === 'enabled') &&
      typeof m.locator === 'string' &&
      isMediaPath(m.locator),
  );
}

export function isMediaPath(locator: string): boolean {
  return MEDIA_ROOTS.some((root) => locator.startsWith(root)) && folderOf(locator).length > 1;
}
