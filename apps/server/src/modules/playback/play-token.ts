import { randomBytes } from 'node:crypto';
import { ApiError } from '../../lib/errors.js';
import { createSignedTokens, type SignedTokens } from './signed-token.js';

/**
 * Play tokens: what a CDN path token does, for this server. The play call signs one per play
 * session; it goes into every media URL (`/play/<token>/demo-media/…`) and into the ClearKey
 * licence request (`Authorization: Bearer <token>`). It names the play session, the asset, when
 * it expires and the media folders it opens, so the media route and the licence endpoint check
 * it without a database read. HMAC-SHA256 over the payload with a key derived (HKDF) from the
 * identity secret: every node of a deployment shares that secret, so a token signed by one node
 * verifies on another, and the key is never the secret itself.
 *
 * Format and checks: signed-token.ts (base64url(JSON payload) '.' base64url(HMAC), one path segment).
 */

export interface PlayTokenPayload {
  /** playSessionId */
  sid: string;
  /** assetId */
  aid: string;
  /** Expiry, epoch ms. */
  exp: number;
  /** The media folders (URL path prefixes ending in '/') the token opens. */
  p: string[];
  /** A programme's token (start-over, catch-up): the span of the live timeline it opens, epoch ms [start, end). */
  w?: [number, number];
}

export type PlayTokens = SignedTokens<PlayTokenPayload>;

/** The HKDF label of the play tokens' key (the beacon tokens have their own: beacon-token.ts). */
const HKDF_LABEL = 'antenne-play-token';

export function createPlayTokens(secret: string): PlayTokens {
  return createSignedTokens(secret, HKDF_LABEL, isPayload);
}

function isPayload(value: unknown): value is PlayTokenPayload {
  const v = value as Partial<PlayTokenPayload> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.sid === 'string' &&
    typeof v.aid === 'string' &&
    typeof v.exp === 'number' &&
    Array.isArray(v.p) &&
    v.p.every((prefix) => typeof prefix === 'string') &&
    (v.w === undefined || (Array.isArray(v.w) && v.w.length === 2 && v.w.every((t) => typeof t === 'number')))
  );
}

/** The folder of a media locator, as a prefix: '/demo-media/programme-1-ab12/master.m3u8' → '/demo-media/programme-1-ab12/'. */
export function folderOf(locator: string): string {
  return locator.slice(0, locator.lastIndexOf('/') + 1);
}

/** Whether a decoded media path lies in one of the token's folders (no dot segments: the file route refuses them anyway). */
export function coversPath(payload: PlayTokenPayload, mediaPath: string): boolean {
  if (mediaPath.split('/').some((segment) => segment === '..' || segment === '.')) return false;
  return payload.p.some(
    (prefix) => prefix.endsWith('/') && prefix.length > 1 && mediaPath.startsWith(prefix),
  );
}

/** The media route's and the licence's one refusal of a token: bad, missing, expired or not for this folder. */
export const invalidPlayToken = () =>
  new ApiError(403, 'INVALID_PLAY_TOKEN', 'the play token is missing, wrong or expired');

/** 'ps_' + 192 random bits. It names the play session; it is no credential (the beacon token is: ADR 0015). */
export function newPlaySessionId(): string {
  return `ps_${randomBytes(24).toString('base64url')}`;
}
