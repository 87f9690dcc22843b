import { PROGRAM_FLAGS, type ImportProgramme } from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';
import { listProgrammesBetween, replaceChannelProgrammes, type NewProgrammeRow } from './repository.js';

/**
 * The programmes of a catalogue import (docs/catalogue-format.md "Programmes"): their checks
 * (channels and titles exist, times in order, no overlap on a channel) and their writing (per
 * channel, replacing what they overlap and every generated programme). The catalogue import
 * (catalogue/import-service.ts) calls both in its transaction.
 */

export const DEFAULT_IMPORT_FLAGS = PROGRAM_FLAGS.PVR | PROGRAM_FLAGS.CATCHUP | PROGRAM_FLAGS.STARTOVER;

/** A file's programme with its times resolved (a missing end: the next start on the channel). */
export interface ResolvedProgramme {
  index: number;
  programId: string;
  channelId: string;
  assetId: string;
  startMs: number;
  endMs: number;
  flags: number;
}

/**
 * Checks the programmes against the assets known (the file's and the stored ones, by type);
 * returns the resolved programmes and every error as `programmes[i].field: what is wrong`.
 */
export function checkProgrammes(
  programmes: ImportProgramme[],
  assetTypes: ReadonlyMap<string, string>,
): { resolved: ResolvedProgramme[]; errors: string[] } {
  const errors: string[] = [];
  const at = (i: number, field: string) => `programmes[${i}].${field}`;
  const byChannel = new Map<string, { p: ImportProgramme; index: number; startMs: number }[]>();
  programmes.forEach((p, index) => {
    const type = assetTypes.get(p.channelId);
    if (type === undefined) errors.push(`${at(index, 'channelId')}: unknown channel ${p.channelId}`);
    else if (type !== 'TV_CHANNEL')
      errors.push(`${at(index, 'channelId')}: ${p.channelId} is a ${type}, not a TV_CHANNEL`);
    if (!assetTypes.has(p.assetId)) errors.push(`${at(index, 'assetId')}: unknown asset ${p.assetId}`);
    const list = byChannel.get(p.channelId) ?? [];
    list.push({ p, index, startMs: Date.parse(p.startTime) });
    byChannel.set(p.channelId, list);
  });

  const resolved: ResolvedProgramme[] = [];
  for (const list of byChannel.values()) {
    list.sort((a, b) => a.startMs - b.startMs || a.index - b.index);
    list.forEach(({ p, index, startMs }, k) => {
      const next = list[k + 1];
      const endMs = p.endTime !== undefined ? Date.parse(p.endTime) : next?.startMs;
      if (endMs === undefined) {
        errors.push(`${at(index, 'endTime')}: required on a channel's last programme`);
        return;
      }
      if (endMs <= startMs) errors.push(`${at(index, 'endTime')}: not after startTime`);
      else if (next !== undefined && next.startMs < endMs)
        errors.push(`${at(index, 'endTime')}: overlaps programmes[${next.index}] on ${p.channelId}`);
      resolved.push({
        index,
        programId: p.programId ?? `${p.channelId}_${startMs}`,
        channelId: p.channelId,
        assetId: p.assetId,
        startMs,
        endMs,
        flags: p.flags ?? DEFAULT_IMPORT_FLAGS,
      });
    });
  }
  const seen = new Map<string, number>();
  for (const r of resolved) {
    const first = seen.get(r.programId);
    if (first === undefined) seen.set(r.programId, r.index);
    else
      errors.push(
        `${at(r.index, 'programId')}: duplicate programme id ${r.programId} (first at programmes[${first}])`,
      );
  }
  return { resolved, errors };
}

export interface ProgrammeCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes the resolved programmes channel by channel: a channel whose stored programmes over the
 * file's span are these already (and has no generated ones) is left alone; otherwise what the
 * span overlaps and every generated programme of the channel make way for the file's.
 */
export async function writeProgrammes(
  db: Executor,
  resolved: ResolvedProgramme[],
  stamp: string,
): Promise<ProgrammeCounts> {
  const counts: ProgrammeCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const channels = new Map<string, ResolvedProgramme[]>();
  for (const r of resolved) channels.set(r.channelId, [...(channels.get(r.channelId) ?? []), r]);
  for (const [channelId, list] of channels) {
    const from = Math.min(...list.map((r) => r.startMs));
    const to = Math.max(...list.map((r) => r.endMs));
    const stored = await listProgrammesBetween(db, [channelId], from, to);
    const key = (r: { programId: string; assetId: string; startMs: number; endMs: number; flags: number }) =>
      `${r.programId}|${r.assetId}|${r.startMs}|${r.endMs}|${r.flags}`;
    const before = new Map(stored.filter((s) => s.source === 'import').map((s) => [s.programId, key(s)]));
    const generated = await db
      .selectFrom('programmes')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('source', '=', 'demo')
      .limit(1)
      .execute();
    const same =
      generated.length === 0 &&
      stored.length === list.length &&
      list.every((r) => before.get(r.programId) === key(r));
    if (same) {
      counts.unchanged += list.length;
      continue;
    }
    for (const r of list) {
      if (!before.has(r.programId)) counts.inserted++;
      else if (before.get(r.programId) === key(r)) counts.unchanged++;
      else counts.updated++;
    }
    const rows: NewProgrammeRow[] = list.map((r) => ({
      id: r.programId,
      channel_id: r.channelId,
      asset_id: r.assetId,
      start_ms: r.startMs,
      end_ms: r.endMs,
      flags: r.flags,
      source: 'import',
      created: stamp,
      changed: stamp,
    }));
    await replaceChannelProgrammes(
      db,
      channelId,
      from,
      to,
      rows,
      list.map((r) => r.programId),
    );
  }
  return counts;
}
