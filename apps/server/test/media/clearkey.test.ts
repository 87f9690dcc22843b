import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CLEARKEY_PROGRAMME, demoMediaPlan, type DemoMediaItem } from '@antenne/content/media';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  buildDemoMedia,
  COMPLETE_FILE,
  DEMO_MEDIA_DIR,
  type BuildResult,
  type DemoMediaEntry,
} from '../../src/modules/media/demo/build.js';
import {
  CLEARKEY_FILE,
  findPackager,
  keyIdUuid,
  packagerArgs,
  readClearKey,
} from '../../src/modules/media/demo/encrypt.js';
import { findFfmpeg } from '../../src/modules/media/ffmpeg.js';
import { LADDER } from '../../src/modules/media/ladder.js';

/**
 * The encrypted demo programme (CENC, ClearKey): built into the machine's cache like the others
 * (CACHE_DIR, default ~/.cache/antenne; only the items this file needs: ~30 s the first time, then
 * reused), then checked on disk: encrypted fMP4 with `tenc`/`pssh`, a static MPD whose key id is the
 * stored one, every segment there, the subtitles, segments that decode with the key and not without
 * (prepare() handing bumpers, ads and the key to the playback registry: prepare-demo.test.ts).
 */

const cacheDir = loadConfig().cacheDir;
const plan = demoMediaPlan();
const clearkeyItem = plan.find((i) => i.id === DEMO_CLEARKEY_PROGRAMME) as DemoMediaItem;
/** The common-system pssh (W3C "cenc" initData), what ClearKey reads the key ids from. */
const COMMON_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';
const exec = promisify(execFile);

let build: BuildResult;
let entry: DemoMediaEntry;
let folder: string;
let key: { keyId: string; key: string };

beforeAll(async () => {
  build = await buildDemoMedia({ cacheDir, plan: [clearkeyItem] });
  entry = build.entries[0] as DemoMediaEntry;
  folder = path.join(cacheDir, DEMO_MEDIA_DIR, entry.folder);
  key = JSON.parse(await readFile(path.join(folder, CLEARKEY_FILE), 'utf8')) as typeof key;
}, 300_000);

interface Representation {
  id: string;
  contentType: string;
  init: string;
  segments: string[];
  seconds: number;
}

/** The MPD's Representations with their init and every media segment (SegmentTemplate + SegmentTimeline). */
function representations(mpd: string): Representation[] {
  const out: Representation[] = [];
  for (const set of mpd.split('<AdaptationSet').slice(1)) {
    const body = set.slice(0, set.indexOf('</AdaptationSet>'));
    const contentType = /contentType="(\w+)"/.exec(body)?.[1] ?? '?';
    if (contentType === 'text') continue;
    for (const representation of body.split('<Representation').slice(1)) {
      const id = /id="([^"]+)"/.exec(representation)?.[1] as string;
      const template = /<SegmentTemplate([^>]*)>/.exec(representation)?.[1] as string;
      const timescale = Number(/timescale="(\d+)"/.exec(template)?.[1]);
      const init = (/initialization="([^"]+)"/.exec(template)?.[1] as string).replace(
        '$RepresentationID$',
        id,
      );
      const media = (/media="([^"]+)"/.exec(template)?.[1] as string).replace('$RepresentationID$', id);
      let number = Number(/startNumber="(\d+)"/.exec(template)?.[1] ?? 1);
      const segments: string[] = [];
      let ticks = 0;
      for (const s of representation.matchAll(/<S ([^>]*)\/>/g)) {
        const d = Number(/d="(\d+)"/.exec(s[1] as string)?.[1]);
        const repeat = Number(/r="(\d+)"/.exec(s[1] as string)?.[1] ?? 0);
        for (let i = 0; i <= repeat; i++) {
          segments.push(media.replace(/\$Number%05d\$/, String(number).padStart(5, '0')));
          number++;
          ticks += d;
        }
      }
      out.push({ id, contentType, init, segments, seconds: ticks / timescale });
    }
  }
  return out;
}

/** Where a four-character box type first occurs in an MP4 buffer (its size field is 4 bytes before). */
const box = (data: Buffer, type: string) => data.indexOf(Buffer.from(type, 'latin1'));

/** ffmpeg decoding `init + segment` with a key: frames decoded and the decoder's complaints. */
async function decode(
  rep: Representation,
  segment: string,
  decryptionKey: string,
): Promise<{ frames: number; seconds: number; errors: string[] }> {
  const file = path.join(tmpdir(), `antenne-clearkey-${process.pid}-${rep.id}.mp4`);
  await writeFile(
    file,
    Buffer.concat([await readFile(path.join(folder, rep.init)), await readFile(path.join(folder, segment))]),
  );
  try {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-decryption_key',
      decryptionKey,
      '-i',
      file,
      '-f',
      'null',
      '-',
    ];
    const { stderr } = await exec(findFfmpeg(), args).catch((error: { stderr?: string }) => ({
      stderr: error.stderr ?? String(error),
    }));
    const frames = Number(/frame=\s*(\d+)/.exec(stderr)?.[1] ?? 0);
    const time = /time=(\d+):(\d+):([\d.]+)/.exec(stderr);
    const seconds = time === null ? 0 : Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]);
    const errors = stderr.split('\n').filter((l) => /error|invalid|conceal/i.test(l));
    return { frames, seconds, errors };
  } finally {
    await rm(file, { force: true });
  }
}

