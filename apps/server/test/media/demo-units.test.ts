import { demoMediaPlan } from '@antenne/content/media';
import { afterEach, describe, expect, test } from 'vitest';
import { importCatalogue } from '../../src/modules/catalogue/import-service.js';
import {
  audioTrackLabel,
  labelAudioInMaster,
  labelAudioInMpd,
} from '../../src/modules/media/audio-tracks.js';
import { attachDemoMedia, demoDuration, demoMedias } from '../../src/modules/media/demo/attach.js';
import { demoMediaEntries, itemHash } from '../../src/modules/media/demo/build.js';
import { hueColour, mp4Args, patternGraph, synthGraph } from '../../src/modules/media/demo/synth.js';
import { createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { smallCatalogue } from '../catalogue/helpers.js';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_3",DEFAULT=YES,URI="media_3.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_4",DEFAULT=YES,URI="media_4.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=932614,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"',
  'media_0.m3u8',
  '',
].join('\n');

const MPD = [
  '\t\t<AdaptationSet id="0" contentType="video" segmentAlignment="true">',
  '\t\t</AdaptationSet>',
  '\t\t<AdaptationSet id="1" contentType="audio" segmentAlignment="true" lang="fra">',
  '\t\t</AdaptationSet>',
  '\t\t<AdaptationSet id="2" contentType="audio" segmentAlignment="true">',
  '\t\t</AdaptationSet>',
].join('\n');

const TRACKS = [
  { map: '[main]', lang: 'fr' },
  { map: '[described]', lang: 'fr', description: true },
];

describe('audio track names in the manifests', () => {
  test('labels in the language itself, audio description said so', () => {
    expect(audioTrackLabel({ lang: 'fr' })).toBe('Français');
    expect(audioTrackLabel({ lang: 'fr', description: true })).toBe('Français (audiodescription)');
    expect(audioTrackLabel({ lang: 'en', description: true })).toBe('English (audio description)');
    expect(audioTrackLabel({})).toBe('Audio');
  });

  test('HLS: NAME, LANGUAGE, AUTOSELECT, and for audio description CHARACTERISTICS and DEFAULT=NO', () => {
    const lines = labelAudioInMaster(MASTER, TRACKS).split('\n');
    expect(lines[2]).toBe(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Français",LANGUAGE="fr",AUTOSELECT=YES,DEFAULT=YES,URI="media_3.m3u8"',
    );
    expect(lines[3]).toBe(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Français (audiodescription)",LANGUAGE="fr",AUTOSELECT=YES,' +
        'CHARACTERISTICS="public.accessibility.describes-video",DEFAULT=NO,URI="media_4.m3u8"',
    );
    expect(lines[4]).toBe(MASTER.split('\n')[4]);
  });

  test('DASH: lang, Role, the AudioPurpose accessibility descriptor and a Label', () => {
    const mpd = labelAudioInMpd(MPD, TRACKS);
    expect(mpd).toContain(
      '<AdaptationSet id="1" contentType="audio" segmentAlignment="true" lang="fr">\n\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main" />\n\t\t\t<Label>Français</Label>',
    );
    expect(mpd).toContain(
      '<AdaptationSet id="2" contentType="audio" segmentAlignment="true" lang="fr">\n' +
        '\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="alternate" />\n' +
        '\t\t\t<Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="1" />\n' +
        '\t\t\t<Label>Français (audiodescription)</Label>',
    );
    expect(mpd).not.toContain('lang="fra"');
  });

  test('tracks of unknown language and purpose leave the manifests as ffmpeg wrote them', () => {
    expect(labelAudioInMaster(MASTER, [{ map: '0:a:0' }])).toBe(MASTER);
    expect(labelAudioInMpd(MPD, [{ map: '0:a:0' }])).toBe(MPD);
  });
});

