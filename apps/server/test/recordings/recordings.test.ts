import {
  recordingPaths,
  RECORDING_STATUS,
  type ErrorBody,
  type Recording,
  type RecordingList,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { EP, MIN, P, recordingCalls, START, useRecordings } from './helpers.js';

const HOUR = 60 * MIN;

/** Network recordings (issue 15 item 8, ADR 0026) on the real app, on a clock the tests move. */
describe.each(engines)('recordings (%s)', (engine) => {
  const { state, household, day } = useRecordings(engine);
  const calls = async () => {
    state().clock.now = START;
    const user = await household();
    return { user, ...recordingCalls(state().app, user.sessionToken) };
  };
  const only = (list: RecordingList, programId: string) =>
    list.items.find((r) => r.programId === programId) as Recording;

  test('a recorded programme is pending before its start, in progress during it, done after its end', async () => {
    const me = await calls();
    const created = await me.record({ programId: P.future, locale: 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<RecordingList>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      programId: P.future,
      channelId: 'ch-rec',
      name: 'The recorded film',
      description: 'A film.',
      startTime: new Date(START + 20 * MIN).toISOString(),
      endTime: new Date(START + 50 * MIN).toISOString(),
      durationInMs: 30 * MIN,
      status: RECORDING_STATUS.PENDING,
      storageMode: 'NETWORK',
    });
    expect(body.quota).toEqual({ limitMs: 20 * HOUR, usedMs: 30 * MIN, remainingMs: 20 * HOUR - 30 * MIN });
    // The same programme again: the same recording.
    const again = (await me.record({ programId: P.future })).json<RecordingList>();
    expect(again.items[0]?.recordingId).toBe(body.items[0]?.recordingId);

    const statusAt = async (now: number) => {
      state().clock.now = now;
      const list = await me.list('?locale=fr');
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      return only(list.json<RecordingList>(), P.future);
    };
    expect((await statusAt(START + 20 * MIN - 1)).status).toBe(RECORDING_STATUS.PENDING);
    expect(await statusAt(START + 20 * MIN)).toMatchObject({
      status: RECORDING_STATUS.IN_PROGRESS,
      name: 'Le film enregistré',
    });
    expect((await statusAt(START + 50 * MIN - 1)).status).toBe(RECORDING_STATUS.IN_PROGRESS);
    expect((await statusAt(START + 50 * MIN)).status).toBe(RECORDING_STATUS.DONE);
  });

  test('past the household’s 20 hours: stored in error with QUOTA_EXCEEDED; a delete frees the quota', async () => {
    const me = await calls();
    const long = (await me.record({ programId: P.long })).json<RecordingList>();
    expect(long.items[0]?.status).toBe(RECORDING_STATUS.PENDING);
    expect(long.quota.remainingMs).toBe(20 * MIN);
    const over = await me.record({ programId: P.afterLong });
    expect(over.statusCode).toBe(201);
    expect(over.json<RecordingList>().items[0]).toMatchObject({
      status: RECORDING_STATUS.ERROR,
      failureReason: 'QUOTA_EXCEEDED',
    });
    // The error stays an error whatever the clock says, and uses no quota.
    state().clock.now = START + 2 * day;
    const list = (await me.list()).json<RecordingList>();
    expect(only(list, P.afterLong)).toMatchObject({
      status: RECORDING_STATUS.ERROR,
      failureReason: 'QUOTA_EXCEEDED',
    });
    expect(list.quota).toEqual({ limitMs: 20 * HOUR, usedMs: 20 * HOUR - 20 * MIN, remainingMs: 20 * MIN });

    // Deleting the long (done) one frees its quota: recording fits again (a new one of another programme).
    state().clock.now = START;
    expect((await me.remove(only(list, P.long).recordingId)).statusCode).toBe(204);
    expect((await me.remove(only(list, P.afterLong).recordingId)).statusCode).toBe(204);
    const after = (await me.list()).json<RecordingList>();
    expect(after.items).toEqual([]);
    expect(after.quota.usedMs).toBe(0);
    expect((await me.record({ programId: P.afterLong })).json<RecordingList>().items[0]?.status).toBe(
      RECORDING_STATUS.PENDING,
    );
    // The quota is the household's: its other calls see it; another household's is its own.
    const other = await calls();
    expect((await other.list()).json<RecordingList>().quota.usedMs).toBe(0);
  });

  test('a series: every upcoming airing of the show on that channel, and the new ones as the window moves', async () => {
    const me = await calls();
    const created = await me.record({ programId: P.ep1, series: true });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<RecordingList>();
    // Episode 1 and 2 on this channel; not the film between them, not episode 2 on the other channel,
    // not episode 3 a week later (outside the schedule window yet).
    expect(body.items.map((r) => r.programId)).toEqual([P.ep1, P.ep2]);
    expect(body.series).toHaveLength(1);
    expect(body.series[0]).toMatchObject({ channelId: 'ch-rec', seriesKey: 'serie-quartier' });
    const seriesId = body.series[0]?.seriesId ?? '';
    expect(body.items.every((r) => r.seriesId === seriesId)).toBe(true);
    expect(body.items.map((r) => r.assetId)).toEqual([EP.one, EP.two]);

    // Two days later, episode 3 is within the window: the list records it.
    state().clock.now = START + 2 * day;
    const later = (await me.list()).json<RecordingList>();
    expect(later.items.map((r) => [r.programId, r.status])).toEqual([
      [P.ep1, RECORDING_STATUS.DONE],
      [P.ep2, RECORDING_STATUS.DONE],
      [P.ep3late, RECORDING_STATUS.PENDING],
    ]);

    // Stopping the series cancels what is pending and keeps what is done.
    expect((await me.stopSeries(seriesId)).statusCode).toBe(204);
    const stopped = (await me.list()).json<RecordingList>();
    expect(stopped.items.map((r) => r.programId)).toEqual([P.ep1, P.ep2]);
    expect(stopped.series).toEqual([]);
    expect((await me.stopSeries(seriesId)).json<ErrorBody>().message).toBe('RECORDING_NOT_FOUND');
  });

  test('delete: a pending recording is cancelled; an unknown id → 404 RECORDING_NOT_FOUND', async () => {
    const me = await calls();
    const id = (await me.record({ programId: P.future })).json<RecordingList>().items[0]?.recordingId ?? '';
    expect((await me.remove(id)).statusCode).toBe(204);
    expect((await me.list()).json<RecordingList>().items).toEqual([]);
    const again = await me.remove(id);
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>()).toMatchObject({ httpCode: 404, message: 'RECORDING_NOT_FOUND' });
  });

  test('another household’s token sees none of them and deletes none (404)', async () => {
    const me = await calls();
    const id = (await me.record({ programId: P.future })).json<RecordingList>().items[0]?.recordingId ?? '';
    const other = await calls();
    expect((await other.list()).json<RecordingList>().items).toEqual([]);
    const refused = await other.remove(id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorBody>().message).toBe('RECORDING_NOT_FOUND');
    expect((await me.list()).json<RecordingList>().items).toHaveLength(1);
  });

  test('refusals: on-device mode, no pvr flag, over, unknown programme, no session', async () => {
    const me = await calls();
    const local = await me.record({ programId: P.future, storageMode: 'LOCAL' });
    expect(local.statusCode).toBe(400);
    expect(local.json<ErrorBody>()).toMatchObject({ httpCode: 400, message: 'UNSUPPORTED_RECORDING_MODE' });
    expect((await me.record({ programId: P.future, storageMode: 'NETWORK' })).statusCode).toBe(201);
    expect((await me.record({ programId: P.noPvr })).json<ErrorBody>()).toMatchObject({
      httpCode: 403,
      message: 'PROGRAM_NOT_RECORDABLE',
    });
    expect((await me.record({ programId: P.over })).json<ErrorBody>().message).toBe('PROGRAM_NOT_RECORDABLE');
    expect((await me.record({ programId: 'rien' })).json<ErrorBody>()).toMatchObject({
      httpCode: 404,
      message: 'PROGRAM_NOT_FOUND',
    });
    const noSession = await state().app.inject({ method: 'GET', url: recordingPaths.recordings(TENANT) });
    expect(noSession.json<ErrorBody>()).toMatchObject({ httpCode: 401, message: 'NO_SESSION_TOKEN' });
    expect((await recordingCalls(state().app, 'nope').list()).json<ErrorBody>().message).toBe(
      'INVALID_SESSION_TOKEN',
    );
  });

  test('hostile input → 400 in the one error body', async () => {
    const me = await calls();
    const bad = [
      await me.record({}),
      await me.record({ programId: 'x'.repeat(161) }),
      await me.record({ programId: 'a/b' }),
      await me.record({ programId: P.future, storageMode: 'x'.repeat(33) }),
      await me.record({ programId: P.future, series: 'yes' }),
      await me.list('?locale=%3Cscript%3E'),
      await me.remove('rec_' + 'a'.repeat(200)),
      await me.remove('rec%20x'),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
    }
  });
});
