import {
  EPG_DEFAULT_PAGE_SIZE,
  type ChannelEpg,
  type ChannelOnNowList,
  type ChannelStatus,
  type EpgDateQuery,
  type EventList,
  type EventQuery,
  type OnNowQuery,
  type Program,
} from '@antenne/contract';
import { DAY_MS, dayStartMs } from '@antenne/content';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/index.js';
import { withAccessMarks, type AccessMarks } from './access-marks.js';
import { channelBuckets, channelsOf, fullAsset, programAnswer, resolveChannel } from './answers.js';
import {
  findFirstStartingFrom,
  findNextAiring,
  findProgramme,
  listProgrammesBetween,
  type StoredProgramme,
} from './repository.js';
import type { ScheduledProgramme, ScheduleReader } from './schedule-reader.js';
import { ScheduleTopUp, windowAround, type Generator } from './top-up.js';

/**
 * The schedule (EPG): the ScheduleReader the streams read, and the Exposure EPG calls' answers.
 * Reads go to the database (the `programmes` table) after the top-up made sure the days they
 * span are stored (top-up.ts); programmes are turned into answers with the catalogue snapshot
 * the caller read (answers.ts). Every "now" is the app's clock.
 */

const MINUTE_MS = 60_000;
/** On-now answers are cached at most this long (and never past the next programme change). */
const ON_NOW_MAX_AGE_S = 60;

const programNotFound = (id: string) => new ApiError(404, 'PROGRAM_NOT_FOUND', `no programme ${id}`);
const nextNotFound = (id: string) => new ApiError(404, 'NEXT_PROGRAM_NOT_FOUND', `no programme after ${id}`);

export interface EpgServiceOptions {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  clock?: () => number;
  log?: FastifyBaseLogger;
  /** The demo generator by default (tests may pass another). */
  generate?: Generator;
  /** The aired titles' access-service marks (ADR 0029); none by default. */
  accessMarks?: AccessMarks;
}

/** An answer that is right until `maxAgeS` seconds from now (the next programme change). */
export interface Timed<T> {
  answer: T;
  maxAgeS: number;
}

export class EpgService implements ScheduleReader {
  private readonly db: Kysely<Database>;
  private readonly catalogue: CatalogueService;
  readonly clock: () => number;
  private readonly topUp: ScheduleTopUp;
  private accessMarks: AccessMarks | undefined;

  constructor(options: EpgServiceOptions) {
    this.db = options.db;
    this.catalogue = options.catalogue;
    this.clock = options.clock ?? Date.now;
    this.topUp = new ScheduleTopUp(this.db, this.clock, options.generate, options.log);
    this.accessMarks = options.accessMarks;
  }

  /** The composition root hands the marks once the streams (which read the media) exist. */
  useAccessMarks(marks: AccessMarks): void {
    this.accessMarks = marks;
  }

  snapshot(): Promise<CatalogueSnapshot> {
    return this.catalogue.snapshot();
  }

  /** Stores the generated window of every channel (at start). */
  async topUpWindow(): Promise<void> {
    const snapshot = await this.snapshot();
    await this.ensure(snapshot, this.channelIds(snapshot));
  }

  /** An import took over the channel's schedule: it is no longer generated. */
  channelImported(channelId: string): void {
    this.topUp.channelImported(channelId);
  }

  // ---- ScheduleReader ---------------------------------------------------------------------------

  async programmesBetween(channelId: string, fromMs: number, toMs: number): Promise<ScheduledProgramme[]> {
    const snapshot = await this.snapshot();
    await this.ensure(snapshot, [channelId]);
    return (await listProgrammesBetween(this.db, [channelId], fromMs, toMs)).map(readerView);
  }

  async programme(programId: string): Promise<ScheduledProgramme | undefined> {
    const found = await findProgramme(this.db, programId);
    return found === undefined ? undefined : readerView(found);
  }

  // ---- Exposure calls -----------------------------------------------------------------------------

  /** `epg/{channelId}/date/{date}`: one channel's programmes over the days asked. */
  async channelDate(snapshot: CatalogueSnapshot, idOrSlug: string, date: string, query: EpgDateQuery) {
    const channel = resolveChannel(snapshot, idOrSlug).asset.assetId;
    const buckets = await this.dateBuckets(snapshot, [channel], date, query);
    return buckets[0] ?? ({ channelId: channel, programs: [], totalHitsAllChannels: 0 } satisfies ChannelEpg);
  }

  /** `epg/date/{date}`: every channel's, a bucket per channel with programmes in the page. */
  async allDate(snapshot: CatalogueSnapshot, date: string, query: EpgDateQuery): Promise<ChannelEpg[]> {
    return this.dateBuckets(snapshot, this.channelIds(snapshot), date, query);
  }