describe('the synthetic sources', () => {
  test('every pattern gives a lavfi source and the item colour', () => {
    for (const pattern of ['testsrc2', 'mandelbrot', 'life', 'cellauto', 'smptebars', 'rgbcycle'] as const) {
      const graph = patternGraph(pattern, 200);
      expect(graph.source).toMatch(/^\w+=size=\d+x\d+:rate=25/);
    }
    expect(hueColour(0)).toMatch(/^#[0-9a-f]{6}$/);
    expect(hueColour(0)).not.toBe(hueColour(180));
  });

  test('a programme with audio description gets a second, mixed track; the picture is burned with the overlay and a timecode', () => {
    const programme = demoMediaPlan().find((item) => item.audioDescription !== undefined);
    expect(programme).toBeDefined();
    const graph = synthGraph(programme!, '/tmp/overlay.png');
    expect(graph.audio).toEqual([
      { map: '[main]', lang: 'fr' },
      { map: '[described]', lang: 'fr', description: true },
    ]);
    expect(graph.filter).toContain('amix=inputs=2');
    expect(graph.filter).toContain("text='%{pts\\:hms}'");
    expect(graph.inputArgs).toContain('/tmp/overlay.png');
    const ad = demoMediaPlan().find((item) => item.output === 'mp4')!;
    const args = mp4Args(synthGraph(ad, '/tmp/o.png'), ad.seconds, '/tmp/ad.mp4');
    expect(args.join(' ')).toContain('-movflags +faststart');
    expect(args.at(-1)).toBe('/tmp/ad.mp4');
  });

  test('the cache folder of an item changes with any of its inputs, and only its own', () => {
    const plan = demoMediaPlan();
    const before = demoMediaEntries(plan).map((e) => e.folder);
    const changed = plan.map((item, i) => (i === 0 ? { ...item, toneHz: item.toneHz + 1 } : item));
    const after = demoMediaEntries(changed).map((e) => e.folder);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(before[0]).toBe(`${plan[0]!.id}-${itemHash(plan[0]!)}`);
  });
});

describe('how long a demo item plays as a title (ADR 0028)', () => {
  test('a clear programme at the title’s length on the 2-second grid; trailers, the encrypted programme and shorter titles at the item’s', () => {
    const entries = demoMediaEntries();
    const entry = (id: string) => entries.find((e) => e.item.id === id)!;
    expect(demoDuration(entry('programme-1'), 74 * 60_000)).toBe(74 * 60_000);
    expect(demoDuration(entry('programme-1'), 100_999)).toBe(100_000);
    expect(demoDuration(entry('programme-1'), 20_000)).toBe(30_000);
    expect(demoDuration(entry('programme-1'), undefined)).toBe(30_000);
    expect(demoDuration(entry('programme-clearkey'), 74 * 60_000)).toBe(30_000);
    expect(demoDuration(entry('trailer-1'), 120_000)).toBe(15_000);
  });
});

describe.each(engines)('attaching the demo streams to the titles (%s)', (engine) => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.cleanup();
    testDb = undefined;
  });

  test('titles naming a programme get its HLS and DASH; their own medias are kept; an older build is replaced; a second run changes nothing', async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      const catalogue = smallCatalogue();
      const [first, second, third] = catalogue.assets;
      Object.assign(first!, { customData: { programme: 'programme-2' }, medias: [] });
      Object.assign(second!, {
        customData: { programme: 'programme-3' },
        medias: [
          {
            mediaId: 'own',
            name: 'HLS',
            format: 'HLS',
            drm: 'UNENCRYPTED',
            durationMillis: 1000,
            status: 'enabled',
            locator: '/media/x/master.m3u8',
          },
        ],
      });
      const entries = demoMediaEntries();
      const p4 = entries.find((e) => e.item.id === 'programme-4')!;
      Object.assign(third!, {
        customData: { programme: 'programme-4' },
        medias: demoMedias(third!.assetId, {
          ...p4,
          folder: 'programme-4-000000000000',
          hls: '/demo-media/programme-4-000000000000/master.m3u8',
          dash: '/demo-media/programme-4-000000000000/manifest.mpd',
        }),
      });
      expect((await importCatalogue(database.db, catalogue, TENANT)).ok).toBe(true);

      expect(await attachDemoMedia(database.db, TENANT, entries)).toBe(2);
      const medias = async (id: string) =>
        JSON.parse(
          (
            await database.db
              .selectFrom('asset')
              .select('medias')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).medias,
        );
      const p2 = entries.find((e) => e.item.id === 'programme-2')!;
      // A clear programme states the title's catalogue length (ADR 0028: played looped to it).
      expect(first!.duration).toBeGreaterThan(p2.durationMs);
      expect(await medias(first!.assetId)).toEqual(demoMedias(first!.assetId, p2, first!.duration));
      expect((await medias(first!.assetId))[0].durationMillis).toBe(first!.duration);
      expect((await medias(second!.assetId))[0].mediaId).toBe('own');
      expect((await medias(third!.assetId))[0].locator).toBe(p4.hls);
      expect(await attachDemoMedia(database.db, TENANT, entries)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
