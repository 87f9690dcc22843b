import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Play tokens: what a CDN path token does, for this server. The play call signs one per play
 * session; it goes into every media URL (`/play/<token>/demo-media/…`) and into the ClearKey
 * licence request (`Authorization: Bearer <token>`). It names the play session, the asset, when
 * it expires and the media folders it opens, so the media route and the licence endpoint check
 * it without a database read. HMAC-SHA256 over the payload with a key derived (HKDF) from the
 * identity secret: every node of a deployment shares that secret, so a token signed by one node
 * verifies on another, and the key is never the secret itself.
 *
 * Format: base64url(JSON payload) '.' base64url(HMAC) — only URL-safe characters, one path segment.
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
}

export interface PlayTokens {
  sign(payload: PlayTokenPayload): string;
  /** The payload of a genuine, unexpired token; undefined otherwise (never says why: no oracle). */
  verify(token: string, now: number): PlayTokenPayload | undefined;
}

const HKDF_LABEL = 'antenne-play-token';
/** Tokens are small (a few prefixes); anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 2048;

export function createPlayTokens(secret: string): PlayTokens {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), HKDF_LABEL, 32));
  const mac = (data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      const dot = token.indexOf('.');
      if (dot <= 0 || dot !== token.lastIndexOf('.')) return undefined;
      const body = token.slice(0, dot);
      const signature = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(body);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      if (!isPayload(payload) || payload.exp <= now) return undefined;
      return payload;
    },
  };
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
    v.p.every((prefix) => typeof prefix === 'string')
  );
}

/** The folder of a media locator, as a prefix: '/demo-media/programme-1-ab12/master.m3u8' → '/demo-media/programme-1-ab12/'. */
export function folderOf(locator: string): string {
  return locator.slice(0, locator.lastIndexOf('/') + 1);
}

/** Whether a decoded media path lies in one of the token's folders (no dot segments: the file route refuses them anyway). */
export function coversPath(payload: PlayTokenPayload, mediaPath: string): boolean {
  if (mediaPath.split('/').some((segment) => segment === '..' || segment === '.')) return false;
  return payload.p.some((prefix) => prefix.endsWith('/') && prefix.length > 1 && mediaPath.startsWith(prefix));
}
