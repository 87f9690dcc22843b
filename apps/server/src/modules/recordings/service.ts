import { randomBytes } from 'node:crypto';
import {
  EPG_WINDOW_DAYS,
  hasProgramFlag,
  RECORDING_QUOTA_HOURS,
  recordingStatusAt,
  SUPPORTED_RECORDING_MODE,
  type Asset,
  type Recording,
  type RecordingFailureReason,
  type RecordingList,
  type RecordingRequest,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionContext } from '../accounts/index.js';
import type { CatalogueSnapshot } from '../catalogue/index.js';
import type { ScheduledProgramme, ScheduleReader } from '../live/index.js';
import * as repo from './repository.js';

/**
 * Network recordings (issue 15 item 8, ADR 0026): what a profile records, the household's quota,
 * series, and what the play call needs of a recording. The status is never stored: it is the
 * clock's (pending, in progress, done), or error with its reason when recording it would have
 * passed the quota. Programmes are read through the ScheduleReader (the EPG service in the app).
 */

export const QUOTA_MS = RECORDING_QUOTA_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

export interface RecordingsServiceOptions {
  db: Kysely<Database>;
  /** The database's engine: the quota's lock is PostgreSQL's (recordOne). */
  engine: Engine;
  schedule: ScheduleReader;
  /** The catalogue's current snapshot: titles' names, shows (series) and channels. */
  catalogue: { snapshot(): Promise<CatalogueSnapshot> };
  clock?: () => number;
}

/** What the play call needs of a recording (playback/live-play.ts). */
export interface RecordingForPlay {
  recordingId: string;
  householdId: string;
  profileId: string;
  /** The programme as recorded (its channel, title and span). */
  programme: ScheduledProgramme;
  failureReason: string | null;
}

