import { createSignedTokens, type SignedTokens } from './signed-token.js';

/**
 * Eventsink beacon tokens (ADR 0015). `navigator.sendBeacon` cannot send an Authorization header,
 * so the player's last batch (the page going away) proves itself with this token instead: the play
 * call signs one per play session and hands it to that player only (`beaconToken` of the play
 * response); the player puts it in the batch body (`BeaconToken`), never in a URL. It names the
 * play session and expires with it, so it opens nothing but that session's eventsink, and only
 * while the session lives. Its key is derived from the identity secret with its own label: a play
 * token is not a beacon token, nor the other way round.
 */

export interface BeaconTokenPayload {
  /** playSessionId */
  sid: string;
  /** Expiry, epoch ms: the play session's. */
  exp: number;
}

export type BeaconTokens = SignedTokens<BeaconTokenPayload>;

const HKDF_LABEL = 'antenne-eventsink-beacon';

export function createBeaconTokens(secret: string): BeaconTokens {
  return createSignedTokens(secret, HKDF_LABEL, isPayload);
}

function isPayload(value: unknown): value is BeaconTokenPayload {
  const v = value as Partial<BeaconTokenPayload> | null;
  return typeof v === 'object' && v !== null && typeof v.sid === 'string' && typeof v.exp === 'number';
}
