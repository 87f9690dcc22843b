import {
  CATCHUP_DAYS,
  hasProgramFlag,
  PLAY_TOKEN_TTL_MS,
  PROTECTED_MEDIA_PREFIX,
  type Asset,
  type PlayFormat,
  type PlayResponse,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { listPlayHistory, type SessionContext } from '../accounts/index.js';
import type { LiveStreamService, ScheduledProgramme, ScheduleReader } from '../live/index.js';
import type { BeaconTokens } from './beacon-token.js';
import { allowedPublications, entitle, refuseWithoutTvProvider } from './entitlement.js';
import { newPlaySessionId, type PlayTokens } from './play-token.js';
import * as repo from './repository.js';

/**
 * entitlement/play of live television (spec part 1 §6, Exposure notes §4; ADR 0023): a TV_CHANNEL
 * plays its live stream, a programme of the schedule plays from its start while on air with the
 * start-over flag (event manifest) or, ended with the catch-up flag within CATCHUP_DAYS, as a
 * bounded manifest. Rights are the channel's: its publications (geo) and products (the live
 * package: a Subscription product the household must hold, as for VOD); the parental level is the
 * aired title's. service.ts routes here; the shared rules (session, PIN) come from it.
 */

export interface LivePlayContext {
  db: Kysely<Database>;
  tenant: Tenant;
  tokens: { play: PlayTokens; beacon: BeaconTokens };
  clock: () => number;
  live: LiveStreamService;
  schedule: ScheduleReader;
  findAsset(idOrSlug: string): Promise<{ asset: Asset } | undefined>;
  checkParental(asset: Asset, session: SessionContext, pin: string | undefined): Promise<void>;
}

export interface LiveCaller {
  session: SessionContext;
  country: string | undefined;
  /** A provider-bound session or a verified media token (the US rule, entitlement.ts). */
  tvProvider: boolean;
  pin: string | undefined;
  requestId: string;
}

const DAY_MS = 86_400_000;
/** A channel's URLs stay valid this long (a live viewer is not asked to play again within it). */
export const LIVE_TOKEN_TTL_MS = 6 * PLAY_TOKEN_TTL_MS;

/** The channel's live stream. */
export async function playChannel(
  ctx: LivePlayContext,
  channel: Asset,
  caller: LiveCaller,
): Promise<PlayResponse> {
  const now = ctx.clock();
  const grant = await grantFor(ctx, channel, caller, channel);
  const [onAir] = await ctx.schedule.programmesBetween(channel.assetId, now, now + 1);
  // The channel's bookmark is the wall-clock instant last watched (the eventsink keeps it as told).
  const [history] = await listPlayHistory(ctx.db, caller.session.profile.id, [channel.assetId]);
  return respond(ctx, caller, grant, {
    channel,
    playedId: channel.assetId,
    window: 'live',
    prefixes: [`/live/${channel.assetId}/`],
    expiration: now + LIVE_TOKEN_TTL_MS,
    durationInMs: 0,
    ...(history && history.lastViewedOffset > 0 ? { liveTime: history.lastViewedOffset } : {}),
    streamInfo: {
      live: true,
      static: false,
      event: false,
      ...(onAir ? { start: onAir.startMs } : {}),
      channelId: channel.assetId,
    },
  });
}

/** A programme: start-over while on air, catch-up once ended; refused otherwise. */
export async function playProgramme(
  ctx: LivePlayContext,
  programme: ScheduledProgramme,
  caller: LiveCaller,
): Promise<PlayResponse> {
  const now = ctx.clock();
  const channel = (await ctx.findAsset(programme.channelId))?.asset;
  if (channel === undefined || channel.type !== 'TV_CHANNEL')
    throw new ApiError(404, 'UNKNOWN_ASSET', `unknown programme ${programme.programId}`);
  const { startMs, endMs, flags } = programme;
  if (startMs > now) {
    const availableAt = new Date(startMs).toISOString();
    throw new ApiError(403, 'NOT_PUBLISHED', `the programme starts at ${availableAt}`, [
      { type: 'WAIT', publication: { availableAt, publicationId: programme.programId } },
    ]);
  } else if (endMs > now) {
    if (!hasProgramFlag(flags, 'STARTOVER'))
      throw new ApiError(
        403,
        'NOT_AVAILABLE_IN_FORMAT',
        'this programme has no start-over: play the channel live',
      );
  } else {
    if (!hasProgramFlag(flags, 'CATCHUP'))
      throw new ApiError(403, 'NOT_AVAILABLE_IN_FORMAT', 'this programme has no catch-up');
    if (endMs < now - CATCHUP_DAYS * DAY_MS)
      throw new ApiError(403, 'LICENSE_EXPIRED', `catch-up lasts ${CATCHUP_DAYS} days after the programme`);
  }
  const aired = (await ctx.findAsset(programme.assetId))?.asset ?? channel;
  const grant = await grantFor(ctx, channel, caller, aired);
  const offer = await spanOffer(ctx, {
    channel,
    playedId: programme.programId,
    startMs,
    endMs,
    profileId: caller.session.profile.id,
    now,
  });
  return respond(ctx, caller, grant, {
    ...offer,
    streamInfo: { ...offer.streamInfo, channelId: channel.assetId, programId: programme.programId },
  });
}

/**
 * The offer of a past or airing span of a channel (a programme's start-over or catch-up, a
 * recording): while it airs, the event window from its start; once over, the bounded window, from
 * the profile's bookmark of it.
 */
export async function spanOffer(
  ctx: LivePlayContext,
  span: { channel: Asset; playedId: string; startMs: number; endMs: number; profileId: string; now: number },
): Promise<LiveOffer> {
  const { channel, playedId, startMs, endMs, now } = span;
  const event = endMs > now;
  const window = event ? `from-${startMs}` : `${startMs}-${endMs}`;
  const base = `/live/${channel.assetId}/`;
  const [history] = await listPlayHistory(ctx.db, span.profileId, [playedId]);
  const lastViewedOffset = event ? 0 : (history?.lastViewedOffset ?? 0);
  return {
    channel,
    playedId,
    window,
    prefixes: [`${base}${window}/`, `${base}s/`, `${base}i/`],
    limit: [startMs, endMs],
    expiration: now + (endMs - startMs) + PLAY_TOKEN_TTL_MS,
    durationInMs: endMs - startMs,
    lastViewedOffset,
    liveTime: startMs + lastViewedOffset,
    streamInfo: { live: event, static: !event, event, start: startMs, end: endMs },
  };
}

export type Grant = Awaited<ReturnType<typeof entitle>>;

/** The channel's publications and products (geo, live package), then the aired title's parental level. */
async function grantFor(
  ctx: LivePlayContext,
  channel: Asset,
  caller: LiveCaller,
  aired: Asset,
): Promise<Grant> {
  const now = ctx.clock();
  const publications = channel.publications ?? [];
  if (publications.length === 0) throw new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${channel.assetId}`);
  const allowed = allowedPublications(publications, now, caller.country);
  refuseWithoutTvProvider(caller);
  const grant = await entitle(
    ctx.db,
    ctx.tenant,
    channel,
    allowed,
    publications,
    caller.session.household.id,
    now,
  );
  await ctx.checkParental(aired, caller.session, caller.pin);
  if (!(await ctx.live.hasStream(channel.assetId)))
    throw new ApiError(403, 'NOT_AVAILABLE_IN_FORMAT', `${channel.assetId} has no live stream`);
  return grant;
}

export interface LiveOffer {
  channel: Asset;
  /** What the play session is for: the channel, or the programme. */
  playedId: string;
  window: string;
  prefixes: string[];
  limit?: [number, number];
  expiration: number;
  durationInMs: number;
  lastViewedOffset?: number;
  liveTime?: number;
  streamInfo: PlayResponse['streamInfo'];
}

/** The play session, its token over the offer's folders, and the answer (recording-play.ts too). */
export async function respond(
  ctx: LivePlayContext,
  caller: LiveCaller,
  grant: Grant,
  offer: LiveOffer,
): Promise<PlayResponse> {
  const playSessionId = newPlaySessionId();
  const playToken = ctx.tokens.play.sign({
    sid: playSessionId,
    aid: offer.playedId,
    exp: offer.expiration,
    p: offer.prefixes,
    ...(offer.limit ? { w: offer.limit } : {}),
  });
  await repo.insertPlaySession(ctx.db, {
    id: playSessionId,
    household_id: caller.session.household.id,
    profile_id: caller.session.profile.id,
    asset_id: offer.playedId,
    created_at: new Date(ctx.clock()).toISOString(),
    expires_at: new Date(offer.expiration).toISOString(),
    country: caller.country ?? null,
  });
  const locator = (file: string) =>
    `${PROTECTED_MEDIA_PREFIX}${playToken}/live/${offer.channel.assetId}/${offer.window}/${file}`;
  const formats: PlayFormat[] = [
    { format: 'HLS', mediaLocator: locator('master.m3u8') },
    { format: 'DASH', mediaLocator: locator('manifest.mpd') },
  ];
  const rights = grant.publication.rights ?? {};
  const response: PlayResponse = {
    playSessionId,
    requestId: caller.requestId,
    assetId: offer.playedId,
    publicationId: grant.publication.publicationId,
    entitlementType: grant.entitlementType,
    formats,
    playToken,
    playTokenExpiration: offer.expiration,
    durationInMs: offer.durationInMs,
    bookmarks: {
      lastViewedOffset: offer.lastViewedOffset ?? 0,
      ...(offer.liveTime === undefined ? {} : { liveTime: offer.liveTime }),
    },
    contractRestrictions: {
      airplayEnabled: rights.airplayBlocked !== true,
      ffEnabled: rights.ffEnabled ?? true,
      rwEnabled: rights.rwEnabled ?? true,
      timeshiftEnabled: offer.streamInfo.live,
    },
    streamInfo: offer.streamInfo,
    analytics: { postInterval: 3, percentage: 100 },
    beaconToken: ctx.tokens.beacon.sign({ sid: playSessionId, exp: offer.expiration }),
    bumpers: {},
  };
  if (grant.productId !== undefined) response.productId = grant.productId;
  return response;
}
