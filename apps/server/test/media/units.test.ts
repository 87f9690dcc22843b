import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findFfmpeg, meaningfulLines, MediaError, parseProbe } from '../../src/modules/media/ffmpeg.js';
import { ladderArgs, renditionSize, LADDER } from '../../src/modules/media/ladder.js';
import { parseRange } from '../../src/modules/media/routes.js';
import {
  addSubtitlesToMaster,
  addSubtitlesToMpd,
  languageLabel,
  subtitlePlaylist,
  validateWebVtt,
  type Subtitle,
} from '../../src/modules/media/subtitles.js';

const PROBE_41 = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'in.mp4':
  Metadata:
    major_brand     : isom
  Duration: 00:01:30.52, start: 0.000000, bitrate: 7605 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080 [SAR 1:1 DAR 16:9], 7546 kb/s, 29.97 fps, 29.97 tbr, 30k tbn, 59.94 tbc (default)
    Metadata:
      handler_name    : VideoHandler
    Stream #0:1(eng): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)
At least one output file must be specified
`;

describe('ffmpeg helpers', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test('parseProbe reads duration, frame rate, size and audio from `ffmpeg -i`', () => {
    expect(parseProbe(PROBE_41, 'in.mp4')).toEqual({
      durationMs: 90_520,
      fps: 29.97,
      width: 1920,
      height: 1080,
      hasAudio: true,
      audioTracks: 1,
    });
    const silent = PROBE_41.replace(/^.*Audio:.*$/m, '').replace('29.97 fps, ', '');
    expect(parseProbe(silent, 'in.mp4')).toMatchObject({ fps: 29.97, hasAudio: false, audioTracks: 0 });
  });

  test('parseProbe names the file and keeps ffmpeg’s words for unreadable input', () => {
    const stderr =
      '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x36029b00] moov atom not found\n/x/bad.mp4: Invalid data found when processing input\n';
    let error: unknown;
    try {
      parseProbe(stderr, '/x/bad.mp4');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toBe(
      '/x/bad.mp4: not a media file ffmpeg can read: mov,mp4,m4a,3gp,3g2,mj2: moov atom not found\n/x/bad.mp4: Invalid data found when processing input',
    );
    expect(() => parseProbe(PROBE_41.replace(/^.*Video:.*$/m, ''), 'a.m4a')).toThrow(
      'a.m4a: no video stream',
    );
  });

  test('meaningfulLines drops the stream listing and keeps the last lines', () => {
    expect(meaningfulLines(`${PROBE_41}Error while opening encoder\nConversion failed!\n`)).toBe(
      'Error while opening encoder\nConversion failed!',
    );
  });

  test('findFfmpeg prefers an ffmpeg on PATH, else the npm build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'antenne-path-'));
    dirs.push(dir);
    const fake = path.join(dir, 'ffmpeg');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(findFfmpeg(`/nonexistent${path.delimiter}${dir}`)).toBe(fake);
    expect(findFfmpeg('/nonexistent')).toMatch(/@ffmpeg-installer/);
    chmodSync(fake, 0o644);
    expect(findFfmpeg(dir)).toMatch(/@ffmpeg-installer/);
  });
});

describe('ladder', () => {
  test('renditions keep the aspect ratio with even sizes', () => {
    expect(LADDER.map((r) => renditionSize(r, { width: 1920, height: 1080 }))).toEqual([
      { width: 640, height: 360 },
      { width: 960, height: 540 },
      { width: 1280, height: 720 },
    ]);
    expect(renditionSize(LADDER[0] as (typeof LADDER)[number], { width: 1080, height: 1920 })).toEqual({
      width: 202,
      height: 360,
    });
    expect(renditionSize(LADDER[2] as (typeof LADDER)[number], { width: 1440, height: 1080 })).toEqual({
      width: 960,
      height: 720,
    });
  });

  test('2-second GOPs at the source rate; a silent track when the input has none; no 5.1-only option', () => {
    const probe = { durationMs: 10_000, fps: 25, width: 1280, height: 720, hasAudio: false, audioTracks: 0 };
    const args = ladderArgs({ input: 'in.mp4', probe, outDir: '/out', segmentPrefix: 'abcd' });
    const value = (name: string) => args[args.indexOf(name) + 1];
    expect(value('-g')).toBe('50');
    expect(value('-keyint_min')).toBe('50');
    expect(value('-sc_threshold')).toBe('0');
    expect(args.join(' ')).toContain(
      '-f lavfi -t 10.000 -i anullsrc=channel_layout=stereo:sample_rate=48000',
    );
    expect(args).toContain('1:a:0');
    expect(value('-media_seg_name')).toBe('seg-abcd-$RepresentationID$-$Number%05d$.m4s');
    expect(args.at(-1)).toBe('/out/manifest.mpd');
    for (const only51 of [
      '-hls_master_name',
      '-frag_type',
      '-ldash',
      '-lhls',
      '-mpd_profile',
      '-write_prft',
    ]) {
      expect(args).not.toContain(only51);
    }
    const withAudio = ladderArgs({
      input: 'in.mp4',
      probe: { ...probe, fps: 30, hasAudio: true, audioTracks: 1 },
      outDir: '/o',
      segmentPrefix: 'x',
    });
    expect(withAudio).toContain('0:a:0');
    expect(withAudio.join(' ')).not.toContain('anullsrc');
    expect(withAudio[withAudio.indexOf('-g') + 1]).toBe('60');
  });
});

describe('subtitles', () => {
  test('validateWebVtt accepts real files and names the file when it refuses', () => {
    expect(validateWebVtt('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.500 align:start\nHi\n', 'a.vtt')).toMatch(
      /^WEBVTT/,
    );
    expect(() => validateWebVtt('1\n00:00:01,000 --> 00:00:02,000\nSRT\n', 'x.srt')).toThrow(
      /^x\.srt: not a WebVTT file/,
    );
    expect(() => validateWebVtt('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nx\n', 'b.vtt')).toThrow(
      /^b\.vtt: line 3/,
    );
    expect(() => validateWebVtt('WEBVTT\n', 'c.vtt')).toThrow('c.vtt: no cue');
  });

  test('labels are the language’s name in itself', () => {
    expect(languageLabel('fr')).toBe('Français');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('ar')).toBe('العربية');
  });

  const subs: Subtitle[] = [
    { lang: 'fr', file: 'fr.vtt', text: '', label: 'Français' },
    { lang: 'ar', file: 'ar.vtt', text: '', label: 'العربية' },
  ];

  test('the master gets the subtitle group on every variant', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_3",DEFAULT=YES,URI="media_3.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=932925,RESOLUTION=640x360,AUDIO="group_A1"',
      'media_0.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1530249,RESOLUTION=960x540,AUDIO="group_A1"',
      'media_1.m3u8',
      '',
    ].join('\n');
    const out = addSubtitlesToMaster(master, subs).split('\n');
    expect(out[3]).toBe(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="subs/fr.m3u8"',
    );
    expect(out[4]).toContain('NAME="العربية",LANGUAGE="ar"');
    expect(out.filter((l) => l.endsWith(',SUBTITLES="subs"'))).toHaveLength(2);
    expect(addSubtitlesToMaster(master, [])).toBe(master);
  });

  test('the MPD gets one text AdaptationSet per language', () => {
    const mpd =
      '<MPD>\n\t<Period id="0">\n\t\t<AdaptationSet id="0" contentType="video">\n\t\t</AdaptationSet>\n\t\t<AdaptationSet id="1" contentType="audio">\n\t\t</AdaptationSet>\n\t</Period>\n</MPD>\n';
    const out = addSubtitlesToMpd(mpd, subs);
    expect(out).toContain('<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="fr">');
    expect(out).toContain('<AdaptationSet id="3" contentType="text" mimeType="text/vtt" lang="ar">');
    expect(out).toContain('<Label>العربية</Label>');
    expect(out.indexOf('lang="ar"')).toBeLessThan(out.indexOf('</Period>'));
  });

  test('a subtitle playlist is one segment as long as the video', () => {
    expect(subtitlePlaylist('fr', 10_005)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:11\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:10.005,\nfr.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});

describe('parseRange', () => {
  test('one byte range, suffix ranges, and what is ignored or unsatisfiable', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=5-1', 1000)).toBeUndefined();
  });
});
