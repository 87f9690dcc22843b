import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LiveStreamService } from '../../src/modules/live/index.js';
import { firstDecodeTime, retime } from '../../src/modules/live/stream/fmp4.js';
import { AUDIO_30S, fakeSchedule, fakeSegment, writeMedia } from './stream-helpers.js';

/**
 * The live manifests computed from the clock (ADR 0023), on a fake clock and a fake schedule:
 * channel `ch` (own media: 30 s) airs `p1` (a 10 s media looped) from T0 to T0 + 60 s, nothing
 * until T0 + 90 s (its own media fills), then `p2` whose asset has no media (the channel's plays).
 */

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const S = 1000;
let dir: string;
const folders = new Map<string, string>();
const schedule = fakeSchedule([
  { programId: 'p1', channelId: 'ch', assetId: 'film', startMs: T0, endMs: T0 + 60 * S, flags: 12 },
  {
    programId: 'p2',
    channelId: 'ch',
    assetId: 'sans-media',
    startMs: T0 + 90 * S,
    endMs: T0 + 150 * S,
    flags: 0,
  },
]);
const clock = { now: T0 + 40 * S };
const service = (now = () => clock.now) =>
  new LiveStreamService({ schedule, mediaDir: async (id) => folders.get(id), clock: now });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'antenne-live-'));
  folders.set('ch', writeMedia(dir, 'chan', 15));
  folders.set('ch2', folders.get('ch') ?? '');
  folders.set('film', writeMedia(dir, 'film', 5));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = async (rest: string, s = service()) => String((await s.answer('ch', rest)).body);

/** A media playlist's segments: sequence, PDT (ms), duration (s), map and URI. */
function parse(playlist: string) {
  const lines = playlist.trim().split('\n');
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1]);
  const segments: { pdt: number; duration: number; map: string; uri: string }[] = [];
  let pdt = 0;
  let duration = 0;
  let map = '';
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:URI=')) map = line.slice(16, -1);
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (!line.startsWith('#')) segments.push({ pdt, duration, map, uri: line });
  }
  return { sequence, segments };
}

