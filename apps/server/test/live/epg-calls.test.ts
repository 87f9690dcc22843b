import { epgPaths, type ChannelEpg, type ErrorBody, type Program } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { DAY, demoApp, demoDatabase, publishedSchemas, START, TestClock } from './helpers.js';

/**
 * The EPG by date, one programme, the next one, a title's next airing: answers that validate
 * against the published Exposure schemas, the window (422), paging, 404s, the channel-59 alias.
 */

const MONDE = 'chaine-antenne-monde';
const TODAY = '2026-11-24';

describe.each(engines)('the EPG calls (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const clock = new TestClock();
  const published = publishedSchemas();
  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await demoApp(testDb, clock);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = async <T>(url: string, status = 200) => {
    const res = await app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    return { body: res.json<T>(), headers: res.headers };
  };

  test("one channel's day: gap-free programmes in the published ApiChannelEPGResponse shape, with assets and flags", async () => {
    const { body, headers } = await get<ChannelEpg>(
      `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=500`,
    );
    expect(published('ApiChannelEPGResponse', body)).toEqual([]);
    expect(body.channelId).toBe(MONDE);
    const programs = body.programs;
    expect(programs[0]?.startTime).toBe(`${TODAY}T00:00:00.000Z`);
    expect(programs.at(-1)?.endTime).toBe('2026-11-25T00:00:00.000Z');
    for (let i = 1; i < programs.length; i++) expect(programs[i]?.startTime).toBe(programs[i - 1]?.endTime);
    expect(body.totalHitsAllChannels).toBe(programs.length);
    const journal = programs.find((p) => p.startTime === `${TODAY}T20:00:00.000Z`);
    expect(journal?.assetId).toBe('emission-le-journal');
    expect(journal?.asset.localized?.map((l) => l.locale).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr']);
    expect(journal?.vodAvailable).toBe(false);
    // Catch-up: ended, with the flag; the evening news has not aired yet at 12:34.
    expect(journal?.catchup).toBe(false);
    const morning = programs.find((p) => p.startTime === `${TODAY}T07:00:00.000Z`);
    expect(morning?.flags).toBe(14);
    // Stamped when its day entered the window: the same on every server.
    expect(morning?.created).toBe('2026-11-17T00:00:00.000Z');
    expect(morning?.catchup).toBe(true);
    const film = programs.find((p) => p.asset.type === 'MOVIE' && p.vodAvailable);
    expect(film, 'a film published on demand').toBeDefined();
    expect(headers.etag).toBeDefined();
    expect(headers['cache-control']).toContain('public');
  });

  test('every channel: a bucket per channel with programmes in the page, paged in channel order', async () => {
    const all = await get<ChannelEpg[]>(`${epgPaths.allDate(TENANT, TODAY)}?pageSize=10000`);
    expect(published('ApiChannelEPGResponse[]', all.body)).toEqual([]);
    expect(all.body.map((b) => b.channelId)).toEqual([
      MONDE,
      'chaine-antenne-monde-info',
      'chaine-antenne-monde-afrique',
      'chaine-antenne-monde-jeunesse',
      'chaine-antenne-monde-musique',
      'chaine-antenne-monde-sport',
    ]);
    const total = all.body.reduce((n, b) => n + b.programs.length, 0);
    expect(all.body[0]?.totalHitsAllChannels).toBe(total);
    const first = all.body[0]?.programs.length ?? 0;
    const page2 = await get<ChannelEpg[]>(
      `${epgPaths.allDate(TENANT, TODAY)}?pageSize=${first}&pageNumber=2`,
    );
    expect(page2.body[0]?.channelId).toBe('chaine-antenne-monde-info');
    expect(page2.body[0]?.programs).toEqual(all.body[1]?.programs.slice(0, first));
    const desc = await get<ChannelEpg>(
      `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=3&startDateSort=DESC`,
    );
    expect(desc.body.programs.map((p) => p.endTime)[0]).toBe('2026-11-25T00:00:00.000Z');
    expect(desc.body.programs).toHaveLength(3);
  });

  test('the window: today ± 7 days, days around the date; outside it 422 DATE_REQUESTED_OUTSIDE_VALID_WINDOW', async () => {
    const span = await get<ChannelEpg>(
      `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?daysBackward=7&daysForward=7&pageSize=10000`,
    );
    expect(span.body.programs[0]?.startTime).toBe('2026-11-17T00:00:00.000Z');
    expect(span.body.programs.at(-1)?.endTime).toBe('2026-12-02T00:00:00.000Z');
    for (const url of [
      `${epgPaths.channelDate(TENANT, MONDE, '2026-11-16')}`,
      `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?daysForward=8`,
      `${epgPaths.allDate(TENANT, '2026-11-17')}?daysBackward=1`,
      `${epgPaths.allDate(TENANT, '2026-12-02')}`,
    ]) {
      const { body } = await get<ErrorBody>(url, 422);
      expect(body.message).toBe('DATE_REQUESTED_OUTSIDE_VALID_WINDOW');
    }
    // The clock moves a day on: the window moves with it.
    clock.ms = START + DAY;
    await get<ChannelEpg>(epgPaths.channelDate(TENANT, MONDE, '2026-12-02'));
    expect((await get<ErrorBody>(epgPaths.channelDate(TENANT, MONDE, '2026-11-17'), 422)).body.httpCode).toBe(
      422,
    );
    clock.ms = START;
  });

  test('channels by id or slug; channel-59 is the first channel; an unknown channel 404', async () => {
    const alias = await get<ChannelEpg>(`${epgPaths.channelDate(TENANT, 'channel-59', TODAY)}?pageSize=5`);
    expect(alias.body.channelId).toBe(MONDE);
    const direct = await get<ChannelEpg>(`${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=5`);
    expect(alias.body.programs).toEqual(direct.body.programs);
    for (const id of ['chaine-inconnue', 'film-ete-a-dakar']) {
      const { body } = await get<ErrorBody>(epgPaths.channelDate(TENANT, id, TODAY), 404);
      expect(body.message).toBe('CHANNEL_NOT_FOUND');
    }
  });

  test('one programme, by id or by its start; the next one; 404 PROGRAM_NOT_FOUND and NEXT_PROGRAM_NOT_FOUND', async () => {
    const day = await get<ChannelEpg>(`${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=500`);
    const [a, b] = day.body.programs;
    const one = await get<Program>(epgPaths.program(TENANT, MONDE, a!.programId));
    expect(published('ApiProgramResponse', one.body)).toEqual([]);
    expect(one.body.programId).toBe(a!.programId);
    expect(one.body.asset.localized?.length).toBe(5);
    const byStart = await get<Program>(
      epgPaths.program(TENANT, 'channel-59', String(Date.parse(a!.startTime))),
    );
    expect(byStart.body.programId).toBe(a!.programId);
    const next = await get<Program>(epgPaths.programNext(TENANT, MONDE, a!.programId));
    expect(published('ApiProgramResponse', next.body)).toEqual([]);
    expect(next.body.programId).toBe(b!.programId);
    // The last programme of the window has no next one (the clock a day on: an earlier test went there).
    clock.ms = START + DAY;
    const last = await get<ChannelEpg>(
      `${epgPaths.channelDate(TENANT, MONDE, '2026-12-02')}?pageSize=1&startDateSort=DESC`,
    );
    const end = last.body.programs[0]!;
    expect(end.endTime).toBe('2026-12-03T00:00:00.000Z');
    expect((await get<ErrorBody>(epgPaths.programNext(TENANT, MONDE, end.programId), 404)).body.message).toBe(
      'NEXT_PROGRAM_NOT_FOUND',
    );
    clock.ms = START;
    for (const url of [
      epgPaths.program(TENANT, MONDE, 'nope'),
      epgPaths.program(TENANT, 'chaine-antenne-monde-sport', a!.programId),
      epgPaths.program(TENANT, MONDE, '12345'),
    ])
      expect((await get<ErrorBody>(url, 404)).body.message).toBe('PROGRAM_NOT_FOUND');
  });

  test("a title's next airing, from now on any channel", async () => {
    const next = await get<Program>(epgPaths.assetNext(TENANT, 'emission-match-en-direct'));
    expect(published('ApiProgramResponse', next.body)).toEqual([]);
    expect(next.body.channelId).toBe('chaine-antenne-monde-sport');
    expect(next.body.startTime).toBe(`${TODAY}T15:00:00.000Z`);
    expect(next.body.flags).toBe(10);
    expect(next.body.catchupBlocked).toBe(true);
    for (const id of ['bande-annonce-ete-a-dakar', 'nope'])
      expect((await get<ErrorBody>(epgPaths.assetNext(TENANT, id), 404)).body.message).toBe(
        'NEXT_PROGRAM_NOT_FOUND',
      );
  });

  test('date answers: an ETag per catalogue version, minute and URL; 304 while current', async () => {
    const url = `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=5`;
    const first = await app.inject(url);
    const etag = first.headers.etag as string;
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    clock.ms = START + 5 * 60_000;
    const later = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(later.statusCode).toBe(200);
    clock.ms = START;
  });
});
