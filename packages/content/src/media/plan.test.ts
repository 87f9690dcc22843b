import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoFilms, demoTrailers } from '../catalogue/films.js';
import {
  DEMO_ADS,
  DEMO_CLEARKEY_PROGRAMME,
  DEMO_MEDIA_VERSION,
  DEMO_TRAILER_STREAMS,
  demoMediaPlan,
} from './plan.js';
import type { DemoCue, DemoMediaItem } from './types.js';
import { toWebVtt } from './vtt.js';

const PATTERNS = ['testsrc2', 'mandelbrot', 'life', 'cellauto', 'smptebars', 'rgbcycle'];
const SPEECHLESS = {
  fr: ['[musique]', '[applaudissements]'],
  en: ['[music]', '[applause]'],
  ar: ['[موسيقى]', '[تصفيق]'],
};

const plan = demoMediaPlan();
const byId = (id: string): DemoMediaItem => {
  const item = plan.find((i) => i.id === id);
  if (item === undefined) throw new Error(`no item ${id}`);
  return item;
};
const ofKind = (kind: DemoMediaItem['kind']) => plan.filter((i) => i.kind === kind);
/** The six clear programmes every catalogue asset plays in turn (the encrypted one is apart). */
const clearProgrammes = () => ofKind('programme').filter((p) => p.encryption === undefined);

/** Cues ordered, non-overlapping, within the item, each 2–5 s, with text. */
function expectValidCues(cues: DemoCue[] | undefined, seconds: number, label: string): void {
  expect(cues, label).toBeDefined();
  let previousEnd = 0;
  for (const cue of cues ?? []) {
    expect(cue.start, label).toBeGreaterThanOrEqual(previousEnd);
    expect(cue.end, label).toBeLessThanOrEqual(seconds);
    expect(cue.end - cue.start, `${label} ${cue.text}`).toBeGreaterThanOrEqual(2);
    expect(cue.end - cue.start, `${label} ${cue.text}`).toBeLessThanOrEqual(5);
    expect(cue.text.trim(), label).not.toBe('');
    previousEnd = cue.end;
  }
}

