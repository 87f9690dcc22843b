import { randomUUID } from 'node:crypto';
import { playbackPaths } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Tenant } from '../../../lib/business-unit.js';
import { ApiError } from '../../../lib/errors.js';
import type { AdCreative } from '../../playback/index.js';
import { adsAllowed, NO_ADS_COUNTRY, requireTrackingConsent, type AdViewer } from '../viewer.js';
import * as repo from './repository.js';
import { AD_BEACON_EVENTS, buildVast, EMPTY_VAST, pickAd } from './vast.js';

/**
 * The pre-roll (media notes §6): the VAST decision of a play session and the beacons its tracking
 * pixels report. The play call decides whether a play has ad breaks at all (its `vastUrl`); this
 * picks the ad and answers for it, under the same consent and country rules as the display slots
 * (viewer.ts). No HTTP here.
 */

/** What the pre-roll needs to know of a play session (the playback service's `playSession`). */
export interface PlaySessionFacts {
  id: string;
  /** Epoch ms: the play is over after it. */
  expiresAt: number;
  /** Where it was opened from (ISO2), null when unknown. */
  country: string | null;
}

export interface PrerollDeps {
  db: Kysely<Database>;
  tenant: Tenant;
  /** The ad creatives (the playback module's media registry, filled at start). */
  registry: { readonly ads: readonly AdCreative[] };
  /** The play sessions of this server (the playback service). */
  playSessions: { playSession(id: string): Promise<PlaySessionFacts | undefined> };
  clock?: () => number;
}

export interface VastRequest {
  playSessionId?: string | undefined;
  /** Our consent string, as the player sends it (docs/consent.md). */
  consent?: string | undefined;
}

export interface AdBeacon {
  event: string;
  ad: string;
  playSessionId?: string | undefined;
  consent?: string | undefined;
}

export class PrerollService {
  private readonly clock: () => number;

  constructor(private readonly deps: PrerollDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /**
   * The VAST 4.1 document of a play session: one linear ad picked by a hash of the session
   * (rotation), or an empty `<VAST version="4.1"/>` (the IAB's "No Ad Response": the root element only) without advertising
   * consent, for a visitor (or a play session opened) in the US, when no ad is registered, or when
   * the play session is unknown or over. The pixels carry the consent string the request carried,
   * so that they are recorded as the decision was made (`track`).
   */
  async vast({ playSessionId, consent }: VastRequest, viewer: AdViewer): Promise<string> {
    if (!adsAllowed(viewer, consent)) return EMPTY_VAST;
    const ad = pickAd(this.deps.registry.ads, playSessionId ?? '');
    const session =
      playSessionId === undefined ? undefined : await this.deps.playSessions.playSession(playSessionId);
    if (
      ad === undefined ||
      session === undefined ||
      session.expiresAt <= this.clock() ||
      session.country === NO_ADS_COUNTRY
    ) {
      return EMPTY_VAST;
    }
    return buildVast({
      ad,
      playSessionId: session.id,
      trackingUrl: viewer.origin + playbackPaths.adTracking(this.deps.tenant),
      mediaFileUrl: /^https?:\/\//.test(ad.mp4) ? ad.mp4 : viewer.origin + ad.mp4,
      ...(consent ? { consent } : {}),
    });
  }

  /**
   * Records a tracking pixel (with its play session when it is one of this server's): only with
   * advertising consent (403, as the display ads' tracking), for a known event and ad (400).
   */
  async track({ event, ad, playSessionId, consent }: AdBeacon, viewer: AdViewer): Promise<void> {
    requireTrackingConsent(viewer, consent);
    if (!AD_BEACON_EVENTS.has(event))
      throw new ApiError(400, 'BAD_REQUEST', `event: unknown tracking event ${event}`);
    if (!this.deps.registry.ads.some((a) => a.id === ad))
      throw new ApiError(400, 'BAD_REQUEST', 'ad: unknown ad');
    const session =
      playSessionId === undefined ? undefined : await this.deps.playSessions.playSession(playSessionId);
    await repo.insertAdBeacon(this.deps.db, {
      id: randomUUID(),
      play_session_id: session?.id ?? null,
      ad_id: ad,
      event,
      received_at: new Date(this.clock()).toISOString(),
    });
  }
}
