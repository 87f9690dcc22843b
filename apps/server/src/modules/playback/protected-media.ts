import { PROTECTED_MEDIA_PREFIX } from '@antenne/contract';
import type { MediaFolder } from '../media/index.js';
import type { LiveLimit } from '../live/index.js';
import { coversPath, invalidPlayToken, type PlayTokens } from './play-token.js';

/**
 * A file of a media folder, a path of a channel's live stream (`/live/<channelId>/<rest>`) or of a
 * looped demo title (`/title/<assetId>/<rest>`, ADR 0028), rest still encoded.
 */
export type ResolvedMedia =
  | { root: string; path: string; live?: undefined; title?: undefined }
  | { live: { channelId: string; rest: string; limit?: LiveLimit }; title?: undefined }
  | { title: { assetId: string; rest: string }; live?: undefined };

/**
 * The media behind a play token (`/play/<token>/media/…`, `/play/<token>/demo-media/…`): which
 * file of which folder a URL opens, if its token verifies, has not expired and covers the path.
 * The token is the first path segment, so the manifests' relative URLs (segments, playlists,
 * subtitles) keep it without rewriting anything.
 */
export class ProtectedMedia {
  constructor(
    private readonly tokens: PlayTokens,
    private readonly folders: readonly MediaFolder[],
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The folder's root and the still-encoded path under it of a request URL (its query ignored);
   * 403 INVALID_PLAY_TOKEN otherwise. (The token is read from the URL, not a route parameter: it
   * is longer than Fastify's 100-character parameter limit.)
   */
  resolve(url: string): ResolvedMedia {
    const rest = (url.split('?', 1)[0] ?? '').slice(PROTECTED_MEDIA_PREFIX.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) throw invalidPlayToken();
    const payload = this.tokens.verify(rest.slice(0, slash), this.clock());
    if (payload === undefined) throw invalidPlayToken();
    const encodedPath = rest.slice(slash);
    let mediaPath: string;
    try {
      mediaPath = decodeURIComponent(encodedPath);
    } catch {
      throw invalidPlayToken();
    }
    if (!coversPath(payload, mediaPath)) throw invalidPlayToken();
    const live = /^\/live\/([^/]{1,200})\/(.+)$/.exec(encodedPath);
    if (live !== null) {
      const [, channel = '', rest = ''] = live;
      return {
        live: {
          channelId: decodeURIComponent(channel),
          rest,
          ...(payload.w ? { limit: { fromMs: payload.w[0], toMs: payload.w[1] } } : {}),
        },
      };
    }
    const title = /^\/title\/([^/]{1,200})\/(.+)$/.exec(encodedPath);
    if (title !== null) {
      const [, assetId = '', rest = ''] = title;
      return { title: { assetId: decodeURIComponent(assetId), rest } };
    }
    const folder = this.folders.find((candidate) => encodedPath.startsWith(candidate.prefix));
    if (folder === undefined) throw invalidPlayToken();
    return { root: folder.root, path: encodedPath.slice(folder.prefix.length) };
  }
}
