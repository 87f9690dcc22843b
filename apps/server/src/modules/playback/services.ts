import type { Media } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import type { WrongPinLimiter } from '../accounts/index.js';
import path from 'node:path';
import {
  LiveStreamService,
  TitleStreamService,
  type ScheduleReader,
  type TitleMedia,
} from '../live/index.js';
import { mediaFolders, type MediaFolder, type MediaRoutesOptions } from '../media/index.js';
import { createBeaconTokens } from './beacon-token.js';
import { EventsinkService } from './eventsink/service.js';
import { LicenceService } from './licence/service.js';
import type { PlaybackMediaRegistry } from './media-registry.js';
import { createPlayTokens, folderOf } from './play-token.js';
import { ProtectedMedia } from './protected-media.js';
import { EntitlementCheckService } from './entitle.js';
import { PlaybackService, type RecordingSource, type SnapshotSource } from './service.js';

/** The playback module's services, one of each per app: what the routes call. */
export interface PlaybackServices {
  /** entitlement/play */
  play: PlaybackService;
  /** entitlement/{id}/entitle, entitlement/availabilitykey, the store offerings (entitle.ts). */
  entitle: EntitlementCheckService;
  /** The files under a play token. */
  media: ProtectedMedia;
  /** The ClearKey licence. */
  licence: LicenceService;
  /** The player's events and bookmarks. */
  eventsink: EventsinkService;
  /** The live streams (`/play/<token>/live/…`, ADR 0023). */
  live: LiveStreamService;
  /** Demo titles looped to their catalogue length (`/play/<token>/title/…`, ADR 0028). */
  titles: TitleStreamService;
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
  /** Publications', play sessions' and tokens' clock (tests move it); the live streams' too. */
  clock?: () => number;
  /**
   * The schedule the live streams and programme plays read (the EPG service). Without it every
   * channel plays its own media around the clock and no programme id is known.
   */
  schedule?: ScheduleReader;
  /** The network recordings the play call plays (`entitlement/{recordingId}/play`, ADR 0026). */
  recordings?: RecordingSource;
}

/** Where the demo build's media are served (modules/media/demo/build.ts DEMO_MEDIA_URL_PREFIX). */
const DEMO_MEDIA_PREFIX = '/demo-media/';

/** A schedule with nothing on it. */
const EMPTY_SCHEDULE: ScheduleReader = {
  programmesBetween: async () => [],
  programme: async () => undefined,
};

/** An asset's clear, enabled, packaged DASH media (a channel's own, a programme's, a title's), if any. */
async function clearDash(catalogue: SnapshotSource, assetId: string): Promise<Media | undefined> {
  const asset = (await catalogue.snapshot()).byId.get(assetId)?.asset;
  return asset?.medias?.find(
    (m) =>
      m.format === 'DASH' &&
      m.drm !== 'CENC' &&
      (m.status === undefined || m.status === 'enabled') &&
      typeof m.locator === 'string',
  );
}

/** The disk folder of a media's locator: one folder right under a served root, else undefined. */
function folderDir(media: Media | undefined, folders: readonly MediaFolder[]): string | undefined {
  const folder = media?.locator === undefined ? undefined : folderOf(media.locator);
  const root = folders.find((f) => folder?.startsWith(f.prefix));
  if (folder === undefined || root === undefined) return undefined;
  const rest = folder.slice(root.prefix.length).split('/').filter(Boolean);
  if (rest.length !== 1 || rest.some((part) => part.startsWith('.') || part === '..')) return undefined;
  return path.join(root.root, ...rest);
}

/** The disk folder of an asset's clear, packaged DASH media, if any. */
function mediaDirs(catalogue: SnapshotSource, folders: readonly MediaFolder[]) {
  return async (assetId: string): Promise<string | undefined> =>
    folderDir(await clearDash(catalogue, assetId), folders);
}

/**
 * A demo title's media (ADR 0028): its clear DASH media of the demo build (`/demo-media/`) and
 * the length it states. Media ingested for a title (`/media/`) are never looped.
 */
function titleMedias(catalogue: SnapshotSource, folders: readonly MediaFolder[]) {
  return async (assetId: string): Promise<TitleMedia | undefined> => {
    const media = await clearDash(catalogue, assetId);
    if (!media?.locator?.startsWith(DEMO_MEDIA_PREFIX) || media.durationMillis === undefined)
      return undefined;
    const dir = folderDir(media, folders);
    return dir === undefined ? undefined : { dir, durationMs: media.durationMillis };
  };
}

/** Builds the playback services once (app.ts, the composition root). */
export function createPlaybackServices(deps: PlaybackDeps): PlaybackServices {
  const { db, tenant, registry } = deps;
  const clock = deps.clock ?? Date.now;
  const playTokens = createPlayTokens(deps.secret);
  const beaconTokens = createBeaconTokens(deps.secret);
  const folders = mediaFolders(deps.media);
  const schedule = deps.schedule ?? EMPTY_SCHEDULE;
  const live = new LiveStreamService({ schedule, mediaDir: mediaDirs(deps.catalogue, folders), clock });
  const titles = new TitleStreamService({ titleMedia: titleMedias(deps.catalogue, folders) });
  const play = new PlaybackService(
    db,
    tenant,
    deps.catalogue,
    registry,
    { play: playTokens, beacon: beaconTokens },
    clock,
    deps.pinAttempts,
    { streams: live, titles, schedule, ...(deps.recordings ? { recordings: deps.recordings } : {}) },
  );
  return {
    play,
    entitle: new EntitlementCheckService(db, tenant, deps.catalogue, (id) => play.findAsset(id), clock),
    live,
    titles,
    media: new ProtectedMedia(playTokens, folders, clock),
    licence: new LicenceService(playTokens, registry.contentKeys, clock),
    eventsink: new EventsinkService(db, tenant, (assetId) => play.assetFacts(assetId), beaconTokens, clock),
  };
}