describe('live HLS', () => {
  test('at T and T + 2 s: the media sequence advances by one, the same segments keep their program date times, the wall clock runs on', async () => {
    const a = parse(await text('live/media_0.m3u8'));
    clock.now += 2 * S;
    const b = parse(await text('live/media_0.m3u8'));
    clock.now -= 2 * S;
    expect(b.sequence).toBe(a.sequence + 1);
    expect(b.segments.slice(0, -1)).toEqual(a.segments.slice(1));
    for (const list of [a, b])
      list.segments.slice(1).forEach((s, i) => {
        const before = list.segments[i];
        expect(s.pdt).toBe(Math.round((before?.pdt ?? 0) + (before?.duration ?? 0) * 1000));
      });
    expect(a.sequence).toBe((T0 + 40 * S - 120 * S) / 2000);
  });

  test('the window is the last 120 s before the live edge, never earlier, never a segment not yet complete', async () => {
    for (const offset of [0, 1, 999, 1999]) {
      const now = T0 + 40 * S + offset;
      const list = parse(
        await text(
          'live/media_1.m3u8',
          service(() => now),
        ),
      );
      const first = list.segments[0];
      const last = list.segments.at(-1);
      expect(list.segments).toHaveLength(60);
      expect(first?.pdt).toBeGreaterThanOrEqual(now - 122 * S - 100);
      expect((last?.pdt ?? 0) + (last?.duration ?? 0) * 1000).toBeLessThanOrEqual(now + 100);
    }
  });

  test('across a loop point: no discontinuity, consecutive sequence numbers, timestamps moved to the wall clock', async () => {
    const playlist = await text('live/media_0.m3u8');
    expect(playlist).not.toContain('DISCONTINUITY');
    const list = parse(playlist);
    const loopAt = list.segments.findIndex((s) => s.pdt === T0 + 10 * S);
    const slot = (T0 + 10 * S) / 2000;
    expect(list.segments[loopAt]?.uri).toBe(`../s/0/${slot}.m4s`);
    expect(list.segments[loopAt - 1]?.uri).toBe(`../s/0/${slot - 1}.m4s`);
    const svc = service();
    const before = await svc.answer('ch', `s/0/${slot - 1}.m4s`);
    const after = await svc.answer('ch', `s/0/${slot}.m4s`);
    expect(String(before.body)).toContain('film/0/5');
    expect(String(after.body)).toContain('film/0/1');
    expect(firstDecodeTime(after.body as Buffer)).toBe(((T0 + 10 * S) / 1000) * 12800);
    expect(firstDecodeTime(before.body as Buffer)).toBe(((T0 + 8 * S) / 1000) * 12800);
    expect(after.cacheControl).toContain('immutable');
    // Audio: the AAC segments keep their own lengths inside a loop and the loop still starts on the grid.
    const audio = parse(await text('live/media_1.m3u8'));
    expect(audio.segments.find((s) => s.uri === `../s/1/${slot}.m4s`)?.pdt).toBe(T0 + 10 * S);
  });

  test('at a programme boundary the init segment changes (EXT-X-MAP), the clock and sequence run on', async () => {
    const list = parse(await text('live/media_0.m3u8'));
    const at = list.segments.findIndex((s) => s.pdt === T0);
    expect(list.segments[at - 1]?.map).toBe('../i/channel/0.m4s');
    expect(list.segments[at]?.map).toBe('../i/p-p1/0.m4s');
    const init = await service().answer('ch', 'i/p-p1/0.m4s');
    expect(String(init.body)).toContain('init film 0');
    expect(init.contentType).toBe('video/mp4');
  });

  test('the last audio segment before a programme starts ends on the boundary (no hole: moved, overlapping the one before)', async () => {
    const slot = T0 / 2000 + 3; // the 4th slot of a loop of the channel's media (T0 starts one)
    const segment = await service().answer('ch2', `s/1/${slot}.m4s`);
    const natural = (T0 / 1000) * 48000 + AUDIO_30S.slice(0, 4).reduce((a, b) => a + b);
    expect(natural).toBeLessThan(((T0 + 8 * S) / 1000) * 48000);
    const end = (firstDecodeTime(segment.body as Buffer) ?? 0) + (AUDIO_30S[3] ?? 0);
    expect(end).toBe(((T0 + 8 * S) / 1000) * 48000);
  });

  test('two services at the same instant give the same bytes (two server processes agree)', async () => {
    for (const file of ['live/media_0.m3u8', 'live/media_1.m3u8', 'live/manifest.mpd', 'live/master.m3u8'])
      expect(await text(file, service())).toBe(await text(file, service()));
  });

  test('a past range is a VOD playlist whose duration is the range; start-over is an EVENT playlist from the programme start', async () => {
    clock.now = T0 + 200 * S;
    for (const rep of ['0', '1']) {
      const playlist = await text(`${T0}-${T0 + 60 * S}/media_${rep}.m3u8`);
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const total = parse(playlist).segments.reduce((sum, s) => sum + s.duration, 0);
      expect(total).toBeCloseTo(60, 5);
    }
    const over = await text(`${T0 + 90 * S}-${T0 + 150 * S}/media_0.m3u8`);
    expect(parse(over).segments.every((s) => s.map === '../i/channel/0.m4s')).toBe(true);
    clock.now = T0 + 40 * S;
    const event = await text(`from-${T0}/media_0.m3u8`);
    expect(event).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(event).not.toContain('ENDLIST');
    expect(parse(event).segments[0]?.pdt).toBe(T0);
    expect(parse(event).segments).toHaveLength(20);
  });

  test('the master is the channel media’s without subtitles', async () => {
    const master = await text('live/master.m3u8');
    expect(master).toContain('media_0.m3u8');
    expect(master).not.toContain('SUBTITLES');
  });

  test('refused (404): a segment not yet complete, a range older than the catch-up days or in the future, an unknown file', async () => {
    const svc = service();
    const edge = Math.floor(clock.now / 2000);
    await expect(svc.answer('ch', `s/0/${edge}.m4s`)).rejects.toMatchObject({ httpCode: 404 });
    await expect(svc.answer('ch', `s/0/${edge - 1}.m4s`)).resolves.toBeDefined();
    const old = T0 - 8 * 86_400_000;
    await expect(svc.answer('ch', `${old}-${old + 60 * S}/media_0.m3u8`)).rejects.toMatchObject({
      httpCode: 404,
    });
    await expect(svc.answer('ch', `${T0}-${T0 + 600 * S}/media_0.m3u8`)).rejects.toMatchObject({
      httpCode: 404,
    });
    await expect(svc.answer('ch', 'live/media_9.m3u8')).rejects.toMatchObject({ httpCode: 404 });
    await expect(svc.answer('ch', 'live/../x')).rejects.toMatchObject({ httpCode: 404 });
    await expect(svc.answer('autre', 'live/master.m3u8')).rejects.toMatchObject({ httpCode: 404 });
    // A programme's token opens its own span only.
    const limit = { fromMs: T0, toMs: T0 + 60 * S };
    await expect(svc.answer('ch', 'live/media_0.m3u8', limit)).rejects.toMatchObject({ httpCode: 404 });
    await expect(svc.answer('ch', `s/0/${T0 / 2000 - 1}.m4s`, limit)).rejects.toMatchObject({
      httpCode: 404,
    });
  });
});

