import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ScheduledProgramme, ScheduleReader } from '../../src/modules/live/index.js';

/**
 * Fake packaged media for the live stream tests: folders laid out as the dash muxer writes them
 * (manifest.mpd with SegmentTemplate + SegmentTimeline, master.m3u8, init and fMP4 segments whose
 * boxes are real: styp, sidx v1, moof/traf/tfdt v1, mdat) and a schedule reader over a list.
 */

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

/** One media segment whose first decode time is `tfdt` (and sidx earliest presentation time `tfdt + 1024`). */
export function fakeSegment(tfdt: number, marker: string): Buffer {
  return Buffer.concat([
    box('styp', Buffer.from('msdh'), u32(0), Buffer.from('msdhmsix')),
    box(
      'sidx',
      u32(0x01000000),
      u32(1),
      u32(12800),
      u64(tfdt + 1024),
      u64(0),
      u32(1),
      u32(100),
      u32(25600),
      u32(0x80000000),
    ),
    box(
      'moof',
      box('mfhd', u32(0), u32(1)),
      box(
        'traf',
        box('tfhd', u32(0x20000), u32(1)),
        box('tfdt', u32(0x01000000), u64(tfdt)),
        box('trun', u32(0), u32(0)),
      ),
    ),
    box('mdat', Buffer.from(marker)),
  ]);
}

/** Audio segment durations at 48 kHz as AAC gives them (sum: 30 s for 15 segments). */
export const AUDIO_30S = [
  92160, 96256, 96256, 96256, 95232, 96256, 96256, 96256, 95232, 96256, 96256, 96256, 95232, 96256, 99584,
];

/**
 * A media folder `name` of `videoSegments` 2 s video segments (timescale 12800) and audio
 * (48000: AUDIO_30S for 15 segments, else 2 s each); French subtitles unless `subtitles: false`;
 * with `audioDescription`, the audio is marked as describing the video (HLS and DASH, as packaged).
 */
export function writeMedia(
  dir: string,
  name: string,
  videoSegments: number,
  options: { encrypted?: boolean; subtitles?: boolean; audioDescription?: boolean } = {},
): string {
  const folder = path.join(dir, name);
  const subtitles = options.subtitles ?? true;
  mkdirSync(folder, { recursive: true });
  const audio = videoSegments === 15 ? AUDIO_30S : Array.from({ length: videoSegments }, () => 96000);
  const timeline = (d: number[]) => d.map((x, i) => `<S ${i === 0 ? 't="0" ' : ''}d="${x}" />`).join('\n');
  writeFileSync(
    path.join(folder, 'manifest.mpd'),
    `<?xml version="1.0" encoding="utf-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT${videoSegments * 2}.0S">
<Period id="0" start="PT0.0S">
<AdaptationSet id="0" contentType="video" segmentAlignment="true">${options.encrypted ? '<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc"/>' : ''}
<Representation id="0" mimeType="video/mp4" codecs="avc1.4d401e" bandwidth="800000" width="640" height="360">
<SegmentTemplate timescale="12800" initialization="init-${name}-$RepresentationID$.m4s" media="seg-${name}-$RepresentationID$-$Number%05d$.m4s" startNumber="1">
<SegmentTimeline><S t="0" d="25600" r="${videoSegments - 1}" /></SegmentTimeline>
</SegmentTemplate>
</Representation>
</AdaptationSet>
<AdaptationSet id="1" contentType="audio" lang="fr">${options.audioDescription ? '<Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="1"/>' : ''}
<Representation id="1" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">
<SegmentTemplate timescale="48000" initialization="init-${name}-$RepresentationID$.m4s" media="seg-${name}-$RepresentationID$-$Number%05d$.m4s" startNumber="1">
<SegmentTimeline>${timeline(audio)}</SegmentTimeline>
</SegmentTemplate>
</Representation>
</AdaptationSet>
${subtitles ? '<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="fr"><Representation id="sub_fr" bandwidth="256"><BaseURL>subs/fr.vtt</BaseURL></Representation></AdaptationSet>' : ''}
</Period>
</MPD>
`,
  );
  writeFileSync(
    path.join(folder, 'master.m3u8'),
    `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Français",LANGUAGE="fr",DEFAULT=YES,URI="media_1.m3u8"\n` +
      (options.audioDescription
        ? `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Audiodescription",LANGUAGE="fr",DEFAULT=NO,CHARACTERISTICS="public.accessibility.describes-video",URI="media_1.m3u8"\n`
        : '') +
      (subtitles
        ? `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",URI="subs/fr.m3u8"\n`
        : '') +
      `#EXT-X-STREAM-INF:BANDWIDTH=932614,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"${subtitles ? ',SUBTITLES="subs"' : ''}\nmedia_0.m3u8\n`,
  );
  for (const rep of ['0', '1']) {
    writeFileSync(
      path.join(folder, `init-${name}-${rep}.m4s`),
      box('ftyp', Buffer.from(`init ${name} ${rep}`)),
    );
    const durations = rep === '0' ? Array.from({ length: videoSegments }, () => 25600) : audio;
    let t = 0;
    durations.forEach((d, i) => {
      const n = String(i + 1).padStart(5, '0');
      writeFileSync(
        path.join(folder, `seg-${name}-${rep}-${n}.m4s`),
        fakeSegment(t, `${name}/${rep}/${i + 1}`),
      );
      t += d;
    });
  }
  return folder;
}

/** A ScheduleReader over a fixed list (the epg helper's EpgService stands here in the app). */
export function fakeSchedule(programmes: ScheduledProgramme[]): ScheduleReader & { calls: number } {
  const reader = {
    calls: 0,
    async programmesBetween(channelId: string, fromMs: number, toMs: number) {
      reader.calls++;
      return programmes
        .filter((p) => p.channelId === channelId && p.endMs > fromMs && p.startMs < toMs)
        .sort((a, b) => a.startMs - b.startMs);
    },
    async programme(programId: string) {
      return programmes.find((p) => p.programId === programId);
    },
  };
  return reader;
}