  private async dateBuckets(
    snapshot: CatalogueSnapshot,
    channels: string[],
    date: string,
    query: EpgDateQuery,
  ): Promise<ChannelEpg[]> {
    const { fromMs, toMs } = this.span(date, query.daysBackward ?? 0, query.daysForward ?? 0, true);
    await this.ensure(snapshot, channels);
    const programmes = await listProgrammesBetween(this.db, channels, fromMs, toMs);
    const page = { pageSize: query.pageSize ?? EPG_DEFAULT_PAGE_SIZE, pageNumber: query.pageNumber ?? 1 };
    const descending = query.startDateSort === 'DESC';
    // Each programme's asset as asked (PARTIAL by default), as the catalogue lists choose theirs.
    const fields = this.catalogue.fields(
      query.fieldSet ?? 'PARTIAL',
      query.includeFields,
      query.excludeFields,
    );
    const buckets = channelBuckets(snapshot, channels, programmes, page, descending, this.clock(), fields);
    await withAccessMarks(
      buckets.flatMap((b) => b.programs),
      this.accessMarks,
    );
    return buckets;
  }

  /** `epg/{channelId}/program/{programId}`: by id, or by its start (epoch ms) on that channel. */
  async program(snapshot: CatalogueSnapshot, idOrSlug: string, programId: string): Promise<Program> {
    const found = await this.findOnChannel(snapshot, idOrSlug, programId);
    return this.marked(programAnswer(snapshot, found, this.clock(), fullAsset));
  }

  /** `epg/{channelId}/program/{programId}/next`: the programme after it on its channel. */
  async programNext(snapshot: CatalogueSnapshot, idOrSlug: string, programId: string): Promise<Program> {
    const found = await this.findOnChannel(snapshot, idOrSlug, programId);
    await this.ensure(snapshot, [found.channelId]);
    const next = await findFirstStartingFrom(this.db, found.channelId, found.endMs);
    if (next === undefined) throw nextNotFound(programId);
    return this.marked(programAnswer(snapshot, next, this.clock(), fullAsset));
  }

  /** `epg/asset/{assetId}/next`: the next airing of a title, on any channel, starting from now. */
  async assetNext(snapshot: CatalogueSnapshot, assetIdOrSlug: string): Promise<Program> {
    const entry = snapshot.byId.get(assetIdOrSlug) ?? snapshot.bySlug.get(assetIdOrSlug);
    if (entry === undefined) throw nextNotFound(assetIdOrSlug);
    const now = this.clock();
    await this.ensure(snapshot, this.channelIds(snapshot));
    const next = await findNextAiring(this.db, entry.asset.assetId, now);
    if (next === undefined) throw nextNotFound(assetIdOrSlug);
    return this.marked(programAnswer(snapshot, next, now, fullAsset));
  }

  /** v1 `epg/{channelId}/onnow`: the programme on air and the next one. */
  async channelOnNow(snapshot: CatalogueSnapshot, idOrSlug: string): Promise<Timed<ChannelEpg>> {
    const channel = resolveChannel(snapshot, idOrSlug).asset.assetId;
    const now = this.clock();
    await this.ensure(snapshot, [channel]);
    const current = (await listProgrammesBetween(this.db, [channel], now, now + 1))[0];
    const next = await findFirstStartingFrom(this.db, channel, current?.endMs ?? now);
    const stored = [current, next].filter((p): p is StoredProgramme => p !== undefined);
    const programs = stored.map((p) => programAnswer(snapshot, p, now));
    await withAccessMarks(programs, this.accessMarks);
    return {
      answer: {
        channelId: channel,
        programs,
        totalHitsAllChannels: programs.length,
      },
      maxAgeS: maxAgeUntil(now, current?.endMs ?? next?.startMs),
    };
  }

  /** v1 `channel/onnow`: each channel's programme on air, then those starting within minutesForward. */
  async onNow(snapshot: CatalogueSnapshot, query: OnNowQuery): Promise<Timed<ChannelOnNowList>> {
    const now = this.clock();
    const until = now + (query.minutesForward ?? 0) * MINUTE_MS;
    let channels = channelsOf(snapshot);
    if (query.sortingLocale !== undefined) {
      const locale = query.sortingLocale;
      const title = (e: (typeof channels)[number]) =>
        e.asset.localized?.find((l) => l.locale === locale)?.title ?? e.asset.localized?.[0]?.title ?? '';
      channels = [...channels].sort((a, b) => title(a).localeCompare(title(b), locale));
    }
    const pageSize = query.pageSize ?? 50;
    const pageNumber = query.pageNumber ?? 1;
    const page = channels.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const ids = page.map((c) => c.asset.assetId);
    await this.ensure(snapshot, ids);
    const programmes = await listProgrammesBetween(this.db, ids, now, until + 1);
    let nextChange: number | undefined;
    const statuses = page.map((channel): ChannelStatus => {
      const own = programmes.filter((p) => p.channelId === channel.asset.assetId);
      const current = own.find((p) => p.startMs <= now);
      const change = current?.endMs ?? own[0]?.startMs;
      if (change !== undefined && (nextChange === undefined || change < nextChange)) nextChange = change;
      return {
        channel: channel.partial,
        active: current !== undefined,
        assets: own.map((p) => ({
          asset: programAnswer(snapshot, p, now).asset,
          startTime: new Date(p.startMs).toISOString(),
          endTime: new Date(p.endMs).toISOString(),
        })),
      };
    });
    return {
      answer: { apiChannelStatuses: statuses, pageSize, pageNumber },
      maxAgeS: maxAgeUntil(now, nextChange),
    };
  }

