import {
  RECORDING_STATUS,
  recordingPaths,
  type Program,
  type Recording,
  type RecordingList,
  type RecordingRequest,
} from '@antenne/contract';
import { config, json, type Handler } from './fetch-mock';
import { CHANNELS } from './epg-fixtures';

/** A recording as the server answers it (ADR 0026). */
export function recordingOf(program: Program, extra: Partial<Recording> = {}): Recording {
  const start = Date.parse(program.startTime);
  const end = Date.parse(program.endTime);
  return {
    recordingId: `rec_${program.programId}`,
    programId: program.programId,
    channelId: program.channelId,
    ...(CHANNELS.find((c) => c.assetId === program.channelId)
      ? { channel: CHANNELS.find((c) => c.assetId === program.channelId) }
      : {}),
    assetId: program.assetId,
    name: program.asset.localized?.[0]?.title ?? program.assetId,
    description: '',
    startTime: program.startTime,
    endTime: program.endTime,
    durationInMs: end - start,
    status: RECORDING_STATUS.PENDING,
    storageMode: 'NETWORK',
    created: program.startTime,
    ...extra,
  };
}

const LIMIT = 20 * 3_600_000;

/**
 * The recordings calls over an in-memory list: GET answers it with the quota, POST records the
 * programme `programs` names (with `series`, its series too), DELETE removes.
 */
export function recordingHandlers(list: RecordingList, programs: Program[] = []): Record<string, Handler> {
  const quota = () => {
    const used = list.items
      .filter((r) => r.failureReason === undefined)
      .reduce((n, r) => n + r.durationInMs, 0);
    list.quota = { limitMs: LIMIT, usedMs: used, remainingMs: Math.max(0, LIMIT - used) };
  };
  quota();
  const handlers: Record<string, Handler> = {
    [recordingPaths.recordings(config)]: (_url, init) => {
      if (init?.method === 'POST') {
        const request = JSON.parse(String(init.body)) as RecordingRequest;
        const program = programs.find((p) => p.programId === request.programId);
        if (!program) return json({ httpCode: 404, message: 'PROGRAM_NOT_FOUND' }, 404);
        const seriesId = request.series ? `recs_${program.programId}` : undefined;
        if (seriesId)
          list.series.push({
            seriesId,
            channelId: program.channelId,
            seriesKey: program.asset.tvShowId ?? program.assetId,
            created: program.startTime,
          });
        const item = recordingOf(program, seriesId ? { seriesId } : {});
        list.items.push(item);
        quota();
        return json({ items: [item], series: list.series, quota: list.quota }, 201);
      }
      return json(list);
    },
  };
  for (const item of list.items)
    handlers[recordingPaths.recording(config, item.recordingId)] = () => {
      list.items = list.items.filter((r) => r.recordingId !== item.recordingId);
      quota();
      return new Response(null, { status: 204 });
    };
  for (const program of programs)
    handlers[recordingPaths.recording(config, `rec_${program.programId}`)] = () => {
      list.items = list.items.filter((r) => r.programId !== program.programId);
      quota();
      return new Response(null, { status: 204 });
    };
  return handlers;
}
