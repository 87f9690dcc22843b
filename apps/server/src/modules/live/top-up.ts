import { EPG_WINDOW_DAYS, epgDateOf } from '@antenne/contract';
import { DAY_MS, demoSchedule, type DemoScheduledProgramme } from '@antenne/content';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { insertProgrammesIfAbsent, listImportedChannels, listStartsAmong } from './repository.js';

/**
 * The stored window of the generated schedule: for each channel the demo schedules (and no
 * import took over), every UTC day of [today − EPG_WINDOW_DAYS, today + EPG_WINDOW_DAYS] on the
 * app's clock is in the database. Missing days are generated (a pure function of channel and
 * day) and inserted with "on conflict do nothing": at start, and when a read reaches a day not
 * stored yet (the clock moved on). A day counts as stored when its 00:00 programme is; each day
 * goes in one transaction, so a stored day is whole. Days known stored are remembered per process.
 */

export type Generator = (channelId: string, day: string) => DemoScheduledProgramme[] | undefined;

export interface WindowDays {
  /** 00:00 UTC of today − EPG_WINDOW_DAYS. */
  firstMs: number;
  /** 00:00 UTC of the day after today + EPG_WINDOW_DAYS (exclusive). */
  endMs: number;
}

export const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The schedule window around `nowMs`. */
export function windowAround(nowMs: number): WindowDays {
  const today = startOfDay(nowMs);
  return { firstMs: today - EPG_WINDOW_DAYS * DAY_MS, endMs: today + (EPG_WINDOW_DAYS + 1) * DAY_MS };
}

export class ScheduleTopUp {
  private readonly stored = new Set<string>();
  private readonly importedChannels = new Set<string>();
  private readonly generated = new Map<string, boolean>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly generate: Generator = demoSchedule,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The channel's schedule was imported: it is no longer generated. */
  channelImported(channelId: string): void {
    this.importedChannels.add(channelId);
  }

  /**
   * Makes sure the whole window of today (the clock's) is stored for the channels, whatever part
   * of it a read spans, so that the stored schedule stays contiguous; `knownAssets` tells which
   * assets exist (a day airing one that does not is not generated). Cheap once done: the days
   * known stored are remembered.
   */
  async ensure(channelIds: string[], knownAssets: (assetId: string) => boolean): Promise<void> {
    const window = windowAround(this.clock());
    const first = window.firstMs;
    const days: number[] = [];
    for (let day = first; day < window.endMs; day += DAY_MS) days.push(day);
    const candidates = channelIds.filter((c) => !this.importedChannels.has(c) && this.generates(c));
    const pending = candidates.filter((c) => days.some((d) => !this.stored.has(`${c}|${d}`)));
    if (pending.length === 0) return;
    for (const imported of await listImportedChannels(this.db, pending)) this.importedChannels.add(imported);
    for (const channelId of pending) {
      if (this.importedChannels.has(channelId)) continue;
      const unknown = days.filter((d) => !this.stored.has(`${channelId}|${d}`));
      const present = new Set(await listStartsAmong(this.db, channelId, unknown));
      for (const day of unknown) {
        // A day not stored (a title it airs is missing) is tried again by the next read.
        if (present.has(day) || (await this.storeDay(channelId, day, knownAssets)))
          this.stored.add(`${channelId}|${day}`);
      }
    }
  }

  /** Whether the generator schedules the channel (asked once per channel). */
  private generates(channelId: string): boolean {
    let known = this.generated.get(channelId);
    if (known === undefined) {
      known = this.generate(channelId, epgDateOf(this.clock())) !== undefined;
      this.generated.set(channelId, known);
    }
    return known;
  }

  /** Generates and stores one day; false when it could not (an aired title is not in the catalogue). */
  private async storeDay(
    channelId: string,
    day: number,
    knownAssets: (assetId: string) => boolean,
  ): Promise<boolean> {
    const programmes = this.generate(channelId, epgDateOf(day)) ?? [];
    const missing = programmes.find((p) => !knownAssets(p.assetId));
    if (missing !== undefined) {
      this.log?.warn(
        { channelId, assetId: missing.assetId },
        'schedule not generated: an aired title is not in the catalogue',
      );
      return false;
    }
    // When the day entered the window: every server writes the same rows, whenever it runs.
    const stamp = new Date(day - EPG_WINDOW_DAYS * DAY_MS).toISOString();
    await inTransaction(this.db, (trx) =>
      insertProgrammesIfAbsent(
        trx,
        programmes.map((p) => ({
          id: p.programId,
          channel_id: p.channelId,
          asset_id: p.assetId,
          start_ms: p.startMs,
          end_ms: p.endMs,
          flags: p.flags,
          source: 'demo' as const,
          created: stamp,
          changed: stamp,
        })),
      ),
    );
    return true;
  }
}
