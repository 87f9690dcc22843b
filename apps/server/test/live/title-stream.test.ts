import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TitleStreamService, type TitleMedia } from '../../src/modules/live/index.js';
import { firstDecodeTime } from '../../src/modules/live/stream/fmp4.js';
import { loopVtt } from '../../src/modules/live/stream/title.js';
import { AUDIO_30S, writeMedia } from './stream-helpers.js';

/**
 * A demo title looped to its stated length (ADR 0028), on fake packaged media: `film` is a 30 s
 * media (15 video segments, AAC-like audio) stated at 65 s (rounded to 66 s: 33 slots), `short`
 * states no more than its own length, `missing` has no folder.
 */

let dir: string;
const titles = new Map<string, TitleMedia>();
const service = new TitleStreamService({ titleMedia: async (id) => titles.get(id) });
const text = async (rest: string, id = 'film') => String((await service.answer(id, rest)).body);
const status = (rest: string, id = 'film') =>
  service.answer(id, rest).then(
    () => 200,
    (e: { httpCode?: number }) => e.httpCode ?? 500,
  );

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'antenne-title-'));
  const film = writeMedia(dir, 'film', 15);
  mkdirSync(path.join(film, 'subs'));
  writeFileSync(
    path.join(film, 'subs', 'fr.vtt'),
    'WEBVTT\n\nNOTE from the demo\n\n1\n00:00:01.000 --> 00:00:04.000 line:90%\nBonjour\n\n2\n00:00:25.000 --> 00:00:29.500\nAu revoir\n',
  );
  titles.set('film', { dir: film, durationMs: 65_000 });
  titles.set('short', { dir: film, durationMs: 30_000 });
  titles.set('missing', { dir: path.join(dir, 'nowhere'), durationMs: 600_000 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a looped title', () => {
  test('its length: the stated one on the 2-second grid, only when longer than one loop of its media', async () => {
    expect(await service.loopedLength('film')).toBe(66_000);
    expect(await service.loopedLength('short')).toBeUndefined();
    expect(await service.loopedLength('missing')).toBeUndefined();
    expect(await service.loopedLength('unknown')).toBeUndefined();
    expect(await status('vod/master.m3u8', 'short')).toBe(404);
  });

  test('HLS: VOD playlists from slot 0 lasting the whole length, no program date time; the packaged master with its subtitles', async () => {
    const master = await text('vod/master.m3u8');
    expect(master).toContain('TYPE=SUBTITLES');
    for (const name of ['media_0.m3u8', 'media_1.m3u8']) {
      const playlist = await text(`vod/${name}`);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations).toHaveLength(33);
      expect(Math.abs(durations.reduce((a, b) => a + b, 0) - 66)).toBeLessThan(1e-4);
      expect(playlist).toContain('#EXT-X-MEDIA-SEQUENCE:0');
      expect(playlist).toContain('#EXT-X-MAP:URI="../i/title/');
      expect(playlist).not.toContain('PROGRAM-DATE-TIME');
      expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    }
  });

  test('DASH: a static MPD of the whole length, one Period from 0, the text AdaptationSets kept', async () => {
    const mpd = await text('vod/manifest.mpd');
    expect(mpd).toContain('type="static" mediaPresentationDuration="PT66S"');
    expect(mpd.match(/<Period /g)).toHaveLength(1);
    expect(mpd).toContain('<Period id="title-0" start="PT0S">');
    expect(mpd).toContain('presentationTimeOffset="0"');
    expect(mpd).toContain('startNumber="0"');
    expect(mpd).toContain('<BaseURL>subs/fr.vtt</BaseURL>');
    expect(mpd).not.toContain('UTCTiming');
  });

  test('segments: decode times on the title’s timeline, running on across the loop points; the init segments', async () => {
    const tfdt = async (rep: string, slot: number) =>
      firstDecodeTime((await service.answer('film', `s/${rep}/${slot}.m4s`)).body as Buffer);
    for (const slot of [0, 14, 15, 16, 30, 32]) expect(await tfdt('0', slot)).toBe(slot * 25600);
    // Audio: each loop (15 slots) starts on the grid; the last segment of a loop ends on it.
    expect(await tfdt('1', 15)).toBe(30 * 48000);
    expect(await tfdt('1', 30)).toBe(60 * 48000);
    expect((await tfdt('1', 14)) ?? 0).toBe(30 * 48000 - (AUDIO_30S.at(-1) ?? 0));
    expect((await tfdt('1', 16)) ?? 0).toBe(30 * 48000 + (AUDIO_30S[0] ?? 0));
    const init = await service.answer('film', 'i/title/1.m4s');
    expect(init.contentType).toBe('video/mp4');
    expect(init.cacheControl).toContain('immutable');
    for (const bad of ['s/0/33.m4s', 's/9/1.m4s', 's/0/-1.m4s', 'i/channel/0.m4s', 'i/title/9.m4s'])
      expect(await status(bad), bad).toBe(404);
  });

  test('subtitles: a one-segment playlist over the whole length and the cues once per loop; anything else 404', async () => {
    expect(await text('vod/subs/fr.m3u8')).toContain('#EXTINF:66.000,\nfr.vtt\n#EXT-X-ENDLIST');
    const vtt = await text('vod/subs/fr.vtt');
    expect(vtt).toContain('00:00:31.000 --> 00:00:34.000 line:90%\nBonjour');
    expect(vtt).toContain('00:01:01.000 --> 00:01:04.000 line:90%\nBonjour');
    expect(vtt).not.toContain('NOTE');
    for (const bad of [
      'vod/subs/de.vtt',
      'vod/subs/..%2Ffr.vtt',
      'vod/subs/fr.srt',
      'vod/x.m3u8',
      'live/master.m3u8',
    ])
      expect(await status(bad), bad).toBe(404);
  });
});

describe('loopVtt', () => {
  const vtt =
    'WEBVTT\n\nSTYLE\n::cue { color: yellow }\n\nintro\n00:01.000 --> 00:03.000\nUn\n\n00:08.000 --> 00:12.000\nDeux\n';
  test('repeats the cues every loop, cuts the one over the end, leaves out those after it, keeps the header blocks once', () => {
    expect(loopVtt(vtt, 10_000, 21_000)).toBe(
      'WEBVTT\n\nSTYLE\n::cue { color: yellow }\n\n' +
        '1\n00:00:01.000 --> 00:00:03.000\nUn\n\n2\n00:00:08.000 --> 00:00:12.000\nDeux\n\n' +
        '3\n00:00:11.000 --> 00:00:13.000\nUn\n\n4\n00:00:18.000 --> 00:00:21.000\nDeux\n',
    );
  });
});
