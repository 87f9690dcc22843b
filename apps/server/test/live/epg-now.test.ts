import {
  epgPaths,
  type ChannelEpg,
  type ChannelOnNowList,
  type ErrorBody,
  type EventList,
} from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoApp, demoDatabase, publishedSchemas, START, TestClock } from './helpers.js';

/**
 * What is on now (one channel, every channel) at a clock the test moves, live events, and the
 * calls' hostile input: 400 in the one error body.
 */

const SPORT = 'chaine-antenne-monde-sport';
const at = (iso: string) => Date.parse(iso);

describe.each(engines)('on now and events (%s)', (engine) => {
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

  test("a channel's programme on air and the next one, moving with the clock; cached until the change", async () => {
    clock.ms = at('2026-11-24T15:10:00Z');
    const now = await get<ChannelEpg>(epgPaths.channelOnNow(TENANT, SPORT));
    expect(published('ApiChannelEPGResponse', now.body)).toEqual([]);
    const [current, next] = now.body.programs;
    expect(current?.assetId).toBe('emission-match-en-direct');
    expect(current?.startTime).toBe('2026-11-24T15:00:00.000Z');
    expect(next?.startTime).toBe(current?.endTime);
    expect(now.headers['cache-control']).toBe('public, max-age=60');

    // 30 s before the match ends: cached no longer than that.
    clock.ms = Date.parse(current!.endTime) - 30_000;
    expect((await get<ChannelEpg>(epgPaths.channelOnNow(TENANT, SPORT))).headers['cache-control']).toBe(
      'public, max-age=30',
    );
    // The match over: the next programme is on air.
    clock.ms = Date.parse(current!.endTime) + 1;
    const later = await get<ChannelEpg>(epgPaths.channelOnNow(TENANT, 'channel-59'));
    expect(later.body.channelId).toBe('chaine-antenne-monde');
    const sport = await get<ChannelEpg>(epgPaths.channelOnNow(TENANT, SPORT));
    expect(sport.body.programs[0]?.programId).toBe(next?.programId);
    expect((await get<ErrorBody>(epgPaths.channelOnNow(TENANT, 'nope'), 404)).body.message).toBe(
      'CHANNEL_NOT_FOUND',
    );
    clock.ms = START;
  });

  test('every channel on now, then what starts within minutesForward; paged; sorted by title on request', async () => {
    clock.ms = at('2026-11-24T19:55:00Z');
    const list = await get<ChannelOnNowList>(`${epgPaths.onNow(TENANT)}?minutesForward=10`);
    expect(published('ApiActiveChannels', list.body)).toEqual([]);
    expect(list.body.apiChannelStatuses).toHaveLength(6);
    expect(list.body.apiChannelStatuses.every((s) => s.active)).toBe(true);
    const monde = list.body.apiChannelStatuses[0]!;
    expect(monde.channel.assetId).toBe('chaine-antenne-monde');
    // On air at 19:55, then the 20:00 news within the 10 minutes.
    expect(monde.assets.at(-1)?.asset.assetId).toBe('emission-le-journal');
    expect(monde.assets.at(-1)?.startTime).toBe('2026-11-24T20:00:00.000Z');
    expect(list.headers['cache-control']).toMatch(/^public, max-age=([1-9]|[1-5]\d|60)$/);

    const page = await get<ChannelOnNowList>(`${epgPaths.onNow(TENANT)}?pageSize=4&pageNumber=2`);
    expect(page.body.apiChannelStatuses.map((s) => s.channel.assetId)).toEqual([
      'chaine-antenne-monde-musique',
      SPORT,
    ]);
    expect(page.body.apiChannelStatuses[0]?.assets).toHaveLength(1);
    const sorted = await get<ChannelOnNowList>(`${epgPaths.onNow(TENANT)}?sortingLocale=en`);
    const titles = sorted.body.apiChannelStatuses.map(
      (s) => s.channel.localized?.find((l) => l.locale === 'en')?.title ?? '',
    );
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    clock.ms = START;
  });

  test('sortingLocale must be a language tag Intl reads: 400 naming it otherwise (it reached localeCompare: 500)', async () => {
    for (const junk of [
      'x',
      '12',
      'en-',
      'a b',
      'ü',
      '',
      'en_GB',
      'fr-FR-',
      'de-1996-1996',
      'x'.repeat(36),
    ]) {
      const url = `${epgPaths.onNow(TENANT)}?sortingLocale=${encodeURIComponent(junk)}`;
      const body = (await get<ErrorBody>(url, 400)).body;
      expect(body, junk).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
      expect(body.extendedMessage, junk).toMatch(/^querystring\/sortingLocale /);
    }
    for (const tag of ['en', 'FR', 'fr-CA', 'zh-Hant-TW', 'de-CH-1996', 'ar-u-nu-latn']) {
      const list = await get<ChannelOnNowList>(`${epgPaths.onNow(TENANT)}?sortingLocale=${tag}`);
      expect(list.body.apiChannelStatuses, tag).toHaveLength(6);
    }
  });

  test('live events of a day (LIVE_EVENT airings), in time order, paged; hideEnded', async () => {
    const { body } = await get<EventList>(`${epgPaths.events(TENANT, '2026-11-24')}?pageSize=500`);
    expect(published('ApiEventList', body)).toEqual([]);
    expect(body.totalCount).toBe(body.items.length);
    expect(body.items.every((e) => e.asset.type === 'LIVE_EVENT')).toBe(true);
    expect(body.items.map((e) => e.assetId)).toContain('emission-match-en-direct');
    const starts = body.items.map((e) => Date.parse(e.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const upcoming = await get<EventList>(
      `${epgPaths.events(TENANT, '2026-11-24')}?hideEnded=true&pageSize=2`,
    );
    expect(upcoming.body.items).toHaveLength(2);
    expect(upcoming.body.totalCount).toBeLessThan(body.totalCount);
    expect(upcoming.body.items.every((e) => Date.parse(e.endTime) > START)).toBe(true);
  });

  test('hostile parameters: 400 in the one error body', async () => {
    const monde = 'chaine-antenne-monde';
    const urls = [
      epgPaths.channelDate(TENANT, monde, '2026-02-30'),
      epgPaths.allDate(TENANT, '3448-59-69'),
      epgPaths.events(TENANT, '7058-44-88'),
      epgPaths.channelDate(TENANT, monde, '24-11-2026'),
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?daysBackward=31`,
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?daysForward=-1`,
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?pageSize=0`,
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?pageSize=10001`,
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?pageNumber=abc`,
      `${epgPaths.channelDate(TENANT, monde, '2026-11-24')}?startDateSort=UP`,
      epgPaths.channelDate(TENANT, `${'x'.repeat(161)}`, '2026-11-24'),
      epgPaths.channelDate(TENANT, 'a b<script>', '2026-11-24'),
      epgPaths.program(TENANT, monde, 'x'.repeat(200)),
      epgPaths.assetNext(TENANT, '%27%20or%201%3D1'),
      `${epgPaths.onNow(TENANT)}?minutesForward=100000`,
      `${epgPaths.onNow(TENANT)}?pageSize=501`,
      `${epgPaths.onNow(TENANT)}?sortingLocale=${'x'.repeat(40)}`,
      `${epgPaths.events(TENANT, '2026-11-24')}?daysForward=101`,
      `${epgPaths.events(TENANT, '2026-11-24')}?hideEnded=maybe`,
    ];
    for (const url of urls) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.httpCode, url).toBe(400);
      expect(body.message, url).toBe('BAD_REQUEST');
    }
  });
});
