import { randomUUID } from 'node:crypto';
import { PAY_TV_COUNTRY, playbackPaths } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Tenant } from '../../../lib/business-unit.js';
import { ApiError } from '../../../lib/errors.js';
import type { PlaybackMediaRegistry } from '../media-registry.js';
import { findPlaySession } from '../repository.js';
import * as repo from './repository.js';
import { AD_BEACON_EVENTS, buildVast, EMPTY_VAST, pickAd } from './vast.js';

/**
 * The pre-roll (media notes §6): the VAST decision of a play session and the beacons its tracking
 * pixels report. The play call decides whether a play has ads at all (its `vastUrl`); this picks
 * the ad and answers for it.
 */

/** The country where no pre-roll is ever served (spec part 2 §4): the pay-TV country (issue 19). */
export const NO_ADS_COUNTRY = PAY_TV_COUNTRY;

export interface AdViewer {
  /** The visitor's country (ISO2), undefined when unknown. */
  country: string | undefined;
  /** `<protocol>://<host>` of the request: the document's URLs are absolute. */
  origin: string;
}

export interface AdBeacon {
  event: string;
  ad: string;
  playSessionId?: string | undefined;
}

export class AdsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenant: Tenant,
    private readonly registry: Pick<PlaybackMediaRegistry, 'ads'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The VAST 4.1 document of a play session: one linear ad picked by a hash of the session
   * (rotation), or an empty `<VAST version="4.1"/>` when no ad is registered, the play session is
   * unknown or over, or the visitor (or the play session's) is in the US.
   */
  async vast(playSessionId: string | undefined, viewer: AdViewer): Promise<string> {
    const session = playSessionId === undefined ? undefined : await findPlaySession(this.db, playSessionId);
    const ad = pickAd(this.registry.ads, playSessionId ?? '');
    if (
      ad === undefined ||
      session === undefined ||
      Date.parse(session.expires_at) <= this.clock() ||
      viewer.country === NO_ADS_COUNTRY ||
      session.country === NO_ADS_COUNTRY
    ) {
      return EMPTY_VAST;
    }
    return buildVast({
      ad,
      playSessionId: session.id,
      trackingUrl: viewer.origin + playbackPaths.adTracking(this.tenant),
      mediaFileUrl: /^https?:\/\//.test(ad.mp4) ? ad.mp4 : viewer.origin + ad.mp4,
    });
  }

  /** Records a tracking pixel (with its play session when it is one of this server's); 400 for an unknown event or ad. */
  async track({ event, ad, playSessionId }: AdBeacon): Promise<void> {
    if (!AD_BEACON_EVENTS.has(event))
      throw new ApiError(400, 'BAD_REQUEST', `event: unknown tracking event ${event}`);
    if (!this.registry.ads.some((a) => a.id === ad)) throw new ApiError(400, 'BAD_REQUEST', 'ad: unknown ad');
    const session = playSessionId === undefined ? undefined : await findPlaySession(this.db, playSessionId);
    await repo.insertAdBeacon(this.db, {
      id: randomUUID(),
      play_session_id: session?.id ?? null,
      ad_id: ad,
      event,
      received_at: new Date(this.clock()).toISOString(),
    });
  }
}