describe('demoMediaPlan', () => {
  it('has unique, folder-safe ids and is built fresh on each call', () => {
    expect(DEMO_MEDIA_VERSION).toBe(1);
    const ids = plan.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    expect(ids).toEqual(
      expect.arrayContaining([
        ...[1, 2, 3, 4, 5, 6].map((n) => `programme-${n}`),
        DEMO_CLEARKEY_PROGRAMME,
        ...DEMO_TRAILER_STREAMS,
        'bumper-brand',
        'bumper-csa-10',
        'bumper-csa-12',
        'bumper-csa-16',
        'ad-1',
        'ad-2',
      ]),
    );
    expect(plan).toHaveLength(6 + 1 + 3 + 4 + 2);
    const again = demoMediaPlan();
    expect(again).toEqual(plan);
    expect(again[0]).not.toBe(plan[0]);
    for (const item of plan) {
      expect(item.hue).toBeGreaterThanOrEqual(0);
      expect(item.hue).toBeLessThan(360);
      expect(item.toneHz).toBeGreaterThan(0);
    }
  });

  it('has six programmes of 30–60 s, each with its own pattern, hue and tone', () => {
    const programmes = clearProgrammes();
    expect(programmes.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `programme-${n}`));
    for (const p of programmes) {
      expect(p.seconds, p.id).toBeGreaterThanOrEqual(30);
      expect(p.seconds, p.id).toBeLessThanOrEqual(60);
      expect(Number.isInteger(p.seconds), p.id).toBe(true);
      expect(p.output, p.id).toBe('stream');
      expect(p.timecode, p.id).toBe(true);
      expect(p.overlaySvg, p.id).toContain('Antenne Monde — programme de démonstration');
      expect(p.overlaySvg, p.id).toContain('ANTENNE');
    }
    expect(new Set(programmes.map((p) => p.pattern))).toEqual(new Set(PATTERNS));
    expect(new Set(programmes.map((p) => p.hue)).size).toBe(6);
    expect(new Set(programmes.map((p) => p.toneHz)).size).toBe(6);
  });

  it('has one encrypted programme of its own: CENC, its card saying so, a tone and hue no clear programme has', () => {
    const encrypted = plan.filter((i) => i.encryption !== undefined);
    expect(encrypted.map((i) => i.id)).toEqual([DEMO_CLEARKEY_PROGRAMME]);
    const [p] = encrypted as [DemoMediaItem];
    expect(p).toMatchObject({ kind: 'programme', encryption: 'cenc', output: 'stream', timecode: true });
    expect(p.seconds).toBeGreaterThanOrEqual(30);
    expect(p.seconds).toBeLessThanOrEqual(60);
    // The title may be drawn on two lines.
    expect(p.overlaySvg).toContain('Contenu protégé');
    expect(p.overlaySvg).toContain('ClearKey');
    expect(p.overlaySvg).toContain('DÉMONSTRATION DRM');
    expect(p.overlaySvg).toContain('Antenne Monde — programme de démonstration');
    expect(p.audioDescription).toBeUndefined();
    expect(clearProgrammes().map((c) => c.toneHz)).not.toContain(p.toneHz);
    expect(clearProgrammes().map((c) => c.hue)).not.toContain(p.hue);
  });

  it('plays the encrypted programme in exactly one film, free and tous publics', () => {
    const films = demoFilms().filter((a) => a.customData?.programme === DEMO_CLEARKEY_PROGRAMME);
    expect(films.map((f) => f.assetId)).toEqual(['film-les-glaces-du-nord']);
    const [film] = films;
    expect(film?.parentalRatings?.[0]?.rating).toBe('1');
    expect(film?.publications[0]?.products.every((p) => p.startsWith('gratuit'))).toBe(true);
  });

  it('describes each ad for the ad server: its advertiser and a click-through', () => {
    expect(DEMO_ADS.map((a) => a.id)).toEqual(ofKind('ad').map((a) => a.id));
    expect(DEMO_ADS.map((a) => a.title)).toEqual(['Café Baobab', 'Air Alizé']);
    for (const ad of DEMO_ADS) expect(ad.clickThrough).toMatch(/^(\/|https?:\/\/)/);
  });

  it('subtitles every programme in fr, en and ar with valid, parallel cues', () => {
    for (const p of ofKind('programme')) {
      const { fr, en, ar } = p.subtitles;
      for (const [language, cues] of Object.entries({ fr, en, ar })) {
        expectValidCues(cues, p.seconds, `${p.id} ${language}`);
        expect(cues?.length, `${p.id} ${language}`).toBeGreaterThanOrEqual(6);
        expect(cues?.length, `${p.id} ${language}`).toBeLessThanOrEqual(10);
      }
      // Translations share the timing, cue for cue.
      const timing = (cues: DemoCue[] | undefined) => cues?.map((c) => [c.start, c.end]);
      expect(timing(en), p.id).toEqual(timing(fr));
      expect(timing(ar), p.id).toEqual(timing(fr));
      // The Arabic really is Arabic.
      expect(
        ar?.every((c) => /[\u0600-\u06ff]/.test(c.text)),
        p.id,
      ).toBe(true);
      // At least one non-speech cue, in the same place in every language.
      const speechless = (fr ?? []).flatMap((c, i) => (SPEECHLESS.fr.includes(c.text) ? [i] : []));
      expect(speechless.length, p.id).toBeGreaterThan(0);
      for (const i of speechless) {
        expect(SPEECHLESS.en, p.id).toContain(en?.[i]?.text);
        expect(SPEECHLESS.ar, p.id).toContain(ar?.[i]?.text);
      }
    }
  });

  it('uses both non-speech cues across the plan', () => {
    const texts = new Set(plan.flatMap((i) => (i.subtitles.fr ?? []).map((c) => c.text)));
    expect(texts).toContain('[musique]');
    expect(texts).toContain('[applaudissements]');
  });

  it('gives exactly one programme, programme-1, an audio description of its own tone', () => {
    const described = plan.filter((i) => i.audioDescription !== undefined);
    expect(described.map((i) => i.id)).toEqual(['programme-1']);
    const [p] = described;
    expect(p?.audioDescription?.toneHz).toBeGreaterThan(0);
    expect(p?.audioDescription?.toneHz).not.toBe(p?.toneHz);
  });

  it('has three 15 s trailers subtitled in fr and en', () => {
    const trailers = ofKind('trailer');
    expect(trailers.map((t) => t.id)).toEqual([...DEMO_TRAILER_STREAMS]);
    for (const t of trailers) {
      expect(t).toMatchObject({ seconds: 15, timecode: true, output: 'stream' });
      expect(t.overlaySvg, t.id).toContain('BANDE-ANNONCE');
      for (const language of ['fr', 'en'] as const) {
        const cues = t.subtitles[language];
        expectValidCues(cues, t.seconds, `${t.id} ${language}`);
        expect(cues?.length).toBeGreaterThanOrEqual(3);
        expect(cues?.length).toBeLessThanOrEqual(5);
        expect(
          cues?.some((c) => SPEECHLESS[language].includes(c.text)),
          `${t.id} ${language}`,
        ).toBe(true);
      }
    }
  });

  it('has the brand bumper and the CSA bumpers with their pictogram and sentence', () => {
    const brand = byId('bumper-brand');
    expect(brand).toMatchObject({
      kind: 'bumper',
      seconds: 5,
      timecode: false,
      output: 'stream',
      subtitles: {},
    });
    expect(brand.overlaySvg).toContain('Antenne Monde');
    for (const age of [10, 12, 16]) {
      const bumper = byId(`bumper-csa-${age}`);
      expect(bumper).toMatchObject({
        kind: 'bumper',
        seconds: 4,
        timecode: false,
        output: 'stream',
        subtitles: {},
      });
      expect(bumper.overlaySvg).toContain(`>-${age}</text>`);
      expect(bumper.overlaySvg).toContain(`Déconseillé aux moins de ${age} ans`);
    }
    expect(ofKind('bumper')).toHaveLength(4);
  });

  it('has two 10–15 s ads as progressive MP4s', () => {
    const ads = ofKind('ad');
    expect(ads.map((a) => a.id)).toEqual(['ad-1', 'ad-2']);
    for (const ad of ads) {
      expect(ad.seconds).toBeGreaterThanOrEqual(10);
      expect(ad.seconds).toBeLessThanOrEqual(15);
      expect(ad).toMatchObject({ output: 'mp4', timecode: false, subtitles: {} });
      expect(ad.overlaySvg).toContain('PUBLICITÉ');
    }
    expect(plan.filter((i) => i.output === 'mp4')).toEqual(ads);
  });

  it('draws every overlay as a transparent 1280×720 SVG that sharp renders', async () => {
    for (const item of plan) {
      const svg = item.overlaySvg;
      expect(svg.startsWith('<svg'), item.id).toBe(true);
      expect(svg.endsWith('</svg>'), item.id).toBe(true);
      expect(svg, item.id).toContain('width="1280"');
      expect(svg, item.id).toContain('height="720"');
      expect(svg, item.id).toContain('viewBox="0 0 1280 720"');
      expect(svg, item.id).toContain('font-family="DejaVu Sans, Verdana, sans-serif"');
      // Escaped: no bare ampersand.
      expect(svg, item.id).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], item.id).toEqual([1280, 720]);
      // Transparent background: the corners are fully transparent.
      for (const [x, y] of [
        [0, 0],
        [1279, 0],
        [0, 719],
        [1279, 719],
      ] as const)
        expect(data[(y * 1280 + x) * 4 + 3], `${item.id} ${x},${y}`).toBe(0);
    }
  });

  it('plays the trailer streams in the catalogue trailers', () => {
    const streams = new Set(demoTrailers().map((a) => a.customData?.programme));
    expect(streams).toEqual(new Set(DEMO_TRAILER_STREAMS));
  });
});

describe('toWebVtt', () => {
  it('writes the header and numbered cues with hh:mm:ss.mmm times', () => {
    const vtt = toWebVtt([
      { start: 1, end: 4.5, text: 'Bonjour' },
      { start: 3725.25, end: 3727.0004, text: '[musique]' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n' +
        '1\n00:00:01.000 --> 00:00:04.500\nBonjour\n\n' +
        '2\n01:02:05.250 --> 01:02:07.000\n[musique]\n\n',
    );
    expect(toWebVtt([])).toBe('WEBVTT\n\n');
  });

  it('turns every subtitle track of the plan into a valid file', () => {
    const track = byId('programme-1').subtitles.fr ?? [];
    const vtt = toWebVtt(track);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const times = vtt.match(/^\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}$/gm);
    expect(times).toHaveLength(track.length);
  });
});