  /** v2 `event/date/{date}`: the airings of live events (LIVE_EVENT titles) over the days asked. */
  async events(snapshot: CatalogueSnapshot, date: string, query: EventQuery): Promise<EventList> {
    const { fromMs, toMs } = this.span(date, query.daysBackward ?? 0, query.daysForward ?? 0, false);
    const channels = this.channelIds(snapshot);
    await this.ensure(snapshot, channels);
    const now = this.clock();
    const events = (await listProgrammesBetween(this.db, channels, fromMs, toMs))
      .filter((p) => snapshot.byId.get(p.assetId)?.asset.type === 'LIVE_EVENT')
      .filter((p) => !(query.hideEnded ?? false) || p.endMs > now)
      .sort((a, b) => a.startMs - b.startMs || (a.channelId < b.channelId ? -1 : 1));
    const pageSize = query.pageSize ?? EPG_DEFAULT_PAGE_SIZE;
    const pageNumber = query.pageNumber ?? 1;
    return {
      items: events.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((p) => ({
        assetId: p.assetId,
        asset: programAnswer(snapshot, p, now).asset,
        startTime: new Date(p.startMs).toISOString(),
        endTime: new Date(p.endMs).toISOString(),
      })),
      pageNumber,
      pageSize,
      totalCount: events.length,
    };
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private async marked(program: Program): Promise<Program> {
    await withAccessMarks([program], this.accessMarks);
    return program;
  }

  private channelIds(snapshot: CatalogueSnapshot): string[] {
    return channelsOf(snapshot).map((c) => c.asset.assetId);
  }

  /** The window of today stored for the channels (top-up.ts). */
  private ensure(snapshot: CatalogueSnapshot, channels: string[]) {
    return this.topUp.ensure(channels, (id) => snapshot.byId.has(id));
  }

  /**
   * [00:00 of date − daysBackward, 24:00 of date + daysForward); 400 when `date` is no calendar
   * day; with `windowed`, 422 when the span leaves the schedule window.
   */
  private span(date: string, daysBackward: number, daysForward: number, windowed: boolean) {
    const day = dayStartMs(date);
    if (Number.isNaN(day)) throw new ApiError(400, 'BAD_REQUEST', `date: ${date} is not a calendar day`);
    const fromMs = day - daysBackward * DAY_MS;
    const toMs = day + (daysForward + 1) * DAY_MS;
    const window = windowAround(this.clock());
    if (windowed && (fromMs < window.firstMs || toMs > window.endMs))
      throw new ApiError(
        422,
        'DATE_REQUESTED_OUTSIDE_VALID_WINDOW',
        `the schedule spans ${new Date(window.firstMs).toISOString().slice(0, 10)} to ${new Date(window.endMs - DAY_MS).toISOString().slice(0, 10)}`,
      );
    return { fromMs, toMs };
  }

  private async findOnChannel(
    snapshot: CatalogueSnapshot,
    idOrSlug: string,
    programId: string,
  ): Promise<StoredProgramme> {
    const channel = resolveChannel(snapshot, idOrSlug).asset.assetId;
    let found = await findProgramme(this.db, programId);
    if (found === undefined && /^\d{1,15}$/.test(programId)) {
      const start = Number(programId);
      await this.ensure(snapshot, [channel]);
      const at = await findFirstStartingFrom(this.db, channel, start);
      found = at?.startMs === start ? at : undefined;
    }
    if (found === undefined || found.channelId !== channel) throw programNotFound(programId);
    return found;
  }
}

function readerView(p: StoredProgramme): ScheduledProgramme {
  return {
    programId: p.programId,
    channelId: p.channelId,
    assetId: p.assetId,
    startMs: p.startMs,
    endMs: p.endMs,
    flags: p.flags,
  };
}

/** Seconds until `change` (the next programme change), between 1 and ON_NOW_MAX_AGE_S. */
function maxAgeUntil(now: number, change: number | undefined): number {
  if (change === undefined) return ON_NOW_MAX_AGE_S;
  return Math.max(1, Math.min(ON_NOW_MAX_AGE_S, Math.ceil((change - now) / 1000)));
}
