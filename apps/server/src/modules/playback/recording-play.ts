import { CATCHUP_DAYS, type Asset, type PlayResponse, type Publication } from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';
import type { RecordingForPlay } from '../recordings/index.js';
import { refuseWithoutTvProvider } from './entitlement.js';
import { respond, spanOffer, type Grant, type LiveCaller, type LivePlayContext } from './live-play.js';

/**
 * entitlement/play of a network recording (ADR 0026): only its profile plays it (anyone else: 404,
 * as an id that does not exist); in progress, the event manifest from its start; done, the bounded
 * manifest of its span — the live streams' own (live-play.ts `respond`), kept CATCHUP_DAYS like
 * every past range. Recordings are granted (spec part 1 §6: no product), but the aired title's
 * countries and parental level still apply.
 */

const DAY_MS = 86_400_000;

export async function playRecording(
  ctx: LivePlayContext,
  recording: RecordingForPlay,
  caller: LiveCaller,
): Promise<PlayResponse> {
  const { session } = caller;
  if (recording.householdId !== session.household.id || recording.profileId !== session.profile.id)
    throw new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${recording.recordingId}`);
  if (recording.failureReason !== null)
    throw new ApiError(
      403,
      'NOT_AVAILABLE_IN_FORMAT',
      `the recording failed (${recording.failureReason}): nothing was recorded`,
    );
  const now = ctx.clock();
  const { startMs, endMs, channelId, assetId } = recording.programme;
  if (startMs > now) {
    const availableAt = new Date(startMs).toISOString();
    throw new ApiError(403, 'NOT_PUBLISHED', `the recording starts at ${availableAt}`, [
      { type: 'WAIT', publication: { availableAt, publicationId: recording.recordingId } },
    ]);
  }
  if (endMs < now - CATCHUP_DAYS * DAY_MS)
    throw new ApiError(
      403,
      'LICENSE_EXPIRED',
      `recordings are kept ${CATCHUP_DAYS} days after the programme`,
    );
  const channel = (await ctx.findAsset(channelId))?.asset;
  if (channel === undefined || channel.type !== 'TV_CHANNEL')
    throw new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${recording.recordingId}`);
  const aired = (await ctx.findAsset(assetId))?.asset ?? channel;
  const grant = recordingGrant(channel, aired, caller.country);
  refuseWithoutTvProvider(caller);
  await ctx.checkParental(aired, session, caller.pin);
  if (!(await ctx.live.hasStream(channel.assetId)))
    throw new ApiError(403, 'NOT_AVAILABLE_IN_FORMAT', `${channel.assetId} has no live stream`);

  const offer = await spanOffer(ctx, {
    channel,
    playedId: recording.recordingId,
    startMs,
    endMs,
    profileId: session.profile.id,
    now,
  });
  return respond(ctx, caller, grant, offer);
}

/**
 * Granted, free, without ads: through the first of the aired title's publications (the channel's
 * for a channel's own programme) that allows the caller's country, whatever their dates (the
 * recording is the household's copy, not an on-demand offer); none → GEO_BLOCKED. An unknown
 * country (a private address) is not held against the caller, as for every play.
 */
function recordingGrant(channel: Asset, aired: Asset, country: string | undefined): Grant {
  const own = aired.publications ?? [];
  const publications: Publication[] = own.length > 0 ? own : (channel.publications ?? []);
  if (publications.length === 0) throw new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${channel.assetId}`);
  const allowed = publications.find(
    (p) => country === undefined || p.countries.length === 0 || p.countries.includes(country),
  );
  if (allowed === undefined)
    throw new ApiError(403, 'GEO_BLOCKED', `not available in ${country ?? 'this country'}`);
  return { publication: allowed, entitlementType: 'FVOD', maxAds: 0 };
}
