import {
  CATCHUP_DAYS,
  DEFAULT_CHANNEL_ALIAS,
  hasProgramFlag,
  type Asset,
  type ChannelEpg,
  type Program,
} from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';
import type { CatalogueEntry, CatalogueSnapshot } from '../catalogue/index.js';
import type { StoredProgramme } from './repository.js';

/**
 * From stored programmes and the catalogue snapshot to Exposure's answers (ApiProgramResponse,
 * ApiChannelEPGResponse), and the channels: their order and how an id, a slug or the spec's
 * default channel names one. Pure functions of their inputs and `now`.
 */

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export const channelNotFound = (id: string) => new ApiError(404, 'CHANNEL_NOT_FOUND', `no channel ${id}`);

function channelNumber(entry: CatalogueEntry): number {
  const data = entry.asset.customData as { channelNumber?: unknown } | undefined;
  return typeof data?.channelNumber === 'number' ? data.channelNumber : Number.MAX_SAFE_INTEGER;
}

/** The TV_CHANNEL assets in channel order: `customData.channelNumber`, then id. */
export function channelsOf(snapshot: CatalogueSnapshot): CatalogueEntry[] {
  return snapshot.entries
    .filter((e) => e.asset.type === 'TV_CHANNEL')
    .sort((a, b) => channelNumber(a) - channelNumber(b) || (a.asset.assetId < b.asset.assetId ? -1 : 1));
}

/**
 * The channel an id or a slug names; `channel-59` (the spec's channel when the location is
 * unknown) is the first channel unless one has that id or slug. Not a channel: 404.
 */
export function resolveChannel(snapshot: CatalogueSnapshot, idOrSlug: string): CatalogueEntry {
  const entry = snapshot.byId.get(idOrSlug) ?? snapshot.bySlug.get(idOrSlug);
  if (entry !== undefined && entry.asset.type === 'TV_CHANNEL') return entry;
  if (entry === undefined && idOrSlug === DEFAULT_CHANNEL_ALIAS) {
    const first = channelsOf(snapshot)[0];
    if (first !== undefined) return first;
  }
  throw channelNotFound(idOrSlug);
}

/** What of the aired asset a programme carries (the catalogue's field projection). */
export type AssetFields = (entry: CatalogueEntry) => Asset;
/** fieldSet=ALL: one programme's answers. */
export const fullAsset: AssetFields = (entry) => entry.asset;
/** fieldSet=PARTIAL: in lists, unless the call asks otherwise. */
export const partialAsset: AssetFields = (entry) => entry.partial;

export function programAnswer(
  snapshot: CatalogueSnapshot,
  p: StoredProgramme,
  now: number,
  fields: AssetFields = partialAsset,
): Program {
  const entry = snapshot.byId.get(p.assetId);
  const catchupFlag = hasProgramFlag(p.flags, 'CATCHUP');
  return {
    programId: p.programId,
    channelId: p.channelId,
    assetId: p.assetId,
    asset: entry === undefined ? { assetId: p.assetId, type: 'OTHER' } : fields(entry),
    startTime: iso(p.startMs),
    endTime: iso(p.endMs),
    // A current publication window (in any country): the title plays on demand now.
    vodAvailable: entry?.windows.some((w) => w.from <= now && now <= w.to) ?? false,
    catchup: catchupFlag && p.endMs <= now && now - p.endMs <= CATCHUP_DAYS * DAY_MS,
    catchupBlocked: !catchupFlag,
    blackout: false,
    flags: p.flags,
    created: p.created,
    changed: p.changed,
  };
}

export interface Page {
  pageSize: number;
  pageNumber: number;
}

/**
 * The `epg/.../date` answer: the programmes of the channels (in channel order, each by start,
 * ASC or DESC), paged over the whole list; a bucket per channel with programmes in the page.
 */
export function channelBuckets(
  snapshot: CatalogueSnapshot,
  channels: string[],
  programmes: StoredProgramme[],
  { pageSize, pageNumber }: Page,
  descending: boolean,
  now: number,
  fields: AssetFields = partialAsset,
): ChannelEpg[] {
  const rank = new Map(channels.map((c, i) => [c, i]));
  const sorted = [...programmes].sort(
    (a, b) =>
      (rank.get(a.channelId) ?? 0) - (rank.get(b.channelId) ?? 0) ||
      (descending ? b.startMs - a.startMs : a.startMs - b.startMs),
  );
  const page = sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  const buckets = new Map<string, ChannelEpg>();
  for (const p of page) {
    let bucket = buckets.get(p.channelId);
    if (bucket === undefined) {
      bucket = { channelId: p.channelId, programs: [], totalHitsAllChannels: sorted.length };
      buckets.set(p.channelId, bucket);
    }
    bucket.programs.push(programAnswer(snapshot, p, now, fields));
  }
  return [...buckets.values()];
}
