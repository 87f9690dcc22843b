import {
  classificationBumper,
  csaRatingOf,
  needsParentalPin,
  profileParentalLevel,
  PARENTAL_PIN_HEADER,
  PLAY_TOKEN_TTL_MS,
  PROTECTED_MEDIA_PREFIX,
  playbackPaths,
  type Asset,
  type PlayResponse,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import {
  findOwnerProfile,
  listPlayHistory,
  parentalProfileOf,
  verifyPin,
  WrongPinLimiter,
  type SessionContext,
} from '../accounts/index.js';
import type { CatalogueSnapshot } from '../catalogue/index.js';
import type { LiveStreamService, ScheduleReader, TitleStreamService } from '../live/index.js';
import { NO_ADS_COUNTRY, type PlaySessionFacts } from '../ads/index.js';
import type { RecordingForPlay } from '../recordings/index.js';
import type { BeaconTokens } from './beacon-token.js';
import type { AssetFacts } from './eventsink/service.js';
import { grantOf, loginRequired, sessionRequired } from './entitlement.js';
import { playChannel, playProgramme, type LivePlayContext } from './live-play.js';
import { bumperFormats, contentFormats } from './play-formats.js';
import { isMediaPath, playableMedias } from './playable-media.js';
import { playRecording } from './recording-play.js';
import type { PlaybackMediaRegistry } from './media-registry.js';
import { folderOf, newPlaySessionId, type PlayTokens } from './play-token.js';
import * as repo from './repository.js';

/**
 * The entitlement/play rules (Exposure notes §4, spec part 1 §6): which publication and product
 * let this caller play this asset now, from where (entitlement.ts); the parental PIN; then the
 * play session, its signed media URLs, bookmark, bumpers and ad decision URL. No HTTP here: the
 * route passes what it read from the request.
 */

export interface PlayCaller {
  /** The checked session; null for a visitor (only a trailer plays then). */
  session: SessionContext | null;
  /** The visitor's country (ISO2), or undefined when unknown (a private address, no database hit). */
  country: string | undefined;
  /** A provider-bound session or a verified media token: what a US play needs (entitlement.ts). */
  tvProvider: boolean;
  /** The x-parental-pin header. */
  pin: string | undefined;
  /** `<protocol>://<host>` of the request: the licence URL must be absolute (media-notes §3). */
  origin: string;
  requestId: string;
}

/** What the play call needs of the catalogue: its current snapshot. */
export interface SnapshotSource {
  snapshot(): Promise<CatalogueSnapshot>;
}

/** What the play call needs of the recordings (the recordings module's service, ADR 0026). */
export interface RecordingSource {
  forPlay(recordingId: string): Promise<RecordingForPlay | undefined>;
}

export { loginRequired };

export class PlaybackService {
  private readonly trailerSets = new WeakMap<CatalogueSnapshot, Set<string>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenant: Tenant,
    private readonly catalogue: SnapshotSource,
    private readonly registry: PlaybackMediaRegistry,
    private readonly tokens: { play: PlayTokens; beacon: BeaconTokens },
    private readonly clock: () => number = Date.now,
    /** Wrong PINs by household, shared with the accounts' PIN checks (app.ts). */
    private readonly pinAttempts: WrongPinLimiter = new WrongPinLimiter(db, clock),
    /** Live television (live-play.ts): the streams and the schedule. */
    private readonly live?: {
      streams: LiveStreamService;
      /** Demo titles looped to their catalogue length (ADR 0028). */
      titles?: TitleStreamService;
      schedule: ScheduleReader;
      recordings?: RecordingSource;
    },
  ) {}

  /** A TV_CHANNEL, a programme of the schedule or a recording (an id the catalogue does not know): live-play.ts, recording-play.ts. */
  private async playLive(
    idOrSlug: string,
    found: { asset: Asset } | undefined,
    caller: PlayCaller,
  ): Promise<PlayResponse | undefined> {
    if (this.live === undefined) return undefined;
    const programme = found === undefined ? await this.live.schedule.programme(idOrSlug) : undefined;
    const recording =
      found === undefined && programme === undefined
        ? await this.live.recordings?.forPlay(idOrSlug)
        : undefined;
    if (programme === undefined && recording === undefined && found?.asset.type !== 'TV_CHANNEL')
      return undefined;
    if (caller.session === null) throw sessionRequired(caller);
    const context: LivePlayContext = {
      db: this.db,
      tenant: this.tenant,
      tokens: this.tokens,
      clock: this.clock,
      live: this.live.streams,
      schedule: this.live.schedule,
      findAsset: (id) => this.findAsset(id),
      checkParental: (asset, session, pin) => this.checkParental(asset, session, pin),
    };
    const liveCaller = { ...caller, session: caller.session };
    if (recording !== undefined) return playRecording(context, recording, liveCaller);
    if (programme !== undefined) return playProgramme(context, programme, liveCaller);
    return playChannel(context, (found as { asset: Asset }).asset, liveCaller);
  }

  /** The asset of an id or slug in the current catalogue, with whether it is a trailer. */
  async findAsset(idOrSlug: string): Promise<{ asset: Asset; trailer: boolean } | undefined> {
    const snapshot = await this.catalogue.snapshot();
    const entry = snapshot.byId.get(idOrSlug) ?? snapshot.bySlug.get(idOrSlug);
    if (entry === undefined) return undefined;
    return { asset: entry.asset, trailer: this.trailersOf(snapshot).has(entry.asset.assetId) };
  }

  /** A play session of this server, when `id` is one: what the pre-roll asks of it (modules/ads). */
  async playSession(id: string): Promise<PlaySessionFacts | undefined> {
    const row = await repo.findPlaySession(this.db, id);
    return row === undefined
      ? undefined
      : { id: row.id, expiresAt: Date.parse(row.expires_at), country: row.country };
  }

  /** What the eventsink needs of an asset: its length (Completed = the whole of it), whether it is a trailer (no bookmark), a programme's start. */
  async assetFacts(assetId: string): Promise<AssetFacts | undefined> {
    const found = await this.findAsset(assetId);
    if (found === undefined) {
      // A programme (start-over, catch-up) or a recording: its bookmark is kept as a title's, over its span.
      const programme =
        (await this.live?.schedule.programme(assetId)) ??
        (await this.live?.recordings?.forPlay(assetId))?.programme;
      return (
        programme && {
          durationMs: programme.endMs - programme.startMs,
          trailer: false,
          startMs: programme.startMs,
        }
      );
    }
    const durationMs =
      found.asset.medias?.find((m) => m.durationMillis !== undefined)?.durationMillis ??
      found.asset.duration ??
      0;
    return { durationMs, trailer: found.trailer };
  }

  /** CLIP assets another asset links to as its TRAILER. */
  private trailersOf(snapshot: CatalogueSnapshot): Set<string> {
    let set = this.trailerSets.get(snapshot);
    if (set === undefined) {
      set = new Set();
      for (const entry of snapshot.entries) {
        for (const link of entry.asset.linkedEntities ?? []) {
          if (link.linkType === 'TRAILER') set.add(link.entityId);
        }
      }
      for (const id of [...set]) if (snapshot.byId.get(id)?.asset.type !== 'CLIP') set.delete(id);
      this.trailerSets.set(snapshot, set);
    }
    return set;
  }

  /** Session-less callers reach this only for trailers (the route answers 401 LOGIN otherwise). */
  async play(idOrSlug: string, caller: PlayCaller): Promise<PlayResponse> {
    const found = await this.findAsset(idOrSlug);
    const live = await this.playLive(idOrSlug, found, caller);
    if (live !== undefined) return live;
    const now = this.clock();
    const householdId = caller.session?.household.id;
    const { asset, trailer, grant } = await grantOf(
      this.db,
      this.tenant,
      idOrSlug,
      found,
      { householdId, country: caller.country, tvProvider: caller.tvProvider },
      now,
    );

    if (caller.session !== null) await this.checkParental(asset, caller.session, caller.pin);

    const medias = playableMedias(asset.medias ?? []);
    if (medias.length === 0) {
      throw new ApiError(
        403,
        'NOT_AVAILABLE_IN_FORMAT',
        `${asset.assetId} has no playable HLS or DASH media`,
      );
    }

    const rating = csaRating(asset);
    // A trailer is itself a promotion: it plays at once, with no bumper and no ad (ADR 0010).
    const bumperIds = trailer
      ? []
      : ['bumper-brand', classificationBumper(rating)].filter((id): id is string => id !== undefined);
    const bumpers = bumperIds.flatMap((id) => {
      const media = this.registry.bumpers.get(id);
      return media === undefined ? [] : [{ id, media }];
    });

    // A demo title longer than its packaged media plays it looped to its length (ADR 0028).
    const looped = trailer ? undefined : await this.live?.titles?.loopedLength(asset.assetId);
    const durationInMs = Math.max(0, Math.round(looped ?? medias[0]?.durationMillis ?? asset.duration ?? 0));
    const playSessionId = newPlaySessionId();
    // The URLs stay valid for the whole asset plus PLAY_TOKEN_TTL_MS of pauses: a token that
    // expired mid-film would stop the next segment.
    const expiration = now + durationInMs + PLAY_TOKEN_TTL_MS;
    const prefixes = new Set<string>();
    if (looped !== undefined) prefixes.add(`/title/${asset.assetId}/`);
    else for (const media of medias) prefixes.add(folderOf(media.locator));
    for (const { media } of bumpers) {
      for (const locator of [media.hls, media.dash])
        if (locator !== undefined && isMediaPath(locator)) prefixes.add(folderOf(locator));
    }
    const playToken = this.tokens.play.sign({
      sid: playSessionId,
      aid: asset.assetId,
      exp: expiration,
      p: [...prefixes],
    });

    await repo.insertPlaySession(this.db, {
      id: playSessionId,
      household_id: caller.session?.household.id ?? null,
      profile_id: caller.session?.profile.id ?? null,
      asset_id: asset.assetId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(expiration).toISOString(),
      country: caller.country ?? null,
    });

    const adsApply = !trailer && grant.maxAds > 0 && caller.country !== NO_ADS_COUNTRY;
    const vastUrl = adsApply
      ? `${playbackPaths.vast(this.tenant)}?playSessionId=${encodeURIComponent(playSessionId)}`
      : undefined;
    const licenseServerUrl = caller.origin + playbackPaths.clearKeyLicense(this.tenant);
    const signed = (locator: string) => `${PROTECTED_MEDIA_PREFIX}${playToken}${locator}`;

    const formats = contentFormats(medias, {
      signed,
      vastUrl,
      licenseServerUrl,
      ...(looped === undefined ? {} : { loopedAssetId: asset.assetId }),
    });
    if (formats.length === 0) {
      throw new ApiError(
        403,
        'NOT_AVAILABLE_IN_FORMAT',
        `${asset.assetId} has no format this player can decrypt`,
      );
    }

    let lastViewedOffset = 0;
    if (caller.session !== null && !trailer) {
      const [entry] = await listPlayHistory(this.db, caller.session.profile.id, [asset.assetId]);
      lastViewedOffset = entry?.lastViewedOffset ?? 0;
    }

    const rights = grant.publication.rights ?? {};
    const response: PlayResponse = {
      playSessionId,
      requestId: caller.requestId,
      assetId: asset.assetId,
      publicationId: grant.publication.publicationId,
      entitlementType: grant.entitlementType,
      formats,
      playToken,
      playTokenExpiration: expiration,
      durationInMs,
      bookmarks: { lastViewedOffset },
      contractRestrictions: {
        airplayEnabled: rights.airplayBlocked !== true,
        ffEnabled: rights.ffEnabled ?? true,
        rwEnabled: rights.rwEnabled ?? true,
        timeshiftEnabled: false,
      },
      streamInfo: { live: false, static: true, event: false },
      analytics: { postInterval: 3, percentage: 100 },
      beaconToken: this.tokens.beacon.sign({ sid: playSessionId, exp: expiration }),
      bumpers: bumperFormats(bumpers, signed),
    };
    if (grant.productId !== undefined) response.productId = grant.productId;
    if (rating !== undefined) response.parentalRating = rating;
    return response;
  }

  /**
   * A profile held to a parental level below the asset's CSA rating (its PrLevel, or a child
   * profile's default: profileParentalLevel) plays it only with the household owner's PIN
   * (x-parental-pin). Checked here, not only in the browser.
   */
  async checkParental(asset: Asset, session: SessionContext, pin: string | undefined): Promise<void> {
    const level = profileParentalLevel(parentalProfileOf(session.profile));
    if (!needsParentalPin(level, csaRating(asset))) return;
    const owner = await findOwnerProfile(this.db, session.household.id);
    const ownerPin = owner?.pin_hash ?? null;
    if (pin === undefined || pin === '') {
      throw new ApiError(
        403,
        'PARENTAL_PIN_REQUIRED',
        ownerPin === null
          ? 'this title is above the profile’s parental level, and the main profile has no PIN to unlock it'
          : `this title is above the profile’s parental level: send the main profile’s PIN in ${PARENTAL_PIN_HEADER}`,
      );
    }
    if (ownerPin === null) {
      throw new ApiError(
        403,
        'INVALID_PIN_CODE',
        'the main profile has no PIN, so no PIN can unlock this title: set one first',
      );
    }
    if (!(await this.pinAttempts.attempt(session.household.id, () => verifyPin(pin, ownerPin)))) {
      throw new ApiError(403, 'INVALID_PIN_CODE', 'wrong parental PIN');
    }
  }
}

/** The asset's CSA rating code (the catalogue's ratings are CSA codes; the first numeric one otherwise). */
export function csaRating(asset: Asset): string | undefined {
  return csaRatingOf(asset.parentalRatings);
}
