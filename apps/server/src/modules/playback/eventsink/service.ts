import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, EventsinkConfig, PlaybackEvent } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Tenant } from '../../../lib/business-unit.js';
import { inTransaction } from '../../../db/transaction.js';
import { ApiError } from '../../../lib/errors.js';
import { recordProgress } from '../../accounts/index.js';
import type { BeaconTokens } from '../beacon-token.js';
import { findPlaySession } from '../repository.js';
import * as repo from './repository.js';

/**
 * The eventsink (Exposure notes §11): the player's batched events, kept for analytics, and the
 * newest playhead of a signed-in play turned into the profile's bookmark (lastViewedOffset), so
 * resume and continue watching follow the viewer across devices.
 */

/** How often the player posts (seconds): the play response's analytics.postInterval too. */
export const SECONDS_UNTIL_NEXT_REPORT = 3;

export function eventsinkConfig(now: number): EventsinkConfig {
  return {
    secondsUntilNextReport: SECONDS_UNTIL_NEXT_REPORT,
    includeApplicationMetrics: false,
    includeNetworkMetrics: false,
    includeGpsMetrics: false,
    includeDeviceMetrics: false,
    timestampNow: now,
  };
}

/**
 * What the eventsink needs to know of an asset: its length (Completed = the whole of it), whether
 * it is a trailer (no bookmark), and for a programme of the schedule its start (epoch ms).
 */
export interface AssetFacts {
  durationMs: number;
  trailer: boolean;
  startMs?: number;
}

/**
 * The bookmark an event's OffsetTime makes (ADR 0025). A live play (a channel, a start-over) tells
 * its playhead on the wall clock, as Exposure's players do: a channel keeps that instant (its
 * liveTime); a programme keeps its offset from its start, whichever way it was told (a start-over's
 * wall clock is at or after the start, a catch-up's offset is far below any epoch ms).
 */
export function bookmarkOffset(offsetMs: number, facts: AssetFacts): number {
  return facts.startMs !== undefined && offsetMs >= facts.startMs ? offsetMs - facts.startMs : offsetMs;
}

const COMPLETED = 'Playback.Completed';
/** Ad events carry the ad's playhead, not the asset's. */
const isAdEvent = (type: string) => type.startsWith('Playback.Ad');

export class EventsinkService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenant: Tenant,
    private readonly assetFacts: (assetId: string) => Promise<AssetFacts | undefined>,
    private readonly beaconTokens: BeaconTokens,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The answer of `eventsink/init` (and of every batch). */
  config(): EventsinkConfig {
    return eventsinkConfig(this.clock());
  }

  /**
   * Stores a batch. The caller proves it may write to the play session with what it holds:
   * `householdId`, the bearer session's household when the request had one (it must be the play
   * session's), and/or the batch's `BeaconToken` (navigator.sendBeacon cannot set headers), which
   * must be the one the play call signed for this very play session and not have expired. Every
   * credential given must hold; none at all → 401. The bare SessionId proves nothing (ADR 0015).
   */
  async send(batch: AnalyticsBatch, householdId: string | undefined): Promise<EventsinkConfig> {
    if (batch.Customer !== this.tenant.customer || batch.BusinessUnit !== this.tenant.businessUnit) {
      throw new ApiError(400, 'BAD_REQUEST', 'Customer/BusinessUnit: not this business unit');
    }
    const now = this.clock();
    const beaconToken = batch.BeaconToken;
    if (householdId === undefined && (beaconToken === undefined || beaconToken === '')) {
      throw new ApiError(
        401,
        'NO_SESSION_TOKEN',
        'a bearer session token, or the play response’s beaconToken in BeaconToken, is needed',
      );
    }
    if (beaconToken !== undefined && this.beaconTokens.verify(beaconToken, now)?.sid !== batch.SessionId) {
      throw new ApiError(403, 'FORBIDDEN', 'BeaconToken: not a live beacon token of this play session');
    }
    const session = await findPlaySession(this.db, batch.SessionId);
    if (session === undefined)
      throw new ApiError(404, 'UNKNOWN_PLAY_SESSION', 'SessionId: no such play session');
    if (Date.parse(session.expires_at) <= now)
      throw new ApiError(403, 'FORBIDDEN', 'SessionId: the play session has ended');
    if (householdId !== undefined && householdId !== session.household_id) {
      throw new ApiError(403, 'FORBIDDEN', 'SessionId: not a play session of this household');
    }

    const receivedAt = new Date(now).toISOString();
    const events = batch.Payload;
    const rows = events.map((event) => ({
      id: randomUUID(),
      play_session_id: session.id,
      household_id: session.household_id,
      profile_id: session.profile_id,
      asset_id: session.asset_id,
      event_type: event.EventType,
      offset_ms: typeof event.OffsetTime === 'number' ? Math.round(event.OffsetTime) : null,
      sequence: typeof event.SequenceNumber === 'number' ? event.SequenceNumber : null,
      event_time: Math.round(event.Timestamp),
      payload: JSON.stringify(event),
      received_at: receivedAt,
    }));

    const newest = session.profile_id === null ? undefined : newestPlayhead(events);
    const facts = newest === undefined ? undefined : await this.assetFacts(session.asset_id);
    await inTransaction(this.db, async (trx) => {
      await repo.insertEvents(trx, rows);
      if (newest !== undefined && facts !== undefined && !facts.trailer && session.profile_id !== null) {
        const offsetMs =
          newest.EventType === COMPLETED && facts.durationMs > 0 ? facts.durationMs : newest.OffsetTime;
        if (typeof offsetMs === 'number' && Number.isFinite(offsetMs))
          await recordProgress(trx, {
            profileId: session.profile_id,
            assetId: session.asset_id,
            offsetMs: bookmarkOffset(offsetMs, facts),
            viewedAt: now,
          });
      }
    });
    return eventsinkConfig(now);
  }
}

/** The newest event (Timestamp, then SequenceNumber) that says where the content's playhead is. */
function newestPlayhead(events: PlaybackEvent[]): PlaybackEvent | undefined {
  let best: PlaybackEvent | undefined;
  for (const event of events) {
    if (isAdEvent(event.EventType)) continue;
    if (
      event.EventType !== COMPLETED &&
      (typeof event.OffsetTime !== 'number' || !Number.isFinite(event.OffsetTime))
    )
      continue;
    if (
      best === undefined ||
      event.Timestamp > best.Timestamp ||
      (event.Timestamp === best.Timestamp && (event.SequenceNumber ?? 0) >= (best.SequenceNumber ?? 0))
    ) {
      best = event;
    }
  }
  return best;
}