describe('the ClearKey demo programme', () => {
  test('is built into its own cache folder with a DASH MPD only, its key in a hidden file, no clear leftovers', async () => {
    expect(entry.item.encryption).toBe('cenc');
    expect(entry.folder).toMatch(/^programme-clearkey-[0-9a-f]{12}$/);
    expect(entry.dash).toBe(`/demo-media/${entry.folder}/manifest.mpd`);
    expect(entry.hls).toBeUndefined();
    expect(JSON.parse(await readFile(path.join(folder, COMPLETE_FILE), 'utf8')).id).toBe(
      DEMO_CLEARKEY_PROGRAMME,
    );

    expect(key.keyId).toMatch(/^[0-9a-f]{32}$/);
    expect(key.key).toMatch(/^[0-9a-f]{32}$/);
    expect(key.key).not.toBe(key.keyId);
    expect(await readClearKey(folder)).toEqual(key);
    // Readable by the server's user only.
    expect((await stat(path.join(folder, CLEARKEY_FILE))).mode & 0o077).toBe(0);

    const files = await readdir(folder);
    expect(files.filter((f) => f.endsWith('.m3u8'))).toEqual([]);
    // Neither the clear ladder (init-<id>-N.m4s, seg-<id>-…) nor the packager's inputs are published.
    expect(files.filter((f) => f.includes(DEMO_CLEARKEY_PROGRAMME) || f.startsWith('rep-'))).toEqual([]);
    const root = await readdir(path.join(cacheDir, DEMO_MEDIA_DIR));
    expect(root.filter((f) => f.startsWith(`.tmp-${entry.folder}`))).toEqual([]);
  });

  test('the MPD is static, names the stored key id in ContentProtection, and every segment it lists is on disk', async () => {
    const mpd = await readFile(path.join(folder, 'manifest.mpd'), 'utf8');
    expect(mpd).toContain('type="static"');
    expect(mpd).not.toContain('type="dynamic"');
    const kids = [...mpd.matchAll(/cenc:default_KID="([^"]+)"/g)].map((m) => m[1]);
    // One per audio and video set, all the stored key id in UUID form.
    expect(kids).toHaveLength(2);
    for (const kid of kids) expect(kid).toBe(keyIdUuid(key.keyId));
    expect(mpd).toContain('schemeIdUri="urn:mpeg:dash:mp4protection:2011"');
    expect(mpd).toContain('value="cenc"');
    expect(mpd).toContain('schemeIdUri="urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b"');

    const reps = representations(mpd);
    expect(reps.filter((r) => r.contentType === 'video').length).toBe(LADDER.length);
    expect(reps.filter((r) => r.contentType === 'audio').length).toBe(1);
    for (const rep of reps) {
      expect(Math.abs(rep.seconds - clearkeyItem.seconds), rep.id).toBeLessThan(0.15);
      for (const file of [rep.init, ...rep.segments]) {
        expect(existsSync(path.join(folder, file)), file).toBe(true);
        expect((await stat(path.join(folder, file))).size, file).toBeGreaterThan(8);
      }
    }
    expect(reps.find((r) => r.contentType === 'video')?.segments).toHaveLength(clearkeyItem.seconds / 2);
    // The audio set is named like the clear programmes'.
    expect(mpd).toMatch(
      /contentType="audio"[^>]*lang="fr">\s*<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main" \/>\s*<Label>Français<\/Label>/,
    );
  });

  test('the subtitles are side-loaded text AdaptationSets, as on the clear programmes', async () => {
    const mpd = await readFile(path.join(folder, 'manifest.mpd'), 'utf8');
    const sets = mpd
      .split('<AdaptationSet')
      .slice(1)
      .filter((s) => s.includes('contentType="text"'));
    expect(sets.map((s) => /lang="([^"]+)"/.exec(s)?.[1]).sort()).toEqual(
      Object.keys(clearkeyItem.subtitles).sort(),
    );
    for (const set of sets) {
      expect(set).toContain('mimeType="text/vtt"');
      expect(set).toContain('<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle" />');
      const baseUrl = /<BaseURL>([^<]+)<\/BaseURL>/.exec(set)?.[1] as string;
      const vtt = await readFile(path.join(folder, baseUrl), 'utf8');
      expect(vtt).toMatch(/^WEBVTT/);
    }
    expect(await readFile(path.join(folder, 'subs/fr.vtt'), 'utf8')).toContain('chiffré');
  });

  test('init segments carry tenc with the key id, the common-system pssh, and encv/enca sample entries', async () => {
    const mpd = await readFile(path.join(folder, 'manifest.mpd'), 'utf8');
    for (const rep of representations(mpd)) {
      const init = await readFile(path.join(folder, rep.init));
      expect(box(init, rep.contentType === 'video' ? 'encv' : 'enca'), rep.init).toBeGreaterThan(0);
      // frma: the original sample entry, under the protection scheme cenc.
      const frma = box(init, 'frma');
      expect(init.subarray(frma + 4, frma + 8).toString('latin1'), rep.init).toBe(
        rep.contentType === 'video' ? 'avc1' : 'mp4a',
      );
      expect(box(init, 'schm'), rep.init).toBeGreaterThan(0);
      expect(init.subarray(box(init, 'schm') + 8, box(init, 'schm') + 12).toString('latin1')).toBe('cenc');
      const tenc = box(init, 'tenc');
      expect(tenc, rep.init).toBeGreaterThan(0);
      // tenc: version/flags (4), reserved (2), isProtected (1), IV size (1), then the 16-byte KID.
      expect(init[tenc + 10], rep.init).toBe(1);
      expect(init.subarray(tenc + 12, tenc + 28).toString('hex'), rep.init).toBe(key.keyId);
      const pssh = box(init, 'pssh');
      expect(pssh, rep.init).toBeGreaterThan(0);
      expect(init.subarray(pssh + 8, pssh + 24).toString('hex'), rep.init).toBe(COMMON_SYSTEM_ID);
      // A v1 pssh lists the key id too.
      expect(init.subarray(pssh + 24).toString('hex')).toContain(key.keyId);
    }
  });

  test('every sample is encrypted: the segments decode with the key, and not without it or with another one', async () => {
    const reps = representations(await readFile(path.join(folder, 'manifest.mpd'), 'utf8'));
    for (const rep of reps) {
      // The first, a middle and the last segment: no clear lead, the whole programme is protected.
      const picks = [
        rep.segments[0],
        rep.segments[Math.floor(rep.segments.length / 2)],
        rep.segments.at(-1),
      ] as string[];
      for (const segment of picks) {
        const good = await decode(rep, segment, key.key);
        expect(good.errors, `${segment} with the key`).toEqual([]);
        if (rep.contentType === 'video') expect(good.frames, segment).toBeGreaterThanOrEqual(25);
        else expect(good.seconds, segment).toBeGreaterThan(1);
        if (rep.contentType === 'video') {
          // The same key with its first byte flipped.
          const other =
            (Number.parseInt(key.key.slice(0, 2), 16) ^ 0xff).toString(16).padStart(2, '0') +
            key.key.slice(2);
          const wrong = await decode(rep, segment, other);
          expect(wrong.errors.length, `${segment} with a wrong key`).toBeGreaterThan(0);
        }
      }
    }
  }, 120_000);

  test('a second build reuses the cache and keeps the key', async () => {
    const again = await buildDemoMedia({ cacheDir, plan: [clearkeyItem] });
    expect(again.built).toEqual([]);
    expect(again.reused).toEqual([entry.folder]);
    expect(await readClearKey(folder)).toEqual(key);
  });

  test('without shaka-packager the item fails before any encode, naming the binary', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'antenne-clearkey-'));
    try {
      const missing = path.join(scratch, 'no-such-packager');
      await expect(
        buildDemoMedia({ cacheDir: scratch, plan: [clearkeyItem], packagerPath: missing }),
      ).rejects.toThrow(`shaka-packager's binary is missing: ${missing}`);
      expect(await readdir(path.join(scratch, DEMO_MEDIA_DIR))).toEqual([]);
      expect(() => findPackager('sunos', 'x64')).toThrow('shaka-packager has no binary for sunos/x64');
      expect(findPackager()).toMatch(/shaka-packager[\\/]bin[\\/]packager-/);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  test("packager's options: raw-key CENC on every sample, a static MPD", () => {
    const args = packagerArgs(['in=a.mp4,stream=video'], { keyId: '0'.repeat(32), key: '1'.repeat(32) });
    const option = (name: string) => args[args.indexOf(name) + 1];
    expect(option('--protection_scheme')).toBe('cenc');
    expect(option('--protection_systems')).toBe('CommonSystem');
    expect(option('--clear_lead')).toBe('0');
    expect(option('--keys')).toBe(`label=:key_id=${'0'.repeat(32)}:key=${'1'.repeat(32)}`);
    expect(args).toContain('--generate_static_live_mpd');
    expect(args).toContain('--enable_raw_key_encryption');
  });
});