const notFound = (id: string) => new ApiError(404, 'RECORDING_NOT_FOUND', `no recording ${id}`);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class RecordingsService {
  private readonly db: Kysely<Database>;
  private readonly engine: Engine;
  private readonly schedule: ScheduleReader;
  private readonly catalogue: { snapshot(): Promise<CatalogueSnapshot> };
  private readonly clock: () => number;

  constructor(options: RecordingsServiceOptions) {
    this.db = options.db;
    this.engine = options.engine;
    this.schedule = options.schedule;
    this.catalogue = options.catalogue;
    this.clock = options.clock ?? Date.now;
  }

  /** The profile's recordings, after recording the new airings of its series. */
  async list(session: SessionContext, locale: string | undefined): Promise<RecordingList> {
    const snapshot = await this.catalogue.snapshot();
    const series = await repo.listSeries(this.db, session.profile.id);
    let rows = await repo.listRecordings(this.db, session.profile.id);
    if (series.length > 0) {
      const known = new Set(rows.map((r) => r.programme_id));
      let added = 0;
      for (const one of series) added += (await this.recordAirings(session, snapshot, one, known)).length;
      if (added > 0) rows = await repo.listRecordings(this.db, session.profile.id);
    }
    return this.answer(session, snapshot, locale, rows);
  }

  /** Records a programme (and with `series`, every upcoming airing of its series on its channel). */
  async record(session: SessionContext, request: RecordingRequest): Promise<RecordingList> {
    const mode = request.storageMode ?? SUPPORTED_RECORDING_MODE;
    if (mode !== SUPPORTED_RECORDING_MODE)
      throw new ApiError(
        400,
        'UNSUPPORTED_RECORDING_MODE',
        `storageMode ${mode}: this service records on the network only (NETWORK)`,
      );
    const programme = await this.schedule.programme(request.programId);
    if (programme === undefined)
      throw new ApiError(404, 'PROGRAM_NOT_FOUND', `no programme ${request.programId}`);
    if (!hasProgramFlag(programme.flags, 'PVR'))
      throw new ApiError(403, 'PROGRAM_NOT_RECORDABLE', 'this programme may not be recorded (no pvr flag)');
    if (programme.endMs <= this.clock())
      throw new ApiError(403, 'PROGRAM_NOT_RECORDABLE', 'this programme is over');
    const snapshot = await this.catalogue.snapshot();
    const ids: string[] = [];
    if (request.series === true) {
      const seriesKey = seriesKeyOf(snapshot, programme.assetId);
      await repo.insertSeries(this.db, {
        id: newId('recs'),
        household_id: session.household.id,
        profile_id: session.profile.id,
        channel_id: programme.channelId,
        series_key: seriesKey,
        created_at: new Date(this.clock()).toISOString(),
      });
      const series = await repo.findSeries(this.db, session.profile.id, programme.channelId, seriesKey);
      if (series === undefined) throw new Error('series recording not stored');
      ids.push(await this.recordOne(session, programme, series.id));
      ids.push(...(await this.recordAirings(session, snapshot, series)));
    } else {
      ids.push(await this.recordOne(session, programme, null));
    }
    const wanted = new Set(ids);
    const rows = (await repo.listRecordings(this.db, session.profile.id)).filter((r) => wanted.has(r.id));
    return this.answer(session, snapshot, request.locale, rows);
  }

  /** Cancels a pending recording or removes one in progress or done (its quota is free again). */
  async remove(session: SessionContext, recordingId: string): Promise<void> {
    if (!(await repo.deleteRecording(this.db, session.profile.id, recordingId))) throw notFound(recordingId);
  }

  /** Stops a series: its pending recordings are cancelled, those started or done kept. */
  async removeSeries(session: SessionContext, seriesId: string): Promise<void> {
    const removed = await inTransaction(this.db, (trx) =>
      repo.deleteSeries(trx, session.profile.id, seriesId, this.clock()),
    );
    if (!removed) throw notFound(seriesId);
  }

  /** A recording by id, whoever owns it (the play call checks the owner). */
  async forPlay(recordingId: string): Promise<RecordingForPlay | undefined> {
    if (!recordingId.startsWith('rec_')) return undefined;
    const row = await repo.findRecording(this.db, recordingId);
    if (row === undefined) return undefined;
    return {
      recordingId: row.id,
      householdId: row.household_id,
      profileId: row.profile_id,
      failureReason: row.failure_reason,
      programme: {
        programId: row.programme_id,
        channelId: row.channel_id,
        assetId: row.asset_id,
        startMs: row.start_ms,
        endMs: row.end_ms,
        flags: 0,
      },
    };
  }

  /** The series' airings on its channel not over, within the schedule window, recorded if not yet. */
  private async recordAirings(
    session: SessionContext,
    snapshot: CatalogueSnapshot,
    series: repo.SeriesRow,
    /** Programmes the profile records already (skipped without a transaction each). */
    known: ReadonlySet<string> = new Set(),
  ): Promise<string[]> {
    const now = this.clock();
    const airings = await this.schedule.programmesBetween(
      series.channel_id,
      now,
      now + EPG_WINDOW_DAYS * DAY_MS,
    );
    const ids: string[] = [];
    for (const airing of airings) {
      if (airing.endMs <= now || !hasProgramFlag(airing.flags, 'PVR')) continue;
      if (known.has(airing.programId) || seriesKeyOf(snapshot, airing.assetId) !== series.series_key)
        continue;
      ids.push(await this.recordOne(session, airing, series.id));
    }
    return ids;
  }

  /**
   * One programme: its recording if the profile has one, else a new one (in error past the
   * quota). The quota's check and the insert are one statement, under the household's lock on
   * PostgreSQL: every process of a cluster agrees (ADR 0026).
   */
  private async recordOne(
    session: SessionContext,
    p: ScheduledProgramme,
    seriesId: string | null,
  ): Promise<string> {
    const householdId = session.household.id;
    const row = {
      id: newId('rec'),
      household_id: householdId,
      profile_id: session.profile.id,
      programme_id: p.programId,
      channel_id: p.channelId,
      asset_id: p.assetId,
      start_ms: p.startMs,
      end_ms: p.endMs,
      series_id: seriesId,
      created_at: new Date(this.clock()).toISOString(),
    };
    const inserted =
      this.engine === 'postgres'
        ? await inTransaction(this.db, async (trx) => {
            await repo.lockHouseholdQuota(trx, householdId);
            return repo.insertRecordingWithinQuota(trx, row, QUOTA_MS);
          })
        : // No transaction on SQLite: one statement is atomic under its single writer, and no lock
          // is held while other work of this process waits.
          await repo.insertRecordingWithinQuota(this.db, row, QUOTA_MS);
    if (inserted) return row.id;
    const existing = await repo.findRecordingOfProgramme(this.db, session.profile.id, p.programId);
    if (existing === undefined) throw new Error('recording neither inserted nor found');
    return existing.id;
  }

  private async answer(
    session: SessionContext,
    snapshot: CatalogueSnapshot,
    locale: string | undefined,
    rows: repo.RecordingRow[],
  ): Promise<RecordingList> {
    const now = this.clock();
    const used = await repo.usedQuotaMs(this.db, session.household.id);
    const series = await repo.listSeries(this.db, session.profile.id);
    return {
      items: rows.map((row) => recordingAnswer(snapshot, row, now, locale)),
      series: series.map((s) => ({
        seriesId: s.id,
        channelId: s.channel_id,
        seriesKey: s.series_key,
        created: s.created_at,
      })),
      quota: { limitMs: QUOTA_MS, usedMs: used, remainingMs: Math.max(0, QUOTA_MS - used) },
    };
  }
}

/** A title's series: its show (tvShowId), or the title itself (a film, a channel's own programme). */
export function seriesKeyOf(snapshot: CatalogueSnapshot, assetId: string): string {
  return snapshot.byId.get(assetId)?.asset.tvShowId ?? assetId;
}

function localizedText(asset: Asset | undefined, locale: string | undefined) {
  const all = asset?.localized ?? [];
  const chosen = all.find((l) => l.locale === locale) ?? all[0];
  return {
    name: chosen?.title ?? asset?.assetId ?? '',
    description: chosen?.description ?? chosen?.shortDescription ?? chosen?.longDescription ?? '',
  };
}

function recordingAnswer(
  snapshot: CatalogueSnapshot,
  row: repo.RecordingRow,
  now: number,
  locale: string | undefined,
): Recording {
  const aired = snapshot.byId.get(row.asset_id)?.asset;
  const channel = snapshot.byId.get(row.channel_id)?.partial;
  const { name, description } = localizedText(aired, locale);
  const failed = row.failure_reason !== null;
  return {
    recordingId: row.id,
    programId: row.programme_id,
    channelId: row.channel_id,
    ...(channel ? { channel } : {}),
    assetId: row.asset_id,
    name,
    description,
    startTime: new Date(row.start_ms).toISOString(),
    endTime: new Date(row.end_ms).toISOString(),
    durationInMs: row.end_ms - row.start_ms,
    status: recordingStatusAt(row.start_ms, row.end_ms, now, failed),
    ...(failed ? { failureReason: row.failure_reason as RecordingFailureReason } : {}),
    ...(row.series_id === null ? {} : { seriesId: row.series_id }),
    storageMode: 'NETWORK',
    created: row.created_at,
  };
}