describe('live DASH', () => {
  test('dynamic MPD: epoch availabilityStartTime, one Period per programme (the filler per loop), slot numbers and wall-clock times', async () => {
    const mpd = await text('live/manifest.mpd');
    expect(mpd).toContain('type="dynamic"');
    expect(mpd).toContain('availabilityStartTime="1970-01-01T00:00:00Z"');
    expect(mpd).toContain(`publishTime="${new Date(clock.now).toISOString()}"`);
    expect(mpd).toContain('timeShiftBufferDepth="PT120S"');
    // The server's clock for the player (shaka syncs to it: a moved test clock, a skewed device).
    expect(mpd).toContain(
      `<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${new Date(clock.now).toISOString()}"/>`,
    );
    expect(mpd).not.toContain('text/vtt');
    const slot0 = T0 / 2000;
    expect(mpd).toContain(`<Period id="p-p1-${slot0}" start="PT${T0 / 1000}S">`);
    // One Period holds the programme's loops: the video timeline is one run of 2 s segments.
    const period = mpd.slice(mpd.indexOf(`<Period id="p-p1-${slot0}"`));
    expect(period).toContain(`presentationTimeOffset="${(T0 / 1000) * 12800}"`);
    expect(period).toContain(
      `startNumber="${slot0}"><SegmentTimeline><S t="${(T0 / 1000) * 12800}" d="25600" r="19"/>`,
    );
    expect(mpd.match(/<Period /g)?.length).toBeGreaterThanOrEqual(3);
    clock.now += 2 * S;
    const later = await text('live/manifest.mpd');
    clock.now -= 2 * S;
    expect(later).toContain(`<Period id="p-p1-${slot0}" start="PT${T0 / 1000}S">`);
  });

  test('a past range: static MPD lasting the range, Periods from 0', async () => {
    clock.now = T0 + 200 * S;
    const mpd = await text(`${T0 - 20 * S}-${T0 + 60 * S}/manifest.mpd`);
    clock.now = T0 + 40 * S;
    expect(mpd).toContain('type="static" mediaPresentationDuration="PT80S"');
    expect(mpd).toContain('start="PT0S"');
    expect(mpd).toContain('start="PT20S"');
  });
});

describe('segment retiming', () => {
  test('tfdt and the sidx earliest presentation time move together; nothing else changes', () => {
    const original = fakeSegment(25600, 'x');
    const moved = retime(original, 22_982_317_747_200);
    expect(moved.length).toBe(original.length);
    expect(firstDecodeTime(moved)).toBe(22_982_317_747_200);
    const sidxAt = moved.indexOf('sidx') + 4;
    // version/flags, reference_ID, timescale, then the 64-bit earliest presentation time.
    expect(Number(moved.readBigUInt64BE(sidxAt + 12))).toBe(22_982_317_747_200 + 1024);
    expect(moved.subarray(moved.indexOf('mdat'))).toEqual(original.subarray(original.indexOf('mdat')));
    expect(() => retime(Buffer.from('not a segment'), 0)).toThrow();
  });
});

describe('schedule reads', () => {
  test('a live viewer’s requests share one schedule read (per channel and hour, for 2 s)', async () => {
    const svc = service();
    const before = schedule.calls;
    for (const file of ['live/media_0.m3u8', 'live/media_1.m3u8', 'live/manifest.mpd'])
      await svc.answer('ch', file);
    await svc.answer('ch', `s/0/${Math.floor(clock.now / 2000) - 2}.m4s`);
    expect(schedule.calls - before).toBe(1);
  });
});
