import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import type { WrongPinLimiter } from '../accounts/index.js';
import { mediaFolders, type MediaRoutesOptions } from '../media/index.js';
import { AdsService } from './ads/service.js';
import { createBeaconTokens } from './beacon-token.js';
import { EventsinkService } from './eventsink/service.js';
import { LicenceService } from './licence/service.js';
import type { PlaybackMediaRegistry } from './media-registry.js';
import { createPlayTokens } from './play-token.js';
import { ProtectedMedia } from './protected-media.js';
import { PlaybackService, type SnapshotSource } from './service.js';

/** The playback module's services, one of each per app: what the routes call. */
export interface PlaybackServices {
  /** entitlement/play */
  play: PlaybackService;
  /** The files under a play token. */
  media: ProtectedMedia;
  /** The VAST decision and the ad beacons. */
  ads: AdsService;
  /** The ClearKey licence. */
  licence: LicenceService;
  /** The player's events and bookmarks. */
  eventsink: EventsinkService;
}

export interface PlaybackDeps {
  db: Kysely<Database>;
  tenant: Tenant;
  /** The catalogue's current snapshot (the catalogue service). */
  catalogue: SnapshotSource;
  /** Bumpers, ad creatives and content keys. */
  registry: PlaybackMediaRegistry;
  /** What the play and beacon tokens' keys derive from: the identity secret (every node of a deployment shares it). */
  secret: string;
  /** DATA_DIR and, with the demo content, CACHE_DIR: the media folders a play token opens. */
  media: MediaRoutesOptions;
  /** Wrong parental PINs by household, shared with the accounts' PIN checks (one per app). */
  pinAttempts?: WrongPinLimiter;
  /** Publications', play sessions' and tokens' clock (tests move it). */
  clock?: () => number;
}

/** Builds the playback services once (app.ts, the composition root). */
export function createPlaybackServices(deps: PlaybackDeps): PlaybackServices {
  const { db, tenant, registry } = deps;
  const clock = deps.clock ?? Date.now;
  const playTokens = createPlayTokens(deps.secret);
  const beaconTokens = createBeaconTokens(deps.secret);
  const play = new PlaybackService(
    db,
    tenant,
    deps.catalogue,
    registry,
    { play: playTokens, beacon: beaconTokens },
    clock,
    deps.pinAttempts,
  );
  return {
    play,
    media: new ProtectedMedia(playTokens, mediaFolders(deps.media), clock),
    ads: new AdsService(db, tenant, registry, clock),
    licence: new LicenceService(playTokens, registry.contentKeys, clock),
    eventsink: new EventsinkService(db, tenant, (assetId) => play.assetFacts(assetId), beaconTokens, clock),
  };
}
